import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/create-app.ts';
import type { Services } from '../../src/services.ts';
import { createKey, ORG_A, ORG_B, seedDataset } from '../helpers/dataset.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/** One job by id: public on REST and GraphQL, and an organization's own on GET /jobs/{id}. */
describe(`a job by id (${TEST_DB})`, () => {
  let services: Services;
  let app: FastifyInstance;
  let ids: Awaited<ReturnType<typeof seedDataset>>;
  let keyA: string;
  let keyB: string;
  const unknown = '00000000-0000-4000-8000-000000000000';

  beforeAll(async () => {
    services = await createTestServices();
    ids = await seedDataset(services);
    keyA = await createKey(services, ORG_A.id);
    keyB = await createKey(services, ORG_B.id);
    app = await createApp(services);
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  const get = (url: string, key?: string) =>
    app.inject({ method: 'GET', url, headers: key ? { 'x-api-key': key } : {} });

  it('GET /search/jobs/{id}: the same item as in search results, closed ones included, 404 otherwise', async () => {
    const search = await app.inject({
      method: 'POST',
      url: '/search/jobs',
      payload: { q: 'rustacean developer' },
    });
    const listed = search.json().data.find((j: { id: string }) => j.id === ids.rustTitle);
    const one = await get(`/search/jobs/${ids.rustTitle}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ success: true, data: listed });
    const closed = await get(`/search/jobs/${ids.closed}`);
    expect(closed.json().data.status).toBe('closed');
    const missing = await get(`/search/jobs/${unknown}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
    const bad = await get('/search/jobs/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_parameter');
  });

  it("GET /jobs/{id}: only a job on the caller's board; another board's is 404, no key 401", async () => {
    const mine = await get(`/jobs/${ids.intern}`, keyA);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().job.id).toBe(ids.intern);
    expect((await get(`/jobs/${ids.intern}`, keyB)).statusCode).toBe(404);
    // On both boards.
    expect((await get(`/jobs/${ids.multiPlace}`, keyB)).json().job.id).toBe(ids.multiPlace);
    expect((await get(`/jobs/${ids.intern}`)).statusCode).toBe(401);
    expect((await get(`/jobs/${unknown}`, keyA)).statusCode).toBe(404);
  });

  it('GraphQL job(id:): the job or null', async () => {
    const ask = async (id: string) =>
      (
        await app.inject({
          method: 'POST',
          url: '/graphql',
          payload: { query: 'query($id: ID!) { job(id: $id) { id title status } }', variables: { id } },
        })
      ).json() as { data: { job: { id: string; title: string; status: string } | null } };
    expect((await ask(ids.rustTitle)).data.job).toMatchObject({
      id: ids.rustTitle,
      title: 'Rustacean Developer',
    });
    expect((await ask(ids.closed)).data.job?.status).toBe('CLOSED');
    expect((await ask(unknown)).data.job).toBeNull();
    expect((await ask('not-a-uuid')).data.job).toBeNull();
  });
});
