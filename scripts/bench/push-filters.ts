/**
 * The push part's filters: drawn deterministically from the values of a database that
 * holds the run's jobs (the baseline ingest's), so most of them match some of the
 * jobs the measured ingest adds — words, prefixes, places, workplace and job types,
 * salary ranges, skills, companies, seniority, and mixes of them — and no two alike.
 */
import { Rng } from '../../src/demo/random.ts';
import { FILTERABLE_REMOTE_TYPES, JOB_TYPES, SENIORITIES } from '../../src/domain/enums.ts';
import type { JobFilter } from '../../src/domain/job-filter.ts';
import type { Services } from '../../src/services.ts';

/** Values with how many jobs carry them. */
type Counted = { v: string; n: number }[];

export interface PushVocabulary {
  titleWords: Counted;
  countries: Counted;
  cities: Counted;
  skills: Counted;
  companies: Counted;
  departments: Counted;
}

/** The stored values to draw filters from; values on fewer than `minJobs` jobs are left out. */
export async function loadPushVocabulary(services: Services, minJobs = 5): Promise<PushVocabulary> {
  const em = services.orm.em.fork();
  const counted = async (sql: string): Promise<Counted> =>
    (await em.execute<{ v: string; n: string }[]>(`${sql} having count(*) >= ${minJobs} order by 1`)).map(
      (r) => ({ v: r.v, n: Number(r.n) }),
    );
  return {
    titleWords: await counted(
      `select w as v, count(*) as n from job, regexp_split_to_table(lower(title), '[^[:alpha:]]+') w
        where length(w) >= 3 group by w`,
    ),
    countries: await counted('select v, count(*) as n from job, unnest(country_codes) v group by v'),
    cities: await counted('select v, count(*) as n from job, unnest(city_keys) v group by v'),
    skills: await counted('select v, count(*) as n from job, unnest(skill_keys) v group by v'),
    companies: await counted(
      'select c.name as v, count(*) as n from job j join company c on c.id = j.company_id group by c.name',
    ),
    departments: await counted(
      'select department as v, count(*) as n from job where department is not null group by department',
    ),
  };
}

type Shape = (rng: Rng, v: PushVocabulary) => JobFilter;

const some = <T>(rng: Rng, list: readonly T[], max: number): T[] => [
  ...new Set(Array.from({ length: rng.int(1, max) }, () => rng.pick(list))),
];
const values = (c: Counted) => c.map((x) => x.v);
const word = (rng: Rng, v: PushVocabulary) => rng.pick(values(v.titleWords));
const salary = (rng: Rng) => rng.pick([40_000, 60_000, 80_000, 100_000, 120_000, 150_000, 200_000]);

/** Filter shapes, by weight: mostly words, as people search; every filter field shows up. */
const SHAPES: (readonly [Shape, number])[] = [
  [(r, v) => ({ query: word(r, v) }), 20],
  [(r, v) => ({ query: word(r, v).slice(0, r.int(3, 5)) }), 10],
  [(r, v) => ({ query: `${word(r, v)} ${word(r, v).slice(0, 4)}` }), 6],
  [(r, v) => ({ query: word(r, v), remoteTypes: some(r, FILTERABLE_REMOTE_TYPES, 2) }), 8],
  [(r, v) => ({ query: word(r, v), countries: some(r, values(v.countries), 2) }), 8],
  [(r, v) => ({ countries: some(r, values(v.countries), 3), jobTypes: some(r, JOB_TYPES, 2) }), 6],
  [(r, v) => ({ cities: some(r, values(v.cities), 3) }), 6],
  [(r) => ({ remoteTypes: some(r, FILTERABLE_REMOTE_TYPES, 2), jobTypes: some(r, JOB_TYPES, 2) }), 3],
  [(r, v) => ({ query: word(r, v), minSalaryUsd: salary(r) }), 6],
  [
    (r, v) => {
      const min = salary(r);
      return { countries: some(r, values(v.countries), 2), minSalaryUsd: min, maxSalaryUsd: min + 60_000 };
    },
    5,
  ],
  [(r, v) => ({ skills: some(r, values(v.skills), 2) }), 6],
  [(r, v) => ({ skills: [r.pick(values(v.skills))], isRemote: r.chance(0.5) }), 3],
  [(r, v) => ({ companies: some(r, values(v.companies), 3) }), 4],
  [(r, v) => ({ query: word(r, v), seniorities: some(r, SENIORITIES, 2) }), 4],
  [(r, v) => ({ departments: some(r, values(v.departments), 2), hasSalary: true }), 2],
  [(r, v) => ({ query: word(r, v), jobTypes: some(r, JOB_TYPES, 2), remoteTypes: ['remote'] }), 3],
];

/** `count` distinct filters, the same for the same vocabulary and seed. */
export function generateFilters(vocabulary: PushVocabulary, count: number, seed: number): JobFilter[] {
  const rng = new Rng('push-filters', seed);
  const total = SHAPES.reduce((s, [, w]) => s + w, 0);
  const seen = new Set<string>();
  const out: JobFilter[] = [];
  for (let tries = 0; out.length < count && tries < count * 50; tries++) {
    let pick = rng.next() * total;
    const shape = SHAPES.find(([, w]) => (pick -= w) < 0)?.[0] ?? SHAPES[0]![0];
    const filter = shape(rng, vocabulary);
    const key = JSON.stringify(filter);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(filter);
  }
  if (out.length < count) throw new Error(`only ${out.length} distinct filters could be drawn`);
  return out;
}

/** A domain filter as GraphQL's `JobFilter` input (enum values by their GraphQL names). */
export function toGraphqlFilter(filter: JobFilter): Record<string, unknown> {
  const enumName = (v: string) => v.toUpperCase().replace(/-/g, '_');
  const out: Record<string, unknown> = { ...filter };
  for (const key of ['remoteTypes', 'jobTypes', 'seniorities'] as const)
    if (filter[key]) out[key] = filter[key]!.map(enumName);
  return out;
}
