import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/create-app.ts';
import type { PlaceParts } from '../../src/domain/job.ts';
import type { JobFilter } from '../../src/domain/job-filter.ts';
import { nearCondition } from '../../src/db/repositories/near.sql.ts';
import type { Services } from '../../src/services.ts';
import { createKey, ORG_A, ORG_B } from '../helpers/dataset.ts';
import { makeJob, storeJobs } from '../helpers/factories.ts';
import { codeOf, graphqlVia } from '../helpers/graphql-inject.ts';
import { savedSearchKeys } from '../helpers/saved-search-keys.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * The near filter (issue 11 item 2) over REST and GraphQL: jobs whose places' coordinates
 * (the gazetteer's, as ingest stores them) are within a radius of a city or a point.
 * Berlin–Potsdam is about 27 km, Berlin–Hamburg about 255 km.
 */
const BERLIN: PlaceParts = {
  city: 'Berlin',
  region: null,
  countryCode: 'DE',
  latitude: 52.52437,
  longitude: 13.41053,
};
const POTSDAM: PlaceParts = {
  city: 'Potsdam',
  region: null,
  countryCode: 'DE',
  latitude: 52.39886,
  longitude: 13.06566,
};
const HAMBURG: PlaceParts = {
  city: 'Hamburg',
  region: null,
  countryCode: 'DE',
  latitude: 53.55073,
  longitude: 9.99302,
};
const AUSTIN: PlaceParts = {
  city: 'Austin',
  region: 'TX',
  countryCode: 'US',
  latitude: 30.26715,
  longitude: -97.74306,
};
const NOWHERE: PlaceParts = { city: 'Berlin', region: null, countryCode: 'DE' };

let services: Services;
let app: FastifyInstance;
let keyA: string;
let adminA: string;
const ids: Record<string, string> = {};
const gql = graphqlVia(() => app);

const job = (name: string, places: PlaceParts[]) =>
  makeJob({
    externalId: `near-${name}`,
    title: `Geotest ${name}`,
    city: places[0]?.city ?? null,
    countryCode: places[0]?.countryCode ?? null,
    places,
  });

beforeAll(async () => {
  services = await createTestServices();
  const em = services.orm.em.fork();
  for (const org of [ORG_A, ORG_B]) await services.organizations.ensureOrganization(em, org);
  const [berlin, potsdam, hamburg, both] = await storeJobs(
    services,
    [
      job('berlin', [BERLIN]),
      job('potsdam', [POTSDAM]),
      job('hamburg', [HAMBURG]),
      job('both', [HAMBURG, POTSDAM]),
    ],
    { organizationIds: [ORG_A.id] },
  );
  const [austin, bare, other] = await storeJobs(
    services,
    [job('austin', [AUSTIN]), job('bare', [NOWHERE]), job('other', [BERLIN])],
    { organizationIds: [ORG_B.id] },
  );
  Object.assign(ids, { berlin, potsdam, hamburg, both, austin, bare, other });
  keyA = await createKey(services, ORG_A.id);
  ({ adminA } = await savedSearchKeys(services));
  app = await createApp(services);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await services?.close();
});

const search = (body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/search/jobs', payload: { q: 'geotest', limit: 100, ...body } });
const idsOf = (items: { id: string }[]) => new Set(items.map((j) => j.id));

describe(`near filter over REST (${TEST_DB})`, () => {
  it('finds the jobs with a place within the radius of a point, exact totals', async () => {
    const res = await search({ near: '52.52,13.405', radius_km: 30 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination.total).toBe(4);
    expect(idsOf(body.data)).toEqual(new Set([ids.berlin, ids.potsdam, ids.both, ids.other]));
    const place = body.data.find((j: { id: string }) => j.id === ids.berlin).places[0];
    expect(place).toMatchObject({ city: 'Berlin', latitude: 52.52437, longitude: 13.41053 });
  });

  it('resolves a city name by the gazetteer, with 50 km by default', async () => {
    const named = (await search({ near: 'Berlin', radius_km: 30 })).json();
    expect(idsOf(named.data)).toEqual(new Set([ids.berlin, ids.potsdam, ids.both, ids.other]));
    expect((await search({ near: 'Berlin' })).json().pagination.total).toBe(4);
    // A bit past Hamburg (about 255 km).
    const wide = (await search({ near: 'Berlin', radius_km: 300 })).json();
    expect(idsOf(wide.data)).toEqual(new Set([ids.berlin, ids.potsdam, ids.hamburg, ids.both, ids.other]));
    expect((await search({ near: 'Austin, TX', radius_km: 10 })).json().pagination.total).toBe(1);
    expect((await search({ near: 'Potsdam', radius_km: 5 })).json().pagination.total).toBe(2);
  });

  it('answers bad input with 400 in the one error shape', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ near: 'Xyzzyville' }, 'near'],
      [{ near: 'Germany' }, 'near'],
      [{ near: '95,13' }, 'near'],
      [{ near: 'Berlin', radius_km: 5000 }, 'radius_km'],
      [{ near: 'Berlin', radius_km: 0 }, 'radius_km'],
      [{ near: 'Berlin', radius_km: 'far' }, 'radius_km'],
      [{ radius_km: 10 }, 'radius_km'],
      [{ near: '' }, 'near'],
    ];
    for (const [body, field] of cases) {
      const res = await search(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        error: { code: expect.stringMatching(/^invalid_/) },
      });
      expect(JSON.stringify(res.json().error)).toContain(field);
    }
    expect((await search({ near: 'Xyzzyville' })).json().error.message).toMatch(/no known place/);
  });

  it("keeps an organization's listing to its own jobs", async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/jobs?near=Berlin&radius_km=30&per_page=100',
      headers: { 'x-api-key': keyA },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().total_items).toBe(3);
    expect(idsOf(res.json().jobs)).toEqual(new Set([ids.berlin, ids.potsdam, ids.both]));
  });

  it('saves a near filter and gives it back as a search body', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/saved-searches',
      headers: { 'x-api-key': adminA },
      payload: { name: 'Near Berlin', filter: { q: 'geotest', near: 'Berlin', radius_km: 30 } },
    });
    expect(created.statusCode).toBe(201);
    const { filter } = created.json();
    expect(filter).toEqual({ q: 'geotest', near: 'Berlin', radius_km: 30 });
    expect((await search(filter)).json().pagination.total).toBe(4);
  });
});

