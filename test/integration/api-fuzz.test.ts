import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/create-app.ts';
import type { Services } from '../../src/services.ts';
import { createKey, ORG_A, seedDataset } from '../helpers/dataset.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/** Odd input on every public read: both REST routes, both GraphQL queries; one seeded app. */

let services: Services;
let app: FastifyInstance;
let key: string;

beforeAll(async () => {
  services = await createTestServices();
  await seedDataset(services);
  key = await createKey(services, ORG_A.id);
  app = await createApp(services);
});
afterAll(async () => {
  await app?.close();
  await services?.close();
});

/** Values a client could send for any parameter; some are valid, most are not. */
const ODD: unknown[] = [
  null,
  0,
  -1,
  1e308,
  2 ** 31,
  -(2 ** 31) - 1,
  1.5,
  '',
  ' ',
  'x'.repeat(5000),
  '\u0000',
  '\ud800',
  {},
  [],
  [1],
  ['a', null],
  [{}],
  { a: 1 },
  true,
  'NaN',
  '1e400',
  '-1e400',
  'Infinity',
  '-5',
  "'; drop table job; --",
  '%',
  '_',
  '\\',
  '*',
  ':*',
  '!',
  '&',
  '|',
  '(',
  'eng:*A',
  '2026-13-45',
  '2026-01-01T00:00:00Z',
  'remote',
  ['remote', 'hybrid'],
  'newest',
  'relevance',
  'any',
  'closed',
  ['x'.repeat(300)],
  Array.from({ length: 60 }, (_, i) => `v${i}`),
];
const NAMES = [
  'q',
  'page',
  'limit',
  'per_page',
  'search',
  'remote_types',
  'is_remote',
  'cities',
  'countries',
  'locations',
  'min_salary',
  'max_salary',
  'has_salary',
  'skills',
  'job_types',
  'seniorities',
  'categories',
  'companies',
  'exclude_companies',
  'ats_platforms',
  'sources',
  'departments',
  'posted_after',
  'posted_before',
  'posted_within_days',
  'visa_sponsorship',
  'status',
  'sort',
];

const queryString = (params: Record<string, unknown>) =>
  Object.entries(params)
    .flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [`${k}[]`, x]) : [[k, v]]))
    .map(([k, v]) => {
      const text = typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
      // A lone surrogate cannot be percent-encoded as UTF-8; send the bytes it would have had.
      return `${k}=${text.isWellFormed() ? encodeURIComponent(text) : '%ED%A0%80'}`;
    })
    .join('&');

describe(`odd parameters on both REST routes (${TEST_DB})`, () => {
  it('answer 200 or a 4xx in the one error shape, never a 5xx', async () => {
    let seed = 11;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const failures: string[] = [];
    const check = (what: string, res: { statusCode: number; json: () => any }) => {
      const body = res.json();
      const ok =
        res.statusCode === 200
          ? body.success !== false
          : res.statusCode < 500 && body.success === false && typeof body.error?.code === 'string';
      if (!ok) failures.push(`${what} → ${res.statusCode} ${JSON.stringify(body).slice(0, 200)}`);
    };
    for (let i = 0; i < 800; i++) {
      const params: Record<string, unknown> = {};
      for (let k = 1 + Math.floor(random() * 4); k > 0; k--)
        params[NAMES[Math.floor(random() * NAMES.length)]!] = ODD[Math.floor(random() * ODD.length)];
      const post = await app.inject({
        method: 'POST',
        url: '/search/jobs',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(params),
      });
      check(`POST ${JSON.stringify(params).slice(0, 200)}`, post);
      const qs = queryString(params);
      check(
        `GET /jobs?${qs.slice(0, 200)}`,
        await app.inject({ url: `/jobs?${qs}`, headers: { 'x-api-key': key } }),
      );
    }
    expect(failures).toEqual([]);
  });
});

/** Variable values a client could send; GraphQL's types reject many, the rest reach the resolvers. */
const ODD_VARIABLES: unknown[] = [
  null,
  0,
  -1,
  2 ** 31 - 1,
  -(2 ** 31),
  1.5,
  '',
  ' ',
  'x'.repeat(3000),
  '\u0000',
  '\ud800',
  [],
  ['\u0000'],
  ['REMOTE'],
  'REMOTE',
  true,
  'YXJyYXljb25uZWN0aW9uOjA=',
  'YXJyYXljb25uZWN0aW9uOi0x',
  'YXJyYXljb25uZWN0aW9uOjk5OTk5OTk5OTk5OTk=',
  'bad',
  '2026-13-45',
  '2026-01-01T00:00:00Z',
  'NEWEST',
];
const FILTER_FIELDS = [
  'query',
  'remoteTypes',
  'isRemote',
  'cities',
  'countries',
  'locations',
  'minSalaryUsd',
  'maxSalaryUsd',
  'hasSalary',
  'skills',
  'jobTypes',
  'seniorities',
  'categories',
  'companies',
  'excludeCompanies',
  'departments',
  'postedAfter',
  'postedBefore',
  'postedWithinDays',
  'visaSponsorship',
  'status',
];
const QUERY = `query($filter: JobFilter, $first: Int, $after: String, $last: Int, $before: String, $sort: JobSort) {
  searchJobs(filter: $filter, first: $first, after: $after, last: $last, before: $before, sort: $sort) {
    totalCount edges { cursor node { id } }
  }
  organizationJobs(filter: $filter, first: $first, after: $after, last: $last, before: $before, sort: $sort) {
    totalCount
  }
}`;

describe(`odd variables on searchJobs and organizationJobs (${TEST_DB})`, () => {
  it('answer data or errors with a catalogue code, never an internal error', async () => {
    let seed = 5;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const failures: string[] = [];
    for (let i = 0; i < 600; i++) {
      const filter: Record<string, unknown> = {};
      const variables: Record<string, unknown> = { filter };
      for (let k = 1 + Math.floor(random() * 4); k > 0; k--) {
        const value = ODD_VARIABLES[Math.floor(random() * ODD_VARIABLES.length)];
        const slot = Math.floor(random() * 8);
        if (slot < 5) variables[['first', 'after', 'last', 'before', 'sort'][slot]!] = value;
        else filter[FILTER_FIELDS[Math.floor(random() * FILTER_FIELDS.length)]!] = value;
      }
      const res = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        payload: JSON.stringify({ query: QUERY, variables }),
      });
      const errors = (res.json().errors ?? []) as { message: string; extensions?: { code?: string } }[];
      const internal = errors.filter((e) => e.extensions?.code === 'INTERNAL_SERVER_ERROR');
      if (res.statusCode >= 500 || internal.length > 0)
        failures.push(
          `${JSON.stringify(variables).slice(0, 200)} → ${res.statusCode} ${JSON.stringify(errors)}`,
        );
    }
    expect(failures).toEqual([]);
  });
});
