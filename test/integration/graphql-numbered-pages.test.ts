import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/create-app.ts';
import type { Services } from '../../src/services.ts';
import { createKey, ORG_A, seedDataset } from '../helpers/dataset.ts';
import { makeJob, storeJobs } from '../helpers/factories.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * `page:` on searchJobs/organizationJobs (issue 10, item 13): page N of `first` jobs, the
 * same jobs as REST's `page` for the same search, for a pager that jumps to any page.
 */
describe(`GraphQL numbered pages (${TEST_DB})`, () => {
  let services: Services;
  let app: FastifyInstance;
  let key: string;
  const COUNT = 23;

  beforeAll(async () => {
    services = await createTestServices();
    await seedDataset(services);
    key = await createKey(services, ORG_A.id);
    await storeJobs(
      services,
      Array.from({ length: COUNT }, (_, i) =>
        makeJob({
          title: `Numbered Pager ${i}`,
          board: 'numbered',
          externalId: `numbered-${i}`,
          postedAt: new Date(Date.UTC(2026, 8, 1 + (i % 5))),
        }),
      ),
    );
    app = await createApp(services);
  });
  afterAll(async () => {
    await app?.close();
    await services?.close();
  });

  async function gql(
    query: string,
    variables: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) {
    const res = await app.inject({ method: 'POST', url: '/graphql', headers, payload: { query, variables } });
    return res.json() as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] };
  }
  const SEARCH = `query($page: Int, $first: Int, $after: String, $last: Int, $sort: JobSort) {
    searchJobs(filter: { query: "numbered pager" }, page: $page, first: $first, after: $after, last: $last, sort: $sort) {
      totalCount
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      edges { cursor node { id } }
    }
  }`;
  const idsOf = (r: { data: any }) => r.data.searchJobs.edges.map((e: any) => e.node.id as string);
  const restPage = async (page: number, limit: number, sort?: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/search/jobs',
        payload: { q: 'numbered pager', page, limit, ...(sort ? { sort } : {}) },
      })
    )
      .json()
      .data.map((j: { id: string }) => j.id) as string[];

  it('page N holds the same jobs as REST page N, in every sort order', async () => {
    for (const sort of [undefined, 'NEWEST']) {
      for (const page of [1, 2, 3]) {
        const r = await gql(SEARCH, { page, first: 10, sort });
        expect(r.errors).toBeUndefined();
        expect(idsOf(r as { data: any })).toEqual(await restPage(page, 10, sort?.toLowerCase()));
        expect(r.data.searchJobs.totalCount).toBe(COUNT);
        expect(r.data.searchJobs.pageInfo).toMatchObject({
          hasPreviousPage: page > 1,
          hasNextPage: page < 3,
        });
      }
    }
    expect(idsOf((await gql(SEARCH, { page: 3, first: 10 })) as { data: any })).toHaveLength(3);
  });

  it('its cursors go on from any numbered page: page 2 then after endCursor is page 3', async () => {
    const two = await gql(SEARCH, { page: 2, first: 5 });
    const next = await gql(SEARCH, { first: 5, after: two.data.searchJobs.pageInfo.endCursor });
    expect(idsOf(next as { data: any })).toEqual(
      idsOf((await gql(SEARCH, { page: 3, first: 5 })) as { data: any }),
    );
  });

  it('a page past the end is empty with the true total; page 1 without first is 20 jobs', async () => {
    const past = await gql(SEARCH, { page: 9, first: 10 });
    expect(past.data.searchJobs).toMatchObject({
      totalCount: COUNT,
      edges: [],
      pageInfo: { hasNextPage: false, hasPreviousPage: true, startCursor: null, endCursor: null },
    });
    expect(idsOf((await gql(SEARCH, { page: 1 })) as { data: any })).toHaveLength(20);
  });

  it('refuses page 0, a page beyond 1,000,000, and page with after or last: invalid_parameter', async () => {
    for (const variables of [
      { page: 0 },
      { page: 1_000_001 },
      { page: 2, after: 'x' },
      { page: 2, last: 5 },
    ]) {
      const r = await gql(SEARCH, variables);
      expect(r.errors?.[0]?.extensions?.code, JSON.stringify(variables)).toBe('invalid_parameter');
    }
  });

  it('organizationJobs takes page too, as GET /jobs does', async () => {
    const query = `query($page: Int) { organizationJobs(page: $page, first: 2) { totalCount edges { node { id } } } }`;
    const headers = { 'x-api-key': key };
    const r = await gql(query, { page: 2 }, headers);
    expect(r.errors).toBeUndefined();
    const rest = await app.inject({ method: 'GET', url: '/jobs?page=2&per_page=2', headers });
    expect(r.data.organizationJobs.edges.map((e: any) => e.node.id)).toEqual(
      rest.json().jobs.map((j: { id: string }) => j.id),
    );
    expect(r.data.organizationJobs.totalCount).toBe(rest.json().total_items);
  });
});
