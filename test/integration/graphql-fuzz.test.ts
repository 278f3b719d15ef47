import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/create-app.ts';
import type { Services } from '../../src/services.ts';
import { createKey, ORG_A, seedDataset } from '../helpers/dataset.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

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

/** Variable values a client could send; GraphQL's types reject many, the rest reach the resolvers. */
const ODD: unknown[] = [
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
        const value = ODD[Math.floor(random() * ODD.length)];
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
