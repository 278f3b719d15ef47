import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SortOrder } from '../../src/domain/enums.ts';
import type { JobFilter, PageRequest } from '../../src/domain/job-filter.ts';
import { fromClause, buildJobWhere } from '../../src/db/repositories/job-filter.sql.ts';
import { SearchIndexRepository } from '../../src/db/repositories/search-index.repository.ts';
import { DEMO_ORGANIZATION } from '../../src/demo/demo-organization.ts';
import { seedDemo } from '../../src/ingest/seed-demo.ts';
import { buildSearchIndex } from '../../src/search/build-index.ts';
import type { Facets } from '../../src/search/facets.ts';
import type { SearchIndex } from '../../src/search/search-index.ts';
import type { Services } from '../../src/services.ts';
import type { PlaceParts } from '../../src/domain/job.ts';
import { makeJob, storeJobs } from '../helpers/factories.ts';
import {
  createRng,
  loadSearchVocabulary,
  randomFilter,
  type Rng,
  type SearchVocabulary,
} from '../helpers/random-search.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * The index must give the SQL path's answers (issue 9, item 5): the same total and the
 * same page of ids in the same order for random words, filters, sorts and pages, and
 * facet counts equal to a plain GROUP BY over the same matches. Deterministic: set
 * SEARCH_INDEX_SEED to replay a failure (its seed and query are in the message).
 */
const SEED = Number(process.env.SEARCH_INDEX_SEED ?? 9_2026);
const QUERIES = Number(process.env.SEARCH_INDEX_QUERIES ?? 2000);
/** Rounds of writes in the test under writes, each followed by QUERIES / ROUNDS searches. */
const ROUNDS = 40;
const NOW = new Date('2026-11-22T00:00:00Z');
const OTHER_ORG = { id: '0b6a3d52-58d5-4f0e-9d27-3c1f1e0a7b11', name: 'Other Org', slug: 'other-org' };

let services: Services;
let index: SearchIndex;
let vocabulary: SearchVocabulary;

/**
 * Places for the near filter's edges: by the antimeridian, by a pole, several places with
 * and without coordinates, a coordinate that is no JSON number (neither path reads it).
 */
function specialPlaces(i: number, k: number): PlaceParts[] {
  const zurich: PlaceParts = {
    city: 'Zürich',
    region: null,
    countryCode: 'CH',
    latitude: 47.36667,
    longitude: 8.55,
  };
  const berlin: PlaceParts = {
    city: 'Berlin',
    region: null,
    countryCode: 'DE',
    latitude: 52.52437,
    longitude: 13.41053,
  };
  const edges: PlaceParts[][] = [
    [berlin],
    [{ city: 'Anadyr', region: null, countryCode: 'RU', latitude: 64.73424, longitude: 177.5103 }],
    [{ city: 'Suva', region: null, countryCode: 'FJ', latitude: -18.14161, longitude: 178.44149 }, berlin],
    [{ city: 'Apia', region: null, countryCode: 'WS', latitude: -13.83333, longitude: -171.76666 }],
    [{ city: 'Station', region: null, countryCode: null, latitude: 89.9, longitude: -45 }],
    [{ city: 'Berlin', region: null, countryCode: 'DE' }, zurich],
    [
      {
        city: 'Oddity',
        region: null,
        countryCode: 'DE',
        latitude: '52.5' as unknown as number,
        longitude: 13.4,
      },
    ],
  ];
  return k === 1 ? [zurich] : edges[i]!;
}