describe(`near filter in SQL, the fallback (${TEST_DB})`, () => {
  it('gives the same jobs as the index, across the antimeridian too, and finds them through the geo index', async () => {
    const em = () => services.orm.em.fork();
    const sql = async (filter: JobFilter) =>
      new Set(
        (
          await services.jobs.search(em(), { query: 'geotest', ...filter }, 'newest', {
            offset: 0,
            limit: 100,
          })
        ).items.map((j) => j.id),
      );
    expect(await sql({ near: { latitude: 52.52, longitude: 13.405, radiusKm: 30 } })).toEqual(
      new Set([ids.berlin, ids.potsdam, ids.both, ids.other]),
    );
    expect(await sql({ near: { latitude: 52.52, longitude: 13.405, radiusKm: 300 } })).toEqual(
      new Set([ids.berlin, ids.potsdam, ids.hamburg, ids.both, ids.other]),
    );
    expect(await sql({ near: { latitude: 30.3, longitude: -97.7, radiusKm: 10 } })).toEqual(
      new Set([ids.austin]),
    );
    // A circle that crosses the antimeridian (two boxes) finds nothing here, and errs on no side.
    expect(await sql({ near: { latitude: 52.5, longitude: 179.9, radiusKm: 500 } })).toEqual(new Set());
    // The condition's box is the index's expression: with sequential scans off the plan uses it.
    const near = nearCondition({ latitude: 52.52, longitude: 13.405, radiusKm: 30 });
    const plan = await em().transactional(async (tx) => {
      await tx.execute('set local enable_seqscan = off');
      const rows = await tx.execute<Record<string, string>[]>(
        `explain select j.id from job j where ${near.sql}`,
        near.params,
      );
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('job_geo_box_idx');
  });
});

describe(`near filter over GraphQL (${TEST_DB})`, () => {
  const query = `query ($filter: JobFilter) {
    searchJobs(filter: $filter, first: 50) { totalCount edges { node { id places { city latitude longitude } } } }
  }`;
  const nodes = (body: Awaited<ReturnType<typeof gql>>) =>
    new Set((body.data?.searchJobs.edges as { node: { id: string } }[]).map((e) => e.node.id));

  it('filters by a place name or by coordinates', async () => {
    const named = await gql(null, query, {
      filter: { query: 'geotest', near: { place: 'Berlin', radiusKm: 30 } },
    });
    expect(named.errors).toBeUndefined();
    expect(named.data?.searchJobs.totalCount).toBe(4);
    expect(nodes(named)).toEqual(new Set([ids.berlin, ids.potsdam, ids.both, ids.other]));
    const point = await gql(null, query, {
      filter: { query: 'geotest', near: { latitude: 53.55, longitude: 9.99, radiusKm: 10 } },
    });
    expect(nodes(point)).toEqual(new Set([ids.hamburg, ids.both]));
    const berlin = (point.data?.searchJobs.edges as { node: { places: unknown[] } }[])[0]!.node.places[0];
    expect(berlin).toMatchObject({ city: 'Hamburg', latitude: 53.55073, longitude: 9.99302 });
  });

  it('answers bad input with invalid_parameter', async () => {
    for (const near of [
      { place: 'Xyzzyville' },
      { place: 'Berlin', latitude: 1, longitude: 2 },
      { latitude: 52 },
      { latitude: 91, longitude: 0 },
      { latitude: 0, longitude: 181 },
      { place: 'Berlin', radiusKm: 1001 },
      {},
    ]) {
      const body = await gql(null, query, { filter: { near } });
      expect(codeOf(body), JSON.stringify(near)).toBe('invalid_parameter');
      expect(body.data?.searchJobs ?? null).toBeNull();
    }
  });

  it('keeps organizationJobs to the caller, and saved searches give the near filter back', async () => {
    const org = await gql(
      keyA,
      `{ organizationJobs(filter: { near: { place: "Berlin", radiusKm: 30 } }, first: 50) { totalCount } }`,
    );
    expect(org.data?.organizationJobs.totalCount).toBe(3);
    const saved = await gql(
      adminA,
      `mutation { createSavedSearch(name: "GQL near", filter: { near: { place: "Hamburg", radiusKm: 20 } }) {
        filter { near { place latitude longitude radiusKm } } } }`,
    );
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.createSavedSearch.filter.near).toEqual({
      place: 'Hamburg',
      latitude: 53.55073,
      longitude: 9.99302,
      radiusKm: 20,
    });
  });
});
