import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RawPosting } from '../../src/domain/raw-posting.ts';
import { createApp } from '../../src/http/create-app.ts';
import { runIngest } from '../../src/ingest/pipeline.ts';
import type { Services } from '../../src/services.ts';
import { parsePrometheusText, seriesKey, type Samples } from '../helpers/prometheus-text.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

function posting(externalId: string, title = 'Backend Engineer'): RawPosting {
  return {
    source: 'greenhouse',
    board: 'metrics',
    externalId,
    title,
    companyName: 'Metric Works',
    descriptionHtml: '<p>Build and run the services that count everything we do, in TypeScript.</p>',
    locationText: 'Berlin, Germany',
    postedAt: '2026-11-01T09:00:00Z',
    payload: { externalId, title },
  };
}

describe(`Prometheus metrics (${TEST_DB})`, () => {
  let services: Services;
  let app: FastifyInstance;

  beforeAll(async () => {
    services = await createTestServices();
    app = await createApp(services);
  });
  afterAll(async () => {
    await app?.close();
    await services?.close();
  });

  async function scrape(target = app): Promise<Samples> {
    const res = await target.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheusText(res.body);
  }
  const value = (samples: Samples, name: string, labels: Record<string, string> = {}) =>
    samples.get(seriesKey(name, labels)) ?? 0;
  /** How much each series moved between two scrapes. */
  const moved = (before: Samples, after: Samples, name: string, labels: Record<string, string>) =>
    value(after, name, labels) - value(before, name, labels);
  const graphql = (body: object) => app.inject({ method: 'POST', url: '/graphql', payload: body });

  it('serves the exposition format with the default process metrics', async () => {
    const samples = await scrape();
    // A counter of CPU seconds since the collector started: present, and may still read 0
    // when the scrape comes right after it (it did once in CI).
    expect(samples.get(seriesKey('process_cpu_user_seconds_total'))).toBeGreaterThanOrEqual(0);
    expect(samples.get(seriesKey('nodejs_heap_size_used_bytes'))).toBeGreaterThan(0);
  });

  it('counts searches by the path that answered them, and reports the search index', async () => {
    const before = await scrape();
    const post = (payload: object) => app.inject({ method: 'POST', url: '/search/jobs', payload });
    expect((await post({ q: 'engineer' })).statusCode).toBe(200);
    expect((await post({ locations: ['Berlin'] })).statusCode).toBe(200);
    const after = await scrape();
    expect(moved(before, after, 'search_answers_total', { path: 'index', reason: '' })).toBe(1);
    expect(moved(before, after, 'search_answers_total', { path: 'sql', reason: 'unsupported' })).toBe(1);
    expect(value(after, 'search_index_state', { state: 'ready' })).toBe(1);
    expect(value(after, 'search_index_state', { state: 'failed' })).toBe(0);
    expect(value(after, 'search_index_segments')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'search_index_native_bytes')).toBeGreaterThan(0);
    // None in tests unless asked for (search-index-facet-threads.test.ts counts through them).
    expect(after.has(seriesKey('search_index_facet_threads'))).toBe(true);
    expect(value(after, 'search_index_facet_threads')).toBe(0);
  });

  it('counts requests and their latency by method, route pattern and status', async () => {
    const before = await scrape();
    expect((await app.inject({ method: 'GET', url: '/categories' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/categories?x=1' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/docs/static/index.css' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/no/such/page' })).statusCode).toBe(404);
    const after = await scrape();
    const categories = { method: 'GET', route: '/categories', status_code: '200' };
    expect(moved(before, after, 'http_requests_total', categories)).toBe(2);
    expect(moved(before, after, 'http_request_duration_seconds_count', categories)).toBe(2);
    expect(moved(before, after, 'http_request_duration_seconds_bucket', { ...categories, le: '+Inf' })).toBe(
      2,
    );
    expect(value(after, 'http_request_duration_seconds_sum', categories)).toBeGreaterThan(0);
    const docs = { method: 'GET', route: '/docs/static/*', status_code: '200' };
    expect(moved(before, after, 'http_requests_total', docs)).toBe(1);
    const unmatched = { method: 'GET', route: 'unmatched', status_code: '404' };
    expect(moved(before, after, 'http_requests_total', unmatched)).toBe(1);
    // Never the raw URL: no series names a query string or an unrouted path.
    expect([...after.keys()].filter((k) => /x=1|no\/such/.test(k))).toEqual([]);
  });

  it('counts REST errors by catalogue code', async () => {
    const before = await scrape();
    expect((await app.inject({ method: 'GET', url: '/jobs' })).statusCode).toBe(401);
    const bad = await app.inject({ method: 'POST', url: '/search/jobs', payload: { limit: 5000 } });
    expect(bad.json().error.code).toBe('invalid_parameter');
    expect((await app.inject({ method: 'GET', url: '/nowhere' })).statusCode).toBe(404);
    const after = await scrape();
    expect(moved(before, after, 'api_errors_total', { transport: 'rest', code: 'unauthorized' })).toBe(1);
    expect(moved(before, after, 'api_errors_total', { transport: 'rest', code: 'invalid_parameter' })).toBe(
      1,
    );
    expect(moved(before, after, 'api_errors_total', { transport: 'rest', code: 'not_found' })).toBe(1);
    expect(
      moved(before, after, 'api_errors_total', { transport: 'graphql', code: 'invalid_parameter' }),
    ).toBe(0);
  });

  it('counts GraphQL operations by name and type, unnamed ones as anonymous, and errors by extensions.code', async () => {
    const before = await scrape();
    expect((await graphql({ query: 'query Cats { categories { slug } }' })).statusCode).toBe(200);
    expect((await graphql({ query: 'query Cats { categories { slug } }' })).statusCode).toBe(200);
    expect((await graphql({ query: '{ __typename }' })).statusCode).toBe(200);
    const invalid = await graphql({ query: 'query Broken { noSuchField }' });
    expect(invalid.json().errors[0].extensions.code).toBe('invalid_query');
    const badVariable = await graphql({
      query: 'query Page($n: Int) { searchJobs(first: $n) { totalCount } }',
      variables: { n: 'many' },
    });
    expect(badVariable.json().errors[0].extensions.code).toBe('invalid_parameter');
    const after = await scrape();
    const cats = { operation_name: 'Cats', operation_type: 'query' };
    expect(moved(before, after, 'graphql_operations_total', cats)).toBe(2);
    expect(moved(before, after, 'graphql_operation_duration_seconds_count', cats)).toBe(2);
    const anonymous = { operation_name: 'anonymous', operation_type: 'query' };
    expect(moved(before, after, 'graphql_operations_total', anonymous)).toBe(1);
    // A document that does not validate never executes.
    expect(
      value(after, 'graphql_operations_total', { operation_name: 'Broken', operation_type: 'query' }),
    ).toBe(0);
    expect(moved(before, after, 'api_errors_total', { transport: 'graphql', code: 'invalid_query' })).toBe(1);
    expect(
      moved(before, after, 'api_errors_total', { transport: 'graphql', code: 'invalid_parameter' }),
    ).toBe(1);
    expect(moved(before, after, 'api_errors_total', { transport: 'rest', code: 'invalid_query' })).toBe(0);
    expect([...after.keys()].filter((k) => k.includes('categories { slug }'))).toEqual([]);
    for (const status of new Set([200, invalid.statusCode, badVariable.statusCode])) {
      const requests = { method: 'POST', route: '/graphql', status_code: String(status) };
      const expected = [200, 200, 200, invalid.statusCode, badVariable.statusCode].filter(
        (s) => s === status,
      );
      expect(moved(before, after, 'http_requests_total', requests)).toBe(expected.length);
    }
  });

  it('counts completed ingest runs and their postings by outcome', async () => {
    const before = await scrape();
    const first = await runIngest(services, {
      platform: 'greenhouse',
      board: 'metrics',
      complete: true,
      postings: [posting('1'), posting('2'), posting('3'), posting('3')],
      parseRejected: [{ externalId: '9', reason: 'missing title' }],
    });
    const second = await runIngest(services, {
      platform: 'greenhouse',
      board: 'metrics',
      complete: true,
      postings: [posting('1'), posting('2', 'Frontend Engineer')],
    });
    const after = await scrape();
    expect(first).toMatchObject({ new: 3, rejected: 1 });
    expect(second).toMatchObject({ unchanged: 1, updated: 1, closed: 1 });
    expect(moved(before, after, 'ingest_runs_total', { platform: 'greenhouse' })).toBe(2);
    for (const outcome of ['new', 'updated', 'unchanged', 'merged', 'closed', 'rejected'] as const) {
      expect(moved(before, after, 'ingest_postings_total', { platform: 'greenhouse', outcome })).toBe(
        first[outcome] + second[outcome],
      );
    }
  });

  it('reports open subscriptions while their streams are open', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const before = await scrape();
    const abort = new AbortController();
    const query = encodeURIComponent('subscription Live { jobsAdded { id } }');
    const res = await fetch(`http://127.0.0.1:${port}/graphql?query=${query}`, {
      headers: { accept: 'text/event-stream' },
      signal: abort.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const open = await scrape();
    expect(value(open, 'graphql_subscriptions_open', { field: 'jobsAdded' })).toBe(
      value(before, 'graphql_subscriptions_open', { field: 'jobsAdded' }) + 1,
    );
    const live = { operation_name: 'Live', operation_type: 'subscription' };
    expect(moved(before, open, 'graphql_operations_total', live)).toBe(1);
    abort.abort();
    await vi.waitFor(async () =>
      expect(value(await scrape(), 'graphql_subscriptions_open', { field: 'jobsAdded' })).toBe(
        value(before, 'graphql_subscriptions_open', { field: 'jobsAdded' }),
      ),
    );
  });

  it('reports the PostgreSQL pool, and no pool on PGlite', async () => {
    const samples = await scrape();
    const pool = [...samples.keys()].filter((k) => k.startsWith('db_pool_connections{'));
    if (TEST_DB === 'pglite') {
      expect(pool).toEqual([]);
      return;
    }
    expect(pool.sort()).toEqual([
      seriesKey('db_pool_connections', { connection: 'primary', state: 'idle' }),
      seriesKey('db_pool_connections', { connection: 'primary', state: 'total' }),
      seriesKey('db_pool_connections', { connection: 'primary', state: 'waiting' }),
    ]);
    const total = value(samples, 'db_pool_connections', { connection: 'primary', state: 'total' });
    expect(total).toBeGreaterThanOrEqual(
      value(samples, 'db_pool_connections', { connection: 'primary', state: 'idle' }),
    );
    expect(total).toBeLessThanOrEqual(10);
  });

  it('is hidden from OpenAPI and not rate-limited, while the API is', async () => {
    const spec = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(spec.paths)).not.toContain('/metrics');
    const limited = await createApp({
      ...services,
      config: { ...services.config, rateLimit: { ...services.config.rateLimit, max: 2 } },
    });
    try {
      for (let i = 0; i < 4; i++)
        expect((await limited.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await limited.inject({ method: 'GET', url: '/categories' })).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      const graphqlLimited = await limited.inject({
        method: 'POST',
        url: '/graphql',
        payload: { query: '{ __typename }' },
      });
      expect(graphqlLimited.statusCode).toBe(429);
      const samples = await scrape(limited);
      expect(value(samples, 'api_errors_total', { transport: 'rest', code: 'rate_limited' })).toBe(1);
      expect(value(samples, 'api_errors_total', { transport: 'graphql', code: 'rate_limited' })).toBe(1);
    } finally {
      await limited.close();
    }
  });

  it('can be turned off, or require a bearer token', async () => {
    const withMetrics = (metrics: Services['config']['metrics']) =>
      createApp({ ...services, config: { ...services.config, metrics } });
    const off = await withMetrics({ enabled: false, token: null });
    try {
      expect((await off.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      expect((await off.inject({ method: 'GET', url: '/categories' })).statusCode).toBe(200);
    } finally {
      await off.close();
    }
    const token = 'a-long-scrape-token-0123';
    const guarded = await withMetrics({ enabled: true, token });
    try {
      const none = await guarded.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.json().error.code).toBe('unauthorized');
      expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
      const wrong = await guarded.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${token}x` },
      });
      expect(wrong.statusCode).toBe(401);
      const right = await guarded.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(right.statusCode).toBe(200);
      expect(
        value(parsePrometheusText(right.body), 'api_errors_total', {
          transport: 'rest',
          code: 'unauthorized',
        }),
      ).toBe(2);
    } finally {
      await guarded.close();
    }
  });
});