/** Jobs whose text exercises the tokenizer's special cases, some closed, some on two boards. */
function specialJobs() {
  const texts = [
    ['Senior C++ Engineer', 'Zürich Instruments AG', 'Modern C++ and C# for trading; .NET services too.'],
    ['C# Developer (.NET Core)', 'Société Générale', 'We write C#, F# and ASP.NET daily.'],
    ['Ingénieur logiciel', 'Crème Brûlée SàRL', 'Développement en français à Montréal, Straße, Łódź.'],
    ['Account Manager', 'Accountable Inc', 'Accounts and accountability.'],
    ['Accountable Manager', 'Account Partners', 'Manage accounts for engineers.'],
    ['Data Engineer 2', 'Enginuity', 'Engineering data pipelines; engage with the engine room.'],
    ['Node.js Engineer', 'dotNet Shop', 'node net dotnet .net c++ cplusplus'],
  ];
  return texts.flatMap(([title, companyName, descriptionText], i) =>
    [0, 1, 2].map((k) =>
      makeJob({
        title: title!,
        companyName: companyName!,
        companyNormalizedName: `${companyName!.toLowerCase()}`,
        descriptionText: descriptionText!,
        descriptionHtml: `<p>${descriptionText}</p>`,
        postedAt: new Date(Date.UTC(2026, 9, 1 + i, k, 0, 0, k * 7)),
        status: k === 2 ? (i % 2 ? 'closed' : 'expired') : 'open',
        salaryMinUsd: k === 0 ? 100_000 : null,
        salaryMaxUsd: k === 0 ? 150_000 : k === 1 ? 50_000 : null,
        skills: k === 0 ? ['C++', 'Python'] : ['SQL'],
        remoteType: k === 0 ? 'remote' : 'hybrid',
        city: k === 1 ? 'Zürich' : 'Berlin',
        places: specialPlaces(i, k),
        countryCode: k === 1 ? 'CH' : 'DE',
      }),
    ),
  );
}

beforeAll(async () => {
  services = await createTestServices({ clock: () => NOW }, { NORMALIZE_THREADS: '0' });
  await seedDemo(services, 2500);
  const em = services.orm.em.fork();
  await services.organizations.ensureOrganization(em, OTHER_ORG);
  const special = specialJobs();
  await storeJobs(services, special.slice(0, 12), { organizationIds: [OTHER_ORG.id] });
  await storeJobs(services, special.slice(12), { organizationIds: [OTHER_ORG.id, DEMO_ORGANIZATION.id] });

  index = await buildSearchIndex(new SearchIndexRepository(), services.orm.em.fork(), { clock: () => NOW });

  vocabulary = await loadSearchVocabulary(services, [DEMO_ORGANIZATION.id, OTHER_ORG.id]);
}, 600_000);
afterAll(() => services?.close());

/**
 * A random page: by offset mostly; one in four a keyset page (GraphQL cursors) after, or
 * backward before, the key of a row SQL puts at a random position.
 */
async function randomPage(rng: Rng, filter: JobFilter, sort: SortOrder | undefined): Promise<PageRequest> {
  const limit = rng.pick([1, 5, 20, 50]);
  if (rng.chance(0.25)) {
    const at = rng.int(0, 80);
    const anchor = await services.jobs.search(services.orm.em.fork(), filter, sort, { offset: at, limit: 1 });
    const key = anchor.keys[0];
    if (key)
      return rng.chance(0.4)
        ? { offset: 0, limit, before: key, backward: true }
        : { offset: 0, limit, after: key };
  }
  return { offset: rng.chance(0.7) ? 0 : rng.pick([limit, 2 * limit, rng.int(0, 300)]), limit };
}

