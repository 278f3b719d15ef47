import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANIZATION } from '../../src/demo/demo-organization.ts';
import { FACET_NAMES, type FacetCount, type JobFacets } from '../../src/domain/job-facets.ts';
import { createApp } from '../../src/http/create-app.ts';
import { seedDemo } from '../../src/ingest/seed-demo.ts';
import type { Services } from '../../src/services.ts';
import { createKey, ORG_A, ORG_B, seedDataset } from '../helpers/dataset.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

let services: Services;
let app: FastifyInstance;
let keyA: string;
let keyB: string;
let demoKey: string;
const statements: string[] = [];

beforeAll(async () => {
  services = await createTestServices({ onQuery: (sql) => statements.push(sql) });
  await seedDataset(services);
  await seedDemo(services, 600);
  keyA = await createKey(services, ORG_A.id);
  keyB = await createKey(services, ORG_B.id);
  demoKey = await createKey(services, DEMO_ORGANIZATION.id);
  app = await createApp(services);
});
afterAll(async () => {
  await app?.close();
  await services?.close();
});

const post = (body: unknown) =>
  app.inject({ method: 'POST', url: '/search/jobs', payload: body as Record<string, unknown> });
const get = (url: string, key: string) => app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });

async function gql(query: string, variables: Record<string, unknown> = {}, key?: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}) },
    payload: JSON.stringify({ query, variables }),
  });
  const body = res.json() as { data?: any; errors?: unknown[] };
  expect(body.errors).toBeUndefined();
  return body.data;
}

const FACETS_SELECTION = `facets {
  remoteTypes { value count }
  jobTypes { value count }
  seniorities { value count }
  categories { value count category { slug } }
  countries { value count }
  cities { value count }
  skills { value count }
  salaryBands { value count minUsd maxUsd }
}`;

const enumValue = (v: string) => v.toLowerCase().replace(/_/g, '-');
const plain = (list: { value: string; count: number }[], map = (v: string) => v): FacetCount[] =>
  list.map(({ value, count }) => ({ value: map(value), count }));

/** GraphQL's JobFacets in the REST shape (enum names back to domain values). */
function fromGraphQL(f: Record<string, { value: string; count: number }[]>): JobFacets {
  return {
    remote_type: plain(f.remoteTypes!, enumValue),
    job_type: plain(f.jobTypes!, enumValue),
    seniority: plain(f.seniorities!, enumValue),
    category: plain(f.categories!),
    country: plain(f.countries!),
    city: plain(f.cities!),
    skill: plain(f.skills!),
    salary: plain(f.salaryBands!),
  };
}

