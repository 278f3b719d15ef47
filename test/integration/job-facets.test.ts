import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../src/domain/categories.ts';
import { DEMO_ORGANIZATION } from '../../src/demo/demo-organization.ts';
import {
  FACET_NAMES,
  FACET_TOP,
  orderFacet,
  type FacetCount,
  type FacetName,
} from '../../src/domain/job-facets.ts';
import type { JobFilter } from '../../src/domain/job-filter.ts';
import { seedDemo } from '../../src/ingest/seed-demo.ts';
import type { Services } from '../../src/services.ts';
import { ORG_A, ORG_B, seedDataset } from '../helpers/dataset.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

let services: Services;

const NOW = new Date('2026-11-22T00:00:00Z');

beforeAll(async () => {
  services = await createTestServices({ clock: () => NOW });
  await seedDataset(services);
  await seedDemo(services, 1500);
});
afterAll(() => services?.close());

const em = () => services.orm.em.fork();
const facets = (filter: JobFilter, names: readonly FacetName[] = FACET_NAMES) =>
  services.jobs.facets(em(), filter, names);

/** Every job of the search's result set (the facets' definition), paged through the search itself. */
async function resultIds(filter: JobFilter): Promise<string[]> {
  const out: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await services.jobs.search(em(), filter, 'newest', { offset, limit: 100 });
    out.push(...page.items.map((j) => j.id));
    if (out.length >= page.total || page.items.length === 0) return out;
  }
}

/** The value each facet groups by, written plainly over the job row. */
const REFERENCE_VALUE: Record<FacetName, string> = {
  remote_type: 'remote_type::text',
  job_type: 'job_type::text',
  seniority: 'seniority::text',
  category: 'category_id::text',
  country: 'unnest(country_codes)',
  city: 'unnest(city_keys)',
  skill: 'unnest(skill_keys)',
  salary: `case
    when coalesce(salary_max_usd, salary_min_usd) is null then null
    when coalesce(salary_max_usd, salary_min_usd) < 50000 then '0-50000'
    when coalesce(salary_max_usd, salary_min_usd) < 100000 then '50000-100000'
    when coalesce(salary_max_usd, salary_min_usd) < 150000 then '100000-150000'
    when coalesce(salary_max_usd, salary_min_usd) < 200000 then '150000-200000'
    else '200000+' end`,
};

/** Independent counts: a plain GROUP BY over the result set's ids, ordered and cut here. */
async function referenceFacet(jobIds: string[], name: FacetName): Promise<FacetCount[]> {
  const rows = await em().execute<{ value: string | null; n: string | number }[]>(
    `select value, count(*) as n from (select ${REFERENCE_VALUE[name]} as value from job
       where id::text in (select jsonb_array_elements_text(?::jsonb))) t
      where value is not null group by value`,
    [JSON.stringify(jobIds)],
  );
  const ordered = orderFacet(
    name,
    rows.map((r) => ({ value: String(r.value), count: Number(r.n) })),
  );
  return name === 'city' || name === 'skill' ? ordered.slice(0, FACET_TOP) : ordered;
}

const CASES: [string, JobFilter][] = [
  ['every open job', {}],
  ['a broad word', { query: 'engineer' }],
  ['two words, one a prefix', { query: 'senior eng' }],
  ['words and filters', { query: 'data', remoteTypes: ['remote', 'hybrid'], minSalaryUsd: 80_000 }],
  ['filters only', { jobTypes: ['full-time'], seniorities: ['senior', 'lead'] }],
  ['a skill (all-of)', { skills: ['Python'] }],
  ['a city and a country', { cities: ['Berlin'], countries: ['DE', 'US'] }],
  ['a salary range', { minSalaryUsd: 100_000, maxSalaryUsd: 180_000 }],
  ['the demo organization listing', { organizationId: DEMO_ORGANIZATION.id }],
  ['an organization listing with a word', { organizationId: DEMO_ORGANIZATION.id, query: 'manager' }],
  ['closed jobs too', { status: 'any', query: 'rustacean' }],
  ['a company left out (the company join)', { excludeCompanies: ['Acme Widgets'], query: 'manager' }],
  ['nothing matches', { query: 'zzzqqqxxx' }],
];