/** The facets by plain SQL over the same matches (the SQL path's WHERE). */
async function sqlFacets(filter: JobFilter): Promise<Facets> {
  const where = buildJobWhere(filter, NOW);
  const em = services.orm.em.fork();
  const rows = await em.execute<{ facet: string; value: string; count: string | number }[]>(
    `with m as materialized (select j.* from ${fromClause(Boolean(filter.organizationId), true)} where ${where.sql}),
     g as (
       select 'remoteType' as facet, remote_type as value, count(*) as count from m group by 2
       union all select 'jobType', job_type, count(*) from m where job_type is not null group by 2
       union all select 'seniority', seniority, count(*) from m where seniority is not null group by 2
       union all select 'category', category_id::text, count(*) from m where category_id is not null group by 2
       union all select 'country', v, count(*) from m, unnest(m.country_codes) v group by 2
       union all select 'city', v, count(*) from m, unnest(m.city_keys) v group by 2
       union all select 'skill', v, count(*) from m, unnest(m.skill_keys) v group by 2
       union all select 'salary', case
           when coalesce(salary_max_usd, salary_min_usd) < 50000 then '0-50000'
           when coalesce(salary_max_usd, salary_min_usd) < 100000 then '50000-100000'
           when coalesce(salary_max_usd, salary_min_usd) < 150000 then '100000-150000'
           when coalesce(salary_max_usd, salary_min_usd) < 200000 then '150000-200000'
           else '200000+' end, count(*)
         from m where coalesce(salary_max_usd, salary_min_usd) >= 0 group by 2
     )
     select facet, value, count from g order by facet, count desc, value collate "C"`,
    where.params,
  );
  const facets: Facets = {
    remoteType: [],
    jobType: [],
    seniority: [],
    category: [],
    country: [],
    city: [],
    skill: [],
    salary: [],
  };
  for (const r of rows) facets[r.facet as keyof Facets].push({ value: r.value, count: Number(r.count) });
  facets.city = facets.city.slice(0, 20);
  facets.skill = facets.skill.slice(0, 20);
  const bands = ['0-50000', '50000-100000', '100000-150000', '150000-200000', '200000+'];
  facets.salary.sort((a, b) => bands.indexOf(a.value) - bands.indexOf(b.value));
  return facets;
}