describe(`facets over REST and GraphQL (${TEST_DB})`, () => {
  it('give the same counts on both transports for the public search', async () => {
    const rest = await post({ q: 'eng', remote_types: 'remote,hybrid', facets: true });
    expect(rest.statusCode).toBe(200);
    const body = rest.json();
    expect(Object.keys(body.facets)).toEqual([...FACET_NAMES]);
    const data = await gql(
      `query ($f: JobFilter) { searchJobs(first: 5, filter: $f) { totalCount ${FACETS_SELECTION} } }`,
      { f: { query: 'eng', remoteTypes: ['REMOTE', 'HYBRID'] } },
    );
    expect(fromGraphQL(data.searchJobs.facets)).toEqual(body.facets);
    expect(data.searchJobs.totalCount).toBe(body.pagination.total);
    const remote = body.facets.remote_type.find((c: FacetCount) => c.value === 'remote')?.count ?? 0;
    const onlyRemote = (await post({ q: 'eng', remote_types: ['remote'] })).json();
    expect(onlyRemote.pagination.total).toBe(remote);
    expect(body.facets.remote_type.reduce((n: number, c: FacetCount) => n + c.count, 0)).toBe(
      body.pagination.total,
    );
    // Category items resolve the category object; salary bands their bounds.
    expect(data.searchJobs.facets.categories[0].category.slug).toEqual(expect.any(String));
    expect(data.searchJobs.facets.salaryBands.at(-1)).toMatchObject({ value: '200000+', maxUsd: null });
  });

  it('give the same counts on both transports for the organization listing', async () => {
    const rest = (await get('/jobs?search=manager&facets=true', demoKey)).json();
    const data = await gql(
      `query ($f: JobFilter) { organizationJobs(filter: $f) { totalCount ${FACETS_SELECTION} } }`,
      { f: { query: 'manager' } },
      demoKey,
    );
    expect(fromGraphQL(data.organizationJobs.facets)).toEqual(rest.facets);
    expect(rest.total_items).toBeGreaterThan(0);
    expect(rest.facets.remote_type.reduce((n: number, c: FacetCount) => n + c.count, 0)).toBe(
      rest.total_items,
    );
  });

  it("never count another organization's jobs", async () => {
    const b = (await get('/jobs?facets[]=job_type&facets[]=skill&facets[]=salary', keyB)).json();
    expect(b.total_items).toBe(2);
    expect(b.facets).toEqual({
      job_type: [
        { value: 'full-time', count: 1 },
        { value: 'part-time', count: 1 },
      ],
      skill: [
        { value: 'python', count: 1 },
        { value: 'sql', count: 1 },
      ],
      salary: [],
    });
    const data = await gql(`{ organizationJobs { facets { jobTypes { value count } } } }`, {}, keyB);
    expect(data.organizationJobs.facets.jobTypes).toEqual([
      { value: 'FULL_TIME', count: 1 },
      { value: 'PART_TIME', count: 1 },
    ]);
    const a = (await get('/jobs?facets=job_type', keyA)).json();
    expect(a.facets.job_type).toEqual([
      { value: 'full-time', count: 4 },
      { value: 'internship', count: 1 },
    ]);
  });

  it('are absent unless asked, and leave the contract keys as they are', async () => {
    expect(Object.keys((await post({ q: 'eng' })).json()).sort()).toEqual(['data', 'pagination', 'success']);
    expect(Object.keys((await post({ q: 'eng', facets: false })).json()).sort()).toEqual([
      'data',
      'pagination',
      'success',
    ]);
    expect(Object.keys((await post({ q: 'eng', facets: [] })).json()).sort()).toEqual([
      'data',
      'pagination',
      'success',
    ]);
    expect(Object.keys((await get('/jobs', keyA)).json()).sort()).toEqual([
      'has_more',
      'jobs',
      'total_items',
      'total_pages',
    ]);
    const asked = (await get('/jobs?facets=city', keyA)).json();
    expect(Object.keys(asked).sort()).toEqual(['facets', 'has_more', 'jobs', 'total_items', 'total_pages']);
  });

  it('take a list in every form the other list parameters take', async () => {
    const expected = (await post({ q: 'data', facets: ['city', 'skill'] })).json().facets;
    expect(Object.keys(expected)).toEqual(['city', 'skill']);
    expect((await post({ q: 'data', facets: 'skill, city' })).json().facets).toEqual(expected);
    expect((await post({ q: 'data', facets: 'true' })).json().facets).toMatchObject(expected);
    const viaGet = (await get('/jobs?facets=skill,city', keyA)).json().facets;
    expect((await get('/jobs?facets[]=city&facets[]=skill', keyA)).json().facets).toEqual(viaGet);
    expect((await get('/jobs?facets=city&facets=skill', keyA)).json().facets).toEqual(viaGet);
  });

  it('refuse unknown facet names with a 400 in the one error shape', async () => {
    for (const res of [
      await post({ facets: ['city', 'colour'] }),
      await post({ facets: 'nope' }),
      await post({ facets: 3 }),
      await get('/jobs?facets[]=colour', keyA),
      await get('/jobs?facets=city,colour', keyA),
    ]) {
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ success: false, error: { code: expect.stringMatching(/^invalid_/) } });
      expect(body.error.message).toMatch(/facets/);
    }
  });

  it('are documented in the OpenAPI document of both routes', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const search = doc.paths['/search/jobs'].post;
    const body = search.requestBody.content['application/json'].schema;
    expect(body.properties.facets.items.enum).toEqual([...FACET_NAMES]);
    expect(body.properties.facets.description).toMatch(/true/);
    const ok = (op: any) => op.responses['200'].content['application/json'].schema;
    expect(Object.keys(ok(search).properties.facets.properties)).toEqual([...FACET_NAMES]);
    const list = doc.paths['/jobs'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toContain('facets');
    expect(Object.keys(ok(list).properties.facets.properties)).toEqual([...FACET_NAMES]);
  });

  it('come from the search index, with the counts SQL gives, when it serves', async () => {
    const filter = { jobTypes: ['FULL_TIME'] };
    statements.length = 0;
    const data = await gql(
      `query ($f: JobFilter) { searchJobs(filter: $f) { facets { cities { value count } skills { value count } } } }`,
      { f: filter },
    );
    expect(statements.filter((s) => s.includes('f(facet, value)'))).toHaveLength(0);
    const sql = await services.jobs.facets(services.orm.em.fork(), { jobTypes: ['full-time'] }, [
      'city',
      'skill',
    ]);
    expect(data.searchJobs.facets.cities).toEqual(sql.city);
    expect(data.searchJobs.facets.skills).toEqual(sql.skill);
    expect(data.searchJobs.facets.cities.length).toBeGreaterThan(0);
  });

  it('are computed by SQL only when selected, in one statement for all selected (index off)', async () => {
    const sqlOnly = await createTestServices(
      { onQuery: (sql) => statements.push(sql) },
      { SEARCH_INDEX: 'false' },
    );
    // The same rows as the shared database: facets are about what SQL is asked, not what it finds.
    const sqlApp = await createApp(sqlOnly);
    const gql = async (query: string, variables: Record<string, unknown>) =>
      (await sqlApp.inject({ method: 'POST', url: '/graphql', payload: { query, variables } })).json().data;
    const filter = { f: { jobTypes: ['FULL_TIME'] } };
    const facetStatements = () => statements.filter((s) => s.includes('f(facet, value)'));
    statements.length = 0;
    await gql(`query ($f: JobFilter) { searchJobs(filter: $f) { totalCount } }`, filter);
    expect(facetStatements()).toHaveLength(0);
    statements.length = 0;
    const data = await gql(
      `query ($f: JobFilter) { searchJobs(filter: $f) { facets { cities { value count } ...F } } }
       fragment F on JobFacets { skills { value count } }`,
      filter,
    );
    expect(facetStatements()).toHaveLength(1);
    expect(facetStatements()[0]).toContain(`'city'`);
    expect(facetStatements()[0]).toContain(`'skill'`);
    expect(facetStatements()[0]).not.toContain(`'country'`);
    expect(data.searchJobs.facets.cities).toEqual([]);
    await sqlApp.close();
    await sqlOnly.close();
  });
});
