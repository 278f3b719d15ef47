import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/create-app.ts';
import type { Services } from '../../src/services.ts';
import { savedSearchKeys } from '../helpers/saved-search-keys.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';
import { codeOf, graphqlVia } from '../helpers/graphql-inject.ts';

/**
 * Saved searches (issue 12, item 3): an organization's ADMIN key saves, lists and deletes
 * named searches; names are unique per organization; a bad filter or name is a clear
 * error; one organization never reaches another's searches.
 */
let services: Services;
let app: FastifyInstance;
let adminA: string;
let adminB: string;
let readA: string;

const gql = graphqlVia(() => app);

const FIELDS =
  'id name createdAt filter { query remoteTypes minSalaryUsd jobTypes atsPlatforms postedAfter status }';
const LIST = `query { savedSearches { ${FIELDS} } }`;
const CREATE = `mutation ($name: String!, $filter: JobFilter!) { createSavedSearch(name: $name, filter: $filter) { ${FIELDS} } }`;
const DELETE = `mutation ($id: ID!) { deleteSavedSearch(id: $id) { id name } }`;

beforeAll(async () => {
  services = await createTestServices();
  ({ adminA, adminB, readA } = await savedSearchKeys(services));
  app = await createApp(services);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await services?.close();
});

describe(`saved searches (${TEST_DB})`, () => {
  it('saves, lists and deletes an organization’s searches, the filter given back as it was saved', async () => {
    const filter = {
      query: 'rust engineer',
      remoteTypes: ['REMOTE', 'HYBRID'],
      minSalaryUsd: 120000,
      jobTypes: ['FULL_TIME'],
      atsPlatforms: ['GREENHOUSE'],
      postedAfter: '2026-10-01T00:00:00.000Z',
    };
    const created = await gql(adminA, CREATE, { name: ' Remote Rust ', filter });
    expect(created.errors).toBeUndefined();
    expect(created.data!.createSavedSearch).toMatchObject({
      name: 'Remote Rust',
      filter: { ...filter, status: null },
    });
    await gql(adminA, CREATE, { name: 'Everything', filter: {} });
    const listed = await gql(adminA, LIST);
    expect(listed.data!.savedSearches.map((s: { name: string }) => s.name)).toEqual([
      'Remote Rust',
      'Everything',
    ]);
    // The saved filter is a JobFilter again: searchJobs takes it as it comes back.
    const saved = listed.data!.savedSearches[0].filter;
    const search = await gql(null, 'query ($f: JobFilter) { searchJobs(filter: $f) { totalCount } }', {
      f: Object.fromEntries(Object.entries(saved).filter(([, v]) => v !== null)),
    });
    expect(search.errors).toBeUndefined();

    const deleted = await gql(adminA, DELETE, { id: created.data!.createSavedSearch.id });
    expect(deleted.data!.deleteSavedSearch.name).toBe('Remote Rust');
    expect((await gql(adminA, LIST)).data!.savedSearches.map((s: { name: string }) => s.name)).toEqual([
      'Everything',
    ]);
    expect(codeOf(await gql(adminA, DELETE, { id: created.data!.createSavedSearch.id }))).toBe('not_found');
  });

  it('refuses a duplicate name (any case), a bad name and a bad filter with clear codes', async () => {
    await gql(adminA, CREATE, { name: 'Berlin data', filter: { cities: ['Berlin'] } });
    const dup = await gql(adminA, CREATE, { name: 'BERLIN DATA', filter: {} });
    expect(codeOf(dup)).toBe('already_exists');
    expect(dup.errors![0]!.extensions!.details).toEqual([
      { field: 'name', message: 'already used in this organization' },
    ]);
    expect(codeOf(await gql(adminA, CREATE, { name: '   ', filter: {} }))).toBe('invalid_parameter');
    expect(codeOf(await gql(adminA, CREATE, { name: 'x'.repeat(101), filter: {} }))).toBe(
      'invalid_parameter',
    );
    const badFilter = await gql(adminA, CREATE, { name: 'Bad', filter: { postedWithinDays: -5 } });
    expect(codeOf(badFilter)).toBe('invalid_parameter');
    expect(codeOf(await gql(adminA, DELETE, { id: 'not-a-uuid' }))).toBe('invalid_parameter');
    // PostgreSQL stores no NUL: refused as input, not an internal_error from the insert.
    expect(codeOf(await gql(adminA, CREATE, { name: 'a\u0000b', filter: {} }))).toBe('invalid_parameter');
    expect(codeOf(await gql(adminA, CREATE, { name: 'Nul', filter: { query: 'a\u0000' } }))).toBe(
      'invalid_parameter',
    );
    // Another organization may use the same name.
    expect((await gql(adminB, CREATE, { name: 'Berlin data', filter: {} })).errors).toBeUndefined();
  });

  it('keeps organizations apart and needs an ADMIN key', async () => {
    const mine = await gql(adminB, CREATE, { name: 'Only B', filter: { query: 'nurse' } });
    const id = mine.data!.createSavedSearch.id as string;
    // A's admin neither sees nor deletes B's search (not_found, as an unknown id).
    expect((await gql(adminA, LIST)).data!.savedSearches.map((s: { name: string }) => s.name)).not.toContain(
      'Only B',
    );
    expect(codeOf(await gql(adminA, DELETE, { id }))).toBe('not_found');
    expect((await gql(adminB, LIST)).data!.savedSearches.map((s: { name: string }) => s.name)).toContain(
      'Only B',
    );
    // A read key and no key.
    expect(codeOf(await gql(readA, LIST))).toBe('forbidden');
    expect(codeOf(await gql(readA, CREATE, { name: 'R', filter: {} }))).toBe('forbidden');
    expect(codeOf(await gql(null, LIST))).toBe('unauthorized');
  });
});
