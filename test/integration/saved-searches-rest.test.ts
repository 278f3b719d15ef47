import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/create-app.ts';
import { filterProperties } from '../../src/rest/filter-params.ts';
import type { Services } from '../../src/services.ts';
import { storeJobs, makeJob } from '../helpers/factories.ts';
import { codeOf, graphqlVia } from '../helpers/graphql-inject.ts';
import { savedSearchKeys } from '../helpers/saved-search-keys.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * Saved searches over REST (issue 12, item 3): the routes beside GraphQL's, with the same
 * rules and the same store: what one transport saves the other lists; the saved filter
 * comes back as a POST /search/jobs body that finds what the search finds.
 */
let services: Services;
let app: FastifyInstance;
let adminA: string;
let adminB: string;
let readA: string;

const gql = graphqlVia(() => app);

function call(method: 'GET' | 'POST' | 'DELETE', url: string, key: string | null, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: key ? { 'x-api-key': key } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

beforeAll(async () => {
  services = await createTestServices();
  ({ adminA, adminB, readA } = await savedSearchKeys(services));
  await storeJobs(services, [
    makeJob({ externalId: 'rust-1', title: 'Rust Engineer', remoteType: 'remote', jobType: 'full-time' }),
    makeJob({
      externalId: 'rust-2',
      title: 'Senior Rust Developer',
      remoteType: 'onsite',
      jobType: 'full-time',
    }),
    makeJob({ externalId: 'go-1', title: 'Go Engineer', remoteType: 'remote', jobType: 'contract' }),
  ]);
  app = await createApp(services);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await services?.close();
});

describe(`saved searches over REST (${TEST_DB})`, () => {
  it('saves, lists and deletes; the filter comes back as a search body that finds the same jobs', async () => {
    const created = await call('POST', '/saved-searches', adminA, {
      name: ' Remote Rust ',
      // Comma-separated lists, as POST /search/jobs takes them.
      filter: {
        q: 'rust',
        remote_types: 'remote,hybrid',
        job_types: ['full-time'],
        posted_after: '2020-01-01T00:00:00Z',
      },
    });
    expect(created.statusCode).toBe(201);
    const saved = created.json();
    expect(saved).toMatchObject({
      name: 'Remote Rust',
      filter: {
        q: 'rust',
        remote_types: ['remote', 'hybrid'],
        job_types: ['full-time'],
        posted_after: '2020-01-01T00:00:00.000Z',
      },
    });
    expect(saved.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(saved.created_at))).toBe(false);

    const search = await app.inject({ method: 'POST', url: '/search/jobs', payload: saved.filter });
    expect(search.statusCode).toBe(200);
    expect(search.json().data.map((j: { title: string }) => j.title)).toEqual(['Rust Engineer']);

    expect((await call('POST', '/saved-searches', adminA, { name: 'Everything' })).statusCode).toBe(201);
    const listed = await call('GET', '/saved-searches', adminA);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().saved_searches.map((s: { name: string }) => s.name)).toEqual([
      'Remote Rust',
      'Everything',
    ]);
    expect(listed.json().saved_searches[1].filter).toEqual({});

    // One store: GraphQL lists what REST saved, with the same filter.
    const viaGraphql = await gql(adminA, 'query { savedSearches { id name filter { query remoteTypes } } }');
    expect(viaGraphql.data!.savedSearches[0]).toEqual({
      id: saved.id,
      name: 'Remote Rust',
      filter: { query: 'rust', remoteTypes: ['REMOTE', 'HYBRID'] },
    });

    const deleted = await call('DELETE', `/saved-searches/${saved.id.toUpperCase()}`, adminA);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().name).toBe('Remote Rust');
    const again = await call('DELETE', `/saved-searches/${saved.id}`, adminA);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('not_found');
  });

  it('answers bad input with the one error shape and its code', async () => {
    await call('POST', '/saved-searches', adminA, { name: 'Berlin data', filter: { cities: ['Berlin'] } });
    const dup = await call('POST', '/saved-searches', adminA, { name: 'BERLIN DATA' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      success: false,
      error: {
        code: 'already_exists',
        message: expect.any(String),
        details: [{ field: 'name', message: 'already used in this organization' }],
      },
    });
    const cases: [unknown, string][] = [
      [{ name: '   ' }, 'invalid_parameter'],
      [{ name: 'x'.repeat(101) }, 'invalid_parameter'],
      [{}, 'invalid_parameter'],
      [{ name: 'Bad type', filter: { remote_types: ['sometimes'] } }, 'invalid_parameter'],
      [{ name: 'Bad range', filter: { posted_within_days: -5 } }, 'invalid_parameter'],
      [{ name: 'Bad salary', filter: { min_salary: 200000, max_salary: 100000 } }, 'invalid_parameter'],
      [{ name: 'Unknown field', filter: { colour: 'blue' } }, 'invalid_parameter'],
      [{ name: 'Paging is not a filter', filter: { page: 2 } }, 'invalid_parameter'],
    ];
    for (const [body, code] of cases) {
      const res = await call('POST', '/saved-searches', adminA, body);
      expect({ body, status: res.statusCode, code: res.json().error?.code }).toEqual({
        body,
        status: 400,
        code,
      });
    }
    const badId = await call('DELETE', '/saved-searches/not-a-uuid', adminA);
    expect([badId.statusCode, badId.json().error.code]).toEqual([400, 'invalid_parameter']);
  });

  it('keeps organizations apart and needs an ADMIN key', async () => {
    const mine = (
      await call('POST', '/saved-searches', adminB, { name: 'Only B', filter: { q: 'nurse' } })
    ).json();
    expect(
      (await call('GET', '/saved-searches', adminA))
        .json()
        .saved_searches.map((s: { name: string }) => s.name),
    ).not.toContain('Only B');
    const foreign = await call('DELETE', `/saved-searches/${mine.id}`, adminA);
    expect([foreign.statusCode, foreign.json().error.code]).toEqual([404, 'not_found']);
    expect(
      (await call('GET', '/saved-searches', adminB))
        .json()
        .saved_searches.map((s: { name: string }) => s.name),
    ).toContain('Only B');

    for (const [method, url] of [
      ['GET', '/saved-searches'],
      ['POST', '/saved-searches'],
      ['DELETE', `/saved-searches/${mine.id}`],
    ] as const) {
      const read = await call(method, url, readA, method === 'POST' ? { name: 'R' } : undefined);
      expect([method, read.statusCode, read.json().error.code]).toEqual([method, 403, 'forbidden']);
      const none = await call(method, url, null, method === 'POST' ? { name: 'R' } : undefined);
      expect([method, none.statusCode, none.json().error.code]).toEqual([method, 401, 'unauthorized']);
    }
    // The same rule on both transports: GraphQL refuses the read key too.
    expect(codeOf(await gql(readA, 'query { savedSearches { id } }'))).toBe('forbidden');
  });

  it('answers odd bodies with 201 or a 4xx in the one error shape, never a 5xx', async () => {
    const odd: unknown[] = [
      null,
      0,
      -1,
      1e308,
      1.5,
      '',
      ' ',
      'x'.repeat(300),
      '\u0000',
      {},
      [],
      ['a', null],
      [{}],
      true,
      'NaN',
      '1e400',
      "'; drop table job; --",
      'remote',
      '2026-01-01T00:00:00Z',
    ];
    const names = ['q', ...Object.keys(filterProperties).filter((k) => k !== 'sort')];
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const failures: string[] = [];
    for (let i = 0; i < 300; i++) {
      const filter: Record<string, unknown> = {};
      for (let k = Math.floor(random() * 4); k > 0; k--) filter[pick(names)] = pick(odd);
      const body = random() < 0.1 ? pick(odd) : { name: random() < 0.7 ? `fuzz ${i}` : pick(odd), filter };
      const res = await app.inject({
        method: 'POST',
        url: '/saved-searches',
        headers: { 'x-api-key': adminB, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      const json = res.json();
      const ok =
        res.statusCode === 201
          ? typeof json.id === 'string'
          : res.statusCode < 500 && json.success === false && typeof json.error?.code === 'string';
      if (!ok)
        failures.push(`${JSON.stringify(body).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });
});
