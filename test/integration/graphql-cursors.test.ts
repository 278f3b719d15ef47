import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/create-app.ts';
import type { Services } from '../../src/services.ts';
import { makeJob, storeJobs } from '../helpers/factories.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * Keyset cursors (issue 9, item 7): paging through every sort order gives each job
 * once, in the order of one big page, forward and backward; a cursor taken before new
 * jobs arrive still gives the next page without repeats.
 */

let services: Services;
let app: FastifyInstance;

// Equal dates and salaries, so that ties are decided by the later parts of the key;
// one date with microseconds, which JavaScript's Date cannot hold.
const day = (d: number) => new Date(Date.UTC(2026, 8, d));
const board = Array.from({ length: 23 }, (_, i) =>
  makeJob({
    board: 'cursor-board',
    department: 'Cursor Board',
    title: i % 3 === 0 ? `Keyset Engineer ${i}` : `Keyset Analyst ${i}`,
    descriptionText: i % 2 ? 'keyset engineering' : 'keyset',
    descriptionHtml: '<p>keyset</p>',
    postedAt: day(1 + (i % 4)),
    ...(i % 5 === 0
      ? {}
      : { salaryMinUsd: 100_000 + (i % 3) * 10_000, salaryMaxUsd: 120_000 + (i % 3) * 10_000 }),
  }),
);

beforeAll(async () => {
  services = await createTestServices();
  await storeJobs(services, board);
  await services.orm.em
    .fork()
    .execute(
      `update job set posted_at = posted_at + interval '123 microseconds' where department = 'Cursor Board' and title like '%Analyst 1'`,
    );
  app = await createApp(services);
});
afterAll(async () => {
  await app?.close();
  await services?.close();
});

const QUERY = `query($filter: JobFilter, $first: Int, $after: String, $last: Int, $before: String, $sort: JobSort) {
  searchJobs(filter: $filter, first: $first, after: $after, last: $last, before: $before, sort: $sort) {
    totalCount
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    edges { cursor node { id } }
  }
}`;

async function gql(variables: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ query: QUERY, variables }),
  });
  return res.json() as { data?: any; errors?: { extensions?: { code?: string } }[] };
}

const FILTER = { departments: ['cursor board'] };
const SORTS: [string, Record<string, unknown>][] = [
  ['NEWEST', {}],
  ['SALARY', {}],
  ['FIRST_SEEN', {}],
  ['RELEVANCE', { query: 'keyset engineer' }],
  ['RELEVANCE', { query: 'keyset' }],
];

describe(`keyset cursors (${TEST_DB})`, () => {
  it.each(SORTS)('pages %s %o forward and backward through every job once', async (sort, extra) => {
    const filter = { ...FILTER, ...extra };
    const all = (await gql({ filter, sort, first: 100 })).data.searchJobs;
    const ids = all.edges.map((e: any) => e.node.id);
    expect(ids.length).toBe(all.totalCount);
    expect(ids.length).toBeGreaterThan(5);

    const forward: string[] = [];
    let after: string | null = null;
    for (let guard = 0; guard < 20; guard++) {
      const page: any = (await gql({ filter, sort, first: 4, after })).data.searchJobs;
      expect(page.totalCount).toBe(all.totalCount);
      forward.push(...page.edges.map((e: any) => e.node.id));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(forward).toEqual(ids);

    const backward: string[] = [];
    let before: string | null = null;
    for (let guard = 0; guard < 20; guard++) {
      const page: any = (await gql({ filter, sort, last: 4, before })).data.searchJobs;
      backward.unshift(...page.edges.map((e: any) => e.node.id));
      if (!page.pageInfo.hasPreviousPage) break;
      before = page.pageInfo.startCursor;
    }
    expect(backward).toEqual(ids);
  });

  it('gives the next page without repeats after new jobs arrive', async () => {
    const filter = { ...FILTER, query: 'keyset' };
    const all = (await gql({ filter, sort: 'NEWEST', first: 100 })).data.searchJobs.edges.map(
      (e: any) => e.node.id,
    );
    const first = (await gql({ filter, sort: 'NEWEST', first: 5 })).data.searchJobs;
    // Newer than every job on the board: they sort before the cursor.
    await storeJobs(
      services,
      [1, 2, 3].map((n) =>
        makeJob({ department: 'Cursor Board', title: `Keyset Newcomer ${n}`, postedAt: day(20) }),
      ),
    );
    const next = (await gql({ filter, sort: 'NEWEST', first: 5, after: first.pageInfo.endCursor })).data
      .searchJobs;
    expect(next.edges.map((e: any) => e.node.id)).toEqual(all.slice(5, 10));
    expect(next.totalCount).toBe(all.length + 3);
  });

  it('refuses a cursor of another sort order, an offset cursor and garbage', async () => {
    const page = (await gql({ filter: FILTER, sort: 'NEWEST', first: 2 })).data.searchJobs;
    for (const [sort, after] of [
      ['SALARY', page.pageInfo.endCursor],
      ['NEWEST', Buffer.from('OffsetConnection:5').toString('base64')],
      ['NEWEST', 'not a cursor'],
      ['NEWEST', Buffer.from('JobKey:["newest","x","y"]').toString('base64')],
    ]) {
      const r = await gql({ filter: FILTER, sort, first: 2, after });
      expect(r.errors?.[0]?.extensions?.code, `${sort} ${after}`).toBe('invalid_parameter');
    }
  });
});
