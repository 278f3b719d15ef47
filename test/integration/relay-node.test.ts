import { stripVTControlCharacters } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/create-app.ts';
import type { Services } from '../../src/services.ts';
import { seedDataset } from '../helpers/dataset.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/** Relay's Node interface: node(id:) and nodes(ids:), with the jobs' REST UUIDs as ids. */
describe(`Relay Node (${TEST_DB})`, () => {
  let services: Services;
  let app: FastifyInstance;
  let ids: Awaited<ReturnType<typeof seedDataset>>;
  const statements: string[] = [];
  const unknown = '00000000-0000-4000-8000-000000000000';

  beforeAll(async () => {
    services = await createTestServices({ onQuery: (sql) => statements.push(sql) });
    ids = await seedDataset(services);
    app = await createApp(services);
  });
  afterAll(async () => {
    await app?.close();
    await services?.close();
  });

  async function gql(query: string, variables: Record<string, unknown> = {}) {
    const res = await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables } });
    return res.json() as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] };
  }

  const NODE = `query($id: ID!) { node(id: $id) { __typename id ... on Job { title } } }`;
  const NODES = `query($ids: [ID!]!) { nodes(ids: $ids) { __typename id ... on Job { title } } }`;

  it('node(id:) answers a job by the same UUID as REST and search, with __typename for cache keys', async () => {
    const rest = await app.inject({ method: 'GET', url: `/search/jobs/${ids.rustTitle}` });
    const r = await gql(NODE, { id: ids.rustTitle });
    expect(r.errors).toBeUndefined();
    expect(r.data.node).toEqual({ __typename: 'Job', id: rest.json().data.id, title: 'Rustacean Developer' });
    // The id a search returns is the Node id: Apollo's `Job:<id>` key is one entry for both.
    const search = await gql(`{ searchJobs(filter: { query: "rustacean" }) { nodes { __typename id } } }`);
    expect(search.data.searchJobs.nodes).toContainEqual({ __typename: 'Job', id: ids.rustTitle });
    // Upper case is the same UUID, answered in its stored form.
    expect((await gql(NODE, { id: ids.rustTitle.toUpperCase() })).data.node.id).toBe(ids.rustTitle);
  });

  it('an unknown id is null; a malformed one is an invalid_parameter error', async () => {
    expect(await gql(NODE, { id: unknown })).toEqual({ data: { node: null } });
    const bad = await gql(NODE, { id: 'Sm9iOjE=' });
    expect(bad.data?.node ?? null).toBeNull();
    expect(bad.errors?.[0]?.extensions?.code).toBe('invalid_parameter');
    const badInList = await gql(NODES, { ids: [ids.rustTitle, 'not-an-id'] });
    expect(badInList.errors?.[0]?.extensions?.code).toBe('invalid_parameter');
    const tooMany = await gql(NODES, { ids: Array.from({ length: 101 }, () => unknown) });
    expect(tooMany.errors?.[0]?.extensions?.code).toBe('invalid_parameter');
  });

  it('nodes(ids:) answers in the order asked, null for unknown ids', async () => {
    const r = await gql(NODES, { ids: [ids.intern, unknown, ids.rustTitle, ids.closed] });
    expect(r.errors).toBeUndefined();
    expect(r.data.nodes.map((n: { id: string } | null) => n?.id ?? null)).toEqual([
      ids.intern,
      null,
      ids.rustTitle,
      ids.closed,
    ]);
  });

  it('nodes(ids:) loads N jobs in one job lookup: the count does not grow with N', async () => {
    const dataStatements = async (asked: string[]) => {
      // A merge of the index's segments (after the seed's writes) reads jobs too: none running.
      await services.search.index?.mergesDone();
      statements.length = 0;
      const r = await gql(NODES, { ids: asked });
      expect(r.errors).toBeUndefined();
      expect(r.data.nodes.filter(Boolean)).toHaveLength(new Set(asked).size);
      const reads = statements
        .map((sql) => stripVTControlCharacters(sql))
        // Transaction statements, and the search index's background change-log poll.
        .filter((sql) => !/\] (?:begin|commit|set local)\b/.test(sql) && !/pg_snapshot_xmin\(/.test(sql));
      return { all: reads.length, jobReads: reads.filter((sql) => /from job j\b/.test(sql)).length };
    };
    const one = await dataStatements([ids.rustTitle]);
    const all = await dataStatements(Object.values(ids));
    expect(all.jobReads).toBe(1);
    expect(all).toEqual(one);
  });
});
