import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/create-app.ts';
import type { Services } from '../../src/services.ts';
import { createKey, ORG_A, ORG_B, seedDataset } from '../helpers/dataset.ts';
import { makeJob, storeJobs } from '../helpers/factories.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

let services: Services;
let app: FastifyInstance;
let ids: Awaited<ReturnType<typeof seedDataset>>;
let keyA: string;
let keyB: string;

beforeAll(async () => {
  services = await createTestServices();
  ids = await seedDataset(services);
  keyA = await createKey(services, ORG_A.id);
  keyB = await createKey(services, ORG_B.id);
  app = await createApp(services);
});
afterAll(async () => {
  await app?.close();
  await services?.close();
});

/** `null` sends no key at all; leaving it out sends org A's key. */
const get = (url: string, key: string | null = keyA) =>
  app.inject({ method: 'GET', url, headers: key === null ? {} : { 'x-api-key': key } });
const jobIds = (body: { jobs: { id: string }[] }) => body.jobs.map((j) => j.id);

describe(`GET /jobs (${TEST_DB})`, () => {
  it("returns only the caller organization's jobs in the contract envelope", async () => {
    const res = await get('/jobs');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total_items: 5, total_pages: 1, has_more: false });
    expect(new Set(jobIds(body))).toEqual(
      new Set([ids.olderEngineer, ids.newerEngineer, ids.intern, ids.multiPlace, ids.rustTitle]),
    );
    const other = (await get('/jobs', keyB)).json();
    expect(new Set(jobIds(other))).toEqual(new Set([ids.multiPlace, ids.partTime]));
  });

  it('defaults to 20 per page, caps at 100, and keeps true totals past the end', async () => {
    const first = (await get('/jobs?per_page=2')).json();
    expect(Object.keys(first).sort()).toEqual(['has_more', 'jobs', 'total_items', 'total_pages']);
    expect(first.jobs).toHaveLength(2);
    // A board of 25: the default page holds 20.
    const em = services.orm.em.fork();
    const big = await services.organizations.createOrganization(em, 'Big Board', 'big-board');
    await storeJobs(
      services,
      Array.from({ length: 25 }, (_, i) =>
        makeJob({ title: `Board Filler ${i}`, board: 'big', externalId: `big-${i}` }),
      ),
      { organizationIds: [big.id] },
    );
    const bigKey = await createKey(services, big.id);
    expect((await get('/jobs', bigKey)).json()).toMatchObject({
      total_items: 25,
      total_pages: 2,
      has_more: true,
      jobs: expect.any(Array),
    });
    expect((await get('/jobs', bigKey)).json().jobs).toHaveLength(20);
    expect((await get('/jobs?page=2', bigKey)).json()).toMatchObject({ total_pages: 2, has_more: false });
    expect((await get('/jobs?page=2', bigKey)).json().jobs).toHaveLength(5);
    expect((await get('/jobs?per_page=100', bigKey)).json().jobs).toHaveLength(25);
    expect((await get('/jobs?per_page=100')).statusCode).toBe(200);
    const tooMany = await get('/jobs?per_page=101');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatchObject({ code: 'invalid_parameter' });
    expect(tooMany.json().error.message).toMatch(/per_page/);
    const page2 = (await get('/jobs?per_page=2&page=2')).json();
    expect(page2).toMatchObject({ total_items: 5, total_pages: 3, has_more: true });
    expect(page2.jobs).toHaveLength(2);
    const past = (await get('/jobs?per_page=2&page=9')).json();
    expect(past).toMatchObject({ jobs: [], total_items: 5, total_pages: 3, has_more: false });
  });

  it('reads repeated name[] arrays, plain repeats and commas alike', async () => {
    const a = (await get('/jobs?job_types[]=internship&job_types[]=part-time')).json();
    expect(jobIds(a)).toEqual([ids.intern]);
    const b = (await get('/jobs?categories[]=data-science&categories[]=marketing')).json();
    expect(new Set(jobIds(b))).toEqual(new Set([ids.multiPlace, ids.intern]));
    const c = (await get('/jobs?categories=data-science,marketing')).json();
    expect(new Set(jobIds(c))).toEqual(new Set(jobIds(b)));
    const single = (await get('/jobs?categories[]=marketing')).json();
    expect(jobIds(single)).toEqual([ids.intern]);
  });

  it('filters by locations[], is_remote and search', async () => {
    expect(jobIds((await get('/jobs?locations[]=austin')).json())).toEqual([ids.multiPlace]);
    expect(jobIds((await get('/jobs?is_remote=true')).json())).toEqual([ids.newerEngineer]);
    expect(jobIds((await get('/jobs?is_remote=false')).json())).not.toContain(ids.newerEngineer);
    expect(jobIds((await get('/jobs?search=soft%20eng')).json())).toEqual([
      ids.newerEngineer,
      ids.olderEngineer,
    ]);
  });

  it('takes q as the search text and limit as the page size too (the names POST /search/jobs uses)', async () => {
    const bySearch = (await get('/jobs?search=soft%20eng')).json();
    const byQ = (await get('/jobs?q=soft%20eng')).json();
    expect(jobIds(byQ)).toEqual([ids.newerEngineer, ids.olderEngineer]);
    expect(byQ.total_items).toBe(bySearch.total_items);
    expect((await get('/jobs?q=soft%20eng&search=soft%20eng')).json().total_items).toBe(2);
    const texts = await get('/jobs?q=soft&search=eng');
    expect(texts.statusCode).toBe(400);
    expect(texts.json().error).toMatchObject({ code: 'invalid_parameter', details: [{ field: 'q' }] });
    // GraphQL's name for the text too.
    expect(jobIds((await get('/jobs?query=soft%20eng')).json())).toEqual(jobIds(bySearch));
    const graphqlName = await get('/jobs?search=soft&query=eng');
    expect(graphqlName.statusCode).toBe(400);
    expect(graphqlName.json().error).toMatchObject({
      code: 'invalid_parameter',
      details: [{ field: 'query' }],
    });

    const limited = (await get('/jobs?limit=1')).json();
    expect(limited.jobs).toHaveLength(1);
    expect(limited.total_pages).toBe(limited.total_items);
    expect((await get('/jobs?limit=1&per_page=1')).json().jobs).toHaveLength(1);
    const sizes = await get('/jobs?limit=1&per_page=2');
    expect(sizes.statusCode).toBe(400);
    expect(sizes.json().error).toMatchObject({ code: 'invalid_parameter', details: [{ field: 'limit' }] });
    const tooMany = await get('/jobs?limit=101');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.details[0].field).toBe('limit');
  });

  it.each([
    ['no key', null],
    ['a malformed key', 'hello'],
    ['an unknown key', 'jl_abcdefghij_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
  ])('answers %s with 401', async (_name, key) => {
    const res = await get('/jobs', key);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'unauthorized' } });
  });

  it('refuses a revoked key', async () => {
    const key = await createKey(services, ORG_A.id);
    expect((await get('/jobs', key)).statusCode).toBe(200);
    await services.organizations.revokeApiKey(services.orm.em.fork(), key.split('_')[1]!);
    const res = await get('/jobs', key);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('api_key_revoked');
  });

  it.each([['page=0'], ['per_page=0'], ['per_page=abc'], ['is_remote=maybe'], ['job_types[]=fulltime']])(
    'rejects %s with 400',
    async (qs) => {
      const res = await get(`/jobs?${qs}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_parameter');
    },
  );
});