describe(`facet counts (${TEST_DB})`, () => {
  it.each(CASES)('equal plain GROUP BYs over the result set: %s', async (_label, filter) => {
    const jobIds = await resultIds(filter);
    const actual = await facets(filter);
    expect(Object.keys(actual)).toEqual([...FACET_NAMES]);
    for (const name of FACET_NAMES)
      expect({ name, counts: actual[name] }).toEqual({ name, counts: await referenceFacet(jobIds, name) });
  });

  it('cover enough values to mean something', async () => {
    const all = await facets({});
    expect(all.city).toHaveLength(FACET_TOP);
    expect(all.skill).toHaveLength(FACET_TOP);
    expect(all.salary!.length).toBeGreaterThanOrEqual(4);
    expect(all.category!.length).toBeGreaterThan(5);
  });

  it('computes only the facets asked for, and nothing for none', async () => {
    expect(Object.keys(await facets({ query: 'engineer' }, ['skill', 'remote_type']))).toEqual([
      'skill',
      'remote_type',
    ]);
    expect(await facets({}, [])).toEqual({});
    // Each facet alone, and any subset, counts as it does among all eight.
    const filter: JobFilter = { query: 'data', countries: ['US', 'DE', 'GB'] };
    const all = await facets(filter);
    for (const name of FACET_NAMES) expect(await facets(filter, [name])).toEqual({ [name]: all[name] });
    expect(await facets(filter, ['country', 'salary', 'city'])).toEqual({
      country: all.country,
      salary: all.salary,
      city: all.city,
    });
  });

  it('match hand counts on the small board', async () => {
    // Org A: both engineers, the intern, the analyst (two places), the rust title job.
    const a = await facets({ organizationId: ORG_A.id });
    expect(a.remote_type).toEqual([
      { value: 'onsite', count: 3 },
      { value: 'remote', count: 1 },
      { value: 'unknown', count: 1 },
    ]);
    expect(a.job_type).toEqual([
      { value: 'full-time', count: 4 },
      { value: 'internship', count: 1 },
    ]);
    expect(a.city).toEqual([
      { value: 'berlin', count: 2 },
      { value: 'austin', count: 1 },
      { value: 'london', count: 1 },
      { value: 'new york', count: 1 },
    ]);
    expect(a.country).toEqual([
      { value: 'DE', count: 2 },
      { value: 'US', count: 2 },
      { value: 'GB', count: 1 },
    ]);
    expect(a.skill).toEqual([
      { value: 'typescript', count: 2 },
      { value: 'postgresql', count: 1 },
      { value: 'python', count: 1 },
      { value: 'rust', count: 1 },
      { value: 'sql', count: 1 },
    ]);
    // 150,000 (the upper end) opens the next band; 166,400 a year from $80 an hour.
    expect(a.salary).toEqual([{ value: '150000-200000', count: 2 }]);
    expect(a.seniority).toEqual([
      { value: 'mid', count: 2 },
      { value: 'senior', count: 2 },
      { value: 'intern', count: 1 },
    ]);
    const category = (slug: string) => CATEGORIES.find((c) => c.slug === slug)!.id;
    expect(a.category).toEqual(
      orderFacet('category', [
        { value: category('software-engineering'), count: 3 },
        { value: category('marketing'), count: 1 },
        { value: category('data-science'), count: 1 },
      ]),
    );
  });

  it("never count another organization's jobs", async () => {
    // Org B: the shared analyst and the bookkeeper only; org A's engineers stay out.
    const b = await facets({ organizationId: ORG_B.id });
    expect(b.job_type).toEqual([
      { value: 'full-time', count: 1 },
      { value: 'part-time', count: 1 },
    ]);
    expect(b.seniority).toEqual([{ value: 'mid', count: 2 }]);
    expect(b.salary).toEqual([]);
    expect(b.skill).toEqual([
      { value: 'python', count: 1 },
      { value: 'sql', count: 1 },
    ]);
    const withWord = await facets({ organizationId: ORG_B.id, query: 'engineer' });
    expect(withWord.remote_type).toEqual([]);
    expect(withWord.city).toEqual([]);
  });

  it('equal the total when a value is added to the filter', async () => {
    const base: JobFilter = { query: 'eng' };
    const counts = await facets(base, ['remote_type', 'skill', 'city']);
    for (const { value, count } of counts.remote_type!.filter((c) => c.value !== 'unknown'))
      expect(await services.jobs.countMatches(em(), { ...base, remoteTypes: [value as 'remote'] })).toBe(
        count,
      );
    for (const { value, count } of counts.skill!.slice(0, 3))
      expect(await services.jobs.countMatches(em(), { ...base, skills: [value] })).toBe(count);
    for (const { value, count } of counts.city!.slice(0, 3))
      expect(await services.jobs.countMatches(em(), { ...base, cities: [value] })).toBe(count);
  });
});