describe(`search index = SQL path (${TEST_DB})`, () => {
  it('indexes every job, words of all three fields', () => {
    expect(index.docCount).toBeGreaterThan(2500);
    const terms = index.termCounts;
    expect(terms.title).toBeGreaterThan(50);
    expect(terms.description).toBeGreaterThan(terms.title);
    // Enough cities and skills that their facets take both counting paths (ValueIndex: > 64 values).
    expect(vocabulary.cities.length).toBeGreaterThan(64);
    expect(vocabulary.skills.length).toBeGreaterThan(64);
  });

  it(`gives SQL's totals and pages for ${QUERIES} random searches, and its facet counts`, async () => {
    const rng = createRng(SEED);
    const sorts: (SortOrder | undefined)[] = [undefined, 'relevance', 'newest', 'salary', 'first_seen'];
    let compared = 0;
    let nonEmpty = 0;
    let unsupported = 0;
    let scored = 0;
    for (let q = 0; q < QUERIES; q++) {
      const filter = randomFilter(rng, vocabulary, NOW);
      const sort = rng.pick(sorts);
      const page = await randomPage(rng, filter, sort);
      const withFacets = q % 8 === 0;
      const context = `seed ${SEED}, query #${q}: ${JSON.stringify({ filter, sort, page })}`;
      const answer = index.query(filter, sort, page, { facets: withFacets });
      if (answer === 'unsupported') {
        unsupported++;
        continue;
      }
      const sql = await services.jobs.search(services.orm.em.fork(), filter, sort, page);
      expect(answer.total, context).toBe(sql.total);
      expect(answer.ids, context).toEqual(sql.items.map((j) => j.id));
      // A ranked page's scores are what the page read takes for the cursors' keys
      // instead of computing relevance in SQL (JobRepository.pageByIds).
      if (answer.scores) {
        expect(answer.scores, context).toEqual(sql.keys.map((k) => Number(k[0])));
        if (answer.scores.length > 0) scored++;
      }
      if (withFacets) expect(answer.facets, context).toEqual(await sqlFacets(filter));
      compared++;
      if (sql.total > 0) nonEmpty++;
    }
    // About one search in sixteen is ranked with a page (126 of 2,000 with this seed).
    expect(scored).toBeGreaterThan(QUERIES * 0.03);
    expect(compared).toBeGreaterThanOrEqual(QUERIES * 0.95);
    // The random searches must mostly find something, or equality proves little.
    expect(nonEmpty).toBeGreaterThan(compared * 0.3);
    expect(unsupported).toBeLessThan(QUERIES * 0.05);
  }, 900_000);

  it(`gives SQL's answers while jobs are written: ${QUERIES} searches between ${ROUNDS} rounds of writes`, async () => {
    // The live index of these services (started by createTestServices), following the change log.
    const live = services.search.index!;
    expect(await live.ready()).toBe(true);
    const rng = createRng(SEED + 1);
    const sorts: (SortOrder | undefined)[] = [undefined, 'relevance', 'newest', 'salary', 'first_seen'];
    const sql = (text: string, params: unknown[] = []) => services.orm.em.fork().execute(text, params);
    const ids = async () =>
      (
        await services.orm.em.fork().execute<{ id: string }[]>('select id::text as id from job order by id')
      ).map((r) => r.id);
    let maxSegments = 0;
    let compared = 0;
    let nonEmpty = 0;
    for (let round = 0; round < ROUNDS; round++) {
      // A round of writes of every kind the index follows.
      const all = await ids();
      const some = (n: number) => Array.from({ length: n }, () => rng.pick(all));
      const fresh = Array.from({ length: rng.int(1, 30) }, () =>
        makeJob({
          title: `${rng.pick(vocabulary.words)} ${rng.pick(vocabulary.words)} Engineer`,
          companyName: rng.pick(vocabulary.companies),
          descriptionText: Array.from({ length: 12 }, () => rng.pick(vocabulary.words)).join(' '),
          postedAt: new Date(NOW.getTime() - rng.int(0, 90 * 86_400_000)),
          salaryMinUsd: rng.chance(0.5) ? rng.int(30, 200) * 1000 : null,
          skills: rng.some(vocabulary.skills, 3),
          remoteType: rng.pick(['remote', 'hybrid', 'onsite'] as const),
        }),
      );
      await storeJobs(services, fresh, { organizationIds: rng.chance(0.5) ? [OTHER_ORG.id] : [] });
      await sql(
        `update job set status = case status when 'open' then 'closed' when 'closed' then 'expired' else 'open' end
                  where id = any(?::uuid[])`,
        [`{${some(rng.int(1, 40)).join(',')}}`],
      );
      await sql(
        `update job set salary_max_usd = ?, posted_at = posted_at - interval '1 day' * ?
                  where id = any(?::uuid[])`,
        [rng.int(40, 300) * 1000, rng.int(0, 30), `{${some(rng.int(1, 20)).join(',')}}`],
      );
      // Places moved (the near filter's coordinates), or their coordinates dropped.
      await sql(
        `update job set places = case when random() < 0.2 then '[{"city":"Nowhere","region":null,"countryCode":null}]'::jsonb
                  else jsonb_build_array(jsonb_build_object('city', 'Moved', 'region', null, 'countryCode', null,
                         'latitude', ?::float8, 'longitude', ?::float8)) end
                  where id = any(?::uuid[])`,
        [rng.next() * 20 + 40, rng.next() * 30 - 10, `{${some(rng.int(1, 10)).join(',')}}`],
      );
      await sql(`delete from organization_job where job_id = any(?::uuid[])`, [
        `{${some(rng.int(1, 20)).join(',')}}`,
      ]);
      await sql(
        `insert into organization_job (organization_id, job_id, origin)
         select ?::uuid, id, 'manual' from job where id = any(?::uuid[]) on conflict do nothing`,
        [rng.pick([OTHER_ORG.id, DEMO_ORGANIZATION.id]), `{${some(rng.int(1, 20)).join(',')}}`],
      );
      // A search reads the log first: nothing committed before it may be missing.
      await live.sync();
      const index = live.index()!;
      maxSegments = Math.max(maxSegments, index.segments.length);
      for (let q = 0; q < QUERIES / ROUNDS; q++) {
        const filter = randomFilter(rng, vocabulary, NOW);
        const sort = rng.pick(sorts);
        const page = await randomPage(rng, filter, sort);
        const withFacets = q % 4 === 0;
        const context = `seed ${SEED + 1}, round ${round}, query #${q}: ${JSON.stringify({ filter, sort, page })}`;
        const answer = index.query(filter, sort, page, { facets: withFacets });
        if (answer === 'unsupported') continue;
        const expected = await services.jobs.search(services.orm.em.fork(), filter, sort, page);
        expect(answer.total, context).toBe(expected.total);
        expect(answer.ids, context).toEqual(expected.items.map((j) => j.id));
        if (withFacets) expect(answer.facets, context).toEqual(await sqlFacets(filter));
        compared++;
        if (expected.total > 0) nonEmpty++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(QUERIES * 0.95);
    expect(nonEmpty).toBeGreaterThan(compared * 0.3);
    // The writes were followed in small segments, merged as they grew: the merge paths ran.
    expect(maxSegments).toBeGreaterThan(1);
  }, 900_000);

  it("gives SQL's answers for near filters around every stored place, by the antimeridian and the poles", async () => {
    // The live index: the test above has written since the built one was made.
    const live = services.search.index!;
    await live.sync();
    const current = live.index()!;
    const rng = createRng(SEED + 2);
    const centers: [number, number][] = [
      ...vocabulary.points.filter((_, i) => i % Math.max(1, Math.floor(vocabulary.points.length / 60)) === 0),
      [-16, 180],
      [-16, -180],
      [65, -179.99],
      [90, 0],
      [-90, 0],
      [89.9, 135],
    ];
    let nonEmpty = 0;
    for (const [latitude, longitude] of centers) {
      for (const radiusKm of [0.1, 1, 27, 300, 1000]) {
        const filter: JobFilter = { near: { latitude, longitude, radiusKm }, status: 'any' };
        if (rng.chance(0.3)) filter.query = rng.pick(vocabulary.words).slice(0, 3);
        const context = JSON.stringify(filter);
        const answer = current.query(filter, 'newest', { offset: 0, limit: 50 }, { facets: true });
        expect(answer, context).not.toBe('unsupported');
        if (answer === 'unsupported') continue;
        const sql = await services.jobs.search(services.orm.em.fork(), filter, 'newest', {
          offset: 0,
          limit: 50,
        });
        expect(answer.total, context).toBe(sql.total);
        expect(answer.ids, context).toEqual(sql.items.map((j) => j.id));
        expect(answer.facets, context).toEqual(await sqlFacets(filter));
        if (sql.total > 0) nonEmpty++;
      }
    }
    expect(nonEmpty).toBeGreaterThan(centers.length);
    // The special places in the index built before those writes (they may have moved since):
    // Suva and Anadyr from across the antimeridian, the station from the pole.
    const total = (latitude: number, longitude: number, radiusKm: number) => {
      const answer = index.query({ near: { latitude, longitude, radiusKm }, status: 'any' }, 'newest', {
        offset: 0,
        limit: 1,
      });
      return answer === 'unsupported' ? -1 : answer.total;
    };
    expect(total(-18.14161, -179.9, 200)).toBe(2);
    expect(total(64.73424, -179.5, 200)).toBe(2);
    expect(total(90, 0, 12)).toBe(2);
  });

  it('answers a location filter with "unsupported" (SQL serves it)', () => {
    expect(index.query({ locations: ['Berlin'] }, undefined, { offset: 0, limit: 10 })).toBe('unsupported');
    expect(index.query({ query: '東京' }, undefined, { offset: 0, limit: 10 })).toBe('unsupported');
    // PostgreSQL's parser reads "12e3x" as the phrase 12e3 <-> x; the stored word is 12e3x.
    expect(index.query({ query: 'data 12e3x' }, undefined, { offset: 0, limit: 10 })).toBe('unsupported');
  });
});
