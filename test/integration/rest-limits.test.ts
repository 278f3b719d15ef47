import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/create-app.ts';
import type { Services } from '../../src/services.ts';
import { startCluster, type Cluster } from '../helpers/postgres-cluster.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe(`rate limiting (${TEST_DB})`, () => {
  it('answers 429 with Retry-After in the error shape once a client spends its budget', async () => {
    const services = await createTestServices({}, { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' });
    const app = await createApp(services);
    cleanups.push(
      () => services.close(),
      () => app.close(),
    );
    const search = () => app.inject({ method: 'POST', url: '/search/jobs', payload: {} });
    for (let i = 0; i < 3; i++) expect((await search()).statusCode).toBe(200);
    const limited = await search();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ success: false, error: { code: 'rate_limited' } });
  });
});

// An embedded database cannot go away under the process, so only the PostgreSQL pass tests an outage.
describe.skipIf(TEST_DB !== 'postgres')('database outage (postgres)', () => {
  it('answers 503 with Retry-After while PostgreSQL is down, and recovers when it is back', async () => {
    const cluster: Cluster = await startCluster();
    cleanups.push(() => cluster.stop());
    const services: Services = await createTestServices({}, { DATABASE_URL: cluster.url });
    const app = await createApp(services);
    cleanups.push(
      () => services.close(),
      () => app.close(),
    );
    const search = () => app.inject({ method: 'POST', url: '/search/jobs', payload: { q: 'engineer' } });
    expect((await search()).statusCode).toBe(200);

    cluster.pause();
    const down = await search();
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toMatchObject({ success: false, error: { code: 'database_unavailable' } });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    const gql = await app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ searchJobs(first: 1) { totalCount } }' },
    });
    expect(gql.json().errors[0].extensions.code).toBe('database_unavailable');

    cluster.resume();
    await expect.poll(async () => (await search()).statusCode, { timeout: 15_000, interval: 200 }).toBe(200);
  });
});
