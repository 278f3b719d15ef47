import type { JobFilter } from '../../src/domain/job-filter.ts';
import { CATEGORIES } from '../../src/domain/categories.ts';
import type { Services } from '../../src/services.ts';

/**
 * Random searches over a test database's own words and values, for the tests that
 * compare two ways of answering them: the differential test's generator
 * (search-index-differential.test.ts) and the snapshot test draw the same kind of searches.
 */
export interface SearchVocabulary {
  words: string[];
  cities: string[];
  countries: string[];
  skills: string[];
  companies: string[];
  companyIds: string[];
  departments: string[];
  organizationIds: string[];
  /** Coordinates of the stored places, [latitude, longitude]. */
  points: [number, number][];
}

/** Mulberry32: small, seedable, good enough to pick test cases. */
export function createRng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const some = <T>(list: readonly T[], max: number): T[] =>
    Array.from({ length: int(1, max) }, () => pick(list));
  return { next, int, pick, some, chance: (p: number) => next() < p };
}

export type Rng = ReturnType<typeof createRng>;

/** The stored words and values to draw searches from. */
export async function loadSearchVocabulary(
  services: Services,
  organizationIds: string[],
): Promise<SearchVocabulary> {
  const sample = <T>(sql: string) => services.orm.em.fork().execute<T[]>(sql);
  const words = await sample<{ w: string }>(
    `select distinct w from (select unnest(tsvector_to_array(search_vector)) as w from job) s order by w`,
  );
  const arrays = async (column: string) =>
    (await sample<{ v: string }>(`select distinct unnest(${column}) as v from job order by v`)).map(
      (r) => r.v,
    );
  return {
    words: words.map((r) => r.w),
    cities: await arrays('city_keys'),
    countries: await arrays('country_codes'),
    skills: await arrays('skill_keys'),
    companies: (await sample<{ name: string }>('select name from company order by name')).map((r) => r.name),
    companyIds: (await sample<{ id: string }>('select id::text as id from company order by id')).map(
      (r) => r.id,
    ),
    departments: (
      await sample<{ d: string }>(
        'select distinct department as d from job where department is not null order by d',
      )
    ).map((r) => r.d),
    organizationIds,
    points: (
      await sample<{ lat: number; lon: number }>(
        `select distinct (p->>'latitude')::float8 as lat, (p->>'longitude')::float8 as lon
           from job, jsonb_array_elements(places) p
          where jsonb_typeof(p->'latitude') = 'number' and jsonb_typeof(p->'longitude') = 'number'
          order by 1, 2`,
      )
    ).map((r) => [Number(r.lat), Number(r.lon)]),
  };
}

/**
 * A near filter: mostly around a stored place (moved a little), sometimes anywhere, by
 * the antimeridian or a pole; radii from a few km to the limit.
 */
function randomNear(rng: Rng, vocabulary: SearchVocabulary): NonNullable<JobFilter['near']> {
  const radiusKm = rng.pick([1, 5, 27, 30, 100, 255, 500, 1000, rng.int(1, 1000), rng.next() * 1000 + 0.1]);
  const point = vocabulary.points.length && rng.chance(0.8) ? rng.pick(vocabulary.points) : null;
  if (point) {
    const jitter = rng.chance(0.3) ? 0 : (rng.next() - 0.5) * 2;
    return { latitude: Math.max(-90, Math.min(90, point[0] + jitter)), longitude: point[1], radiusKm };
  }
  const [latitude, longitude] = rng.pick<[number, number]>([
    [rng.next() * 180 - 90, rng.next() * 360 - 180],
    [rng.next() * 20 - 10, rng.chance(0.5) ? 179.9 : -179.9],
    [rng.chance(0.5) ? 89.5 : -89.5, rng.next() * 360 - 180],
  ]);
  return { latitude, longitude, radiusKm };
}

const ACCENTED: Record<string, string> = { a: 'à', e: 'é', i: 'î', o: 'ö', u: 'ü', c: 'ç', n: 'ñ', s: 'ß' };

function randomQuery(rng: Rng, vocabulary: SearchVocabulary): string {
  const special = [
    'C++',
    'c#',
    '.NET',
    'F#',
    'cplusplus',
    'dotnet',
    'Zürich',
    'ÉCOLE',
    'straße',
    'Łódź',
    'node.js',
  ];
  const words = Array.from({ length: rng.int(1, 4) }, () => {
    if (rng.chance(0.1)) return rng.pick(special);
    if (rng.chance(0.05)) return rng.pick(['zzqx', 'qqq', '0', '2', 'x9', '1e5', '12e3x']);
    const word = rng.pick(vocabulary.words);
    let w = word.slice(0, rng.int(1, 6));
    if (rng.chance(0.15)) w = w.replace(/[aeioucns]/, (ch) => ACCENTED[ch] ?? ch);
    if (rng.chance(0.2)) w = w.toUpperCase();
    return w;
  });
  return words.join(rng.pick([' ', '  ', ', ', '-']));
}

/** A random search: words (3 in 4), and any of the filters, each with its own odds. */
export function randomFilter(rng: Rng, vocabulary: SearchVocabulary, now: Date): JobFilter {
  const f: JobFilter = {};
  if (rng.chance(0.75)) f.query = randomQuery(rng, vocabulary);
  const maybe = (p: number, set: () => void) => rng.chance(p) && set();
  maybe(0.15, () => (f.remoteTypes = rng.some(['remote', 'hybrid', 'onsite'] as const, 2)));
  maybe(0.05, () => (f.isRemote = rng.chance(0.5)));
  maybe(
    0.1,
    () =>
      (f.cities = rng.some(vocabulary.cities, 2).map((c) => (rng.chance(0.3) ? ` ${c.toUpperCase()} ` : c))),
  );
  maybe(
    0.1,
    () =>
      (f.countries = rng.some(vocabulary.countries, 2).map((c) => (rng.chance(0.3) ? c.toLowerCase() : c))),
  );
  maybe(0.1, () => (f.minSalaryUsd = rng.pick([0, 50_000, 100_000, 120_000, 150_000, rng.int(0, 300_000)])));
  maybe(0.08, () => (f.maxSalaryUsd = rng.pick([50_000, 100_000, 150_000, rng.int(0, 300_000)])));
  maybe(0.05, () => (f.hasSalary = rng.chance(0.5)));
  maybe(
    0.1,
    () => (f.skills = rng.some(vocabulary.skills, 2).map((s) => (rng.chance(0.3) ? s.toUpperCase() : s))),
  );
  maybe(
    0.1,
    () =>
      (f.jobTypes = rng.some(['full-time', 'part-time', 'contract', 'internship', 'temporary'] as const, 2)),
  );
  maybe(
    0.1,
    () => (f.seniorities = rng.some(['intern', 'entry', 'mid', 'senior', 'lead', 'manager'] as const, 2)),
  );
  maybe(0.1, () => (f.categories = rng.some(CATEGORIES, 2).map((c) => (rng.chance(0.5) ? c.slug : c.id))));
  maybe(0.06, () => (f.companies = rng.some([...vocabulary.companies, ...vocabulary.companyIds], 2)));
  maybe(0.04, () => (f.excludeCompanies = rng.some(vocabulary.companies, 2)));
  maybe(0.05, () => (f.atsPlatforms = rng.some(['demo', 'generic', 'GREENHOUSE'], 2)));
  maybe(0.03, () => (f.sources = rng.some(['demo', 'generic'], 1)));
  maybe(
    0.05,
    () =>
      (f.departments = rng
        .some(vocabulary.departments, 2)
        .map((d) => (rng.chance(0.3) ? ` ${d.toUpperCase()}` : d))),
  );
  maybe(
    0.06,
    () => (f.postedAfter = new Date(now.getTime() - rng.int(0, 90) * 86_400_000 - rng.int(0, 86_400_000))),
  );
  maybe(0.04, () => (f.postedBefore = new Date(now.getTime() - rng.int(0, 90) * 86_400_000)));
  maybe(0.05, () => (f.postedWithinDays = rng.int(1, 60)));
  maybe(0.04, () => (f.visaSponsorship = rng.chance(0.5)));
  maybe(0.12, () => (f.near = randomNear(rng, vocabulary)));
  maybe(0.08, () => (f.status = rng.pick(['open', 'closed', 'expired', 'any'] as const)));
  maybe(0.12, () => (f.organizationId = rng.pick(vocabulary.organizationIds)));
  return f;
}
