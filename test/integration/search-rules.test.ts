import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobFilter } from '../../src/domain/job-filter.ts';
import type { Services } from '../../src/services.ts';
import { JOB_COUNT_OPEN, seedDataset } from '../helpers/dataset.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

let services: Services;
let ids: Awaited<ReturnType<typeof seedDataset>>;

beforeAll(async () => {
  services = await createTestServices({ clock: () => new Date('2026-11-22T00:00:00Z') });
  ids = await seedDataset(services);
});
afterAll(() => services?.close());

async function search(filter: JobFilter, sort?: 'relevance' | 'newest' | 'salary') {
  const page = await services.jobs.search(services.orm.em.fork(), filter, sort, { offset: 0, limit: 100 });
  return { ids: page.items.map((j) => j.id), total: page.total, items: page.items };
}

describe(`search rules (${TEST_DB})`, () => {
  it('ranks a title match over a company match over a description match', async () => {
    const r = await search({ query: 'rustacean' });
    expect(r.ids).toEqual([ids.rustTitle, ids.rustCompany, ids.rustDescription]);
  });

  it('finds words by prefix, case-insensitively', async () => {
    expect((await search({ query: 'RUSTAC' })).total).toBe(3);
    expect((await search({ query: 'eng' })).ids).toEqual(
      expect.arrayContaining([ids.olderEngineer, ids.newerEngineer]),
    );
  });

  it('ANDs several words', async () => {
    const r = await search({ query: 'senior engineer globex' });
    expect(r.ids).toEqual([ids.newerEngineer]);
    expect((await search({ query: 'rustacean globex' })).total).toBe(0);
  });

  it('orders equal relevance newest first', async () => {
    const r = await search({ query: 'software engineer' });
    expect(r.ids).toEqual([ids.newerEngineer, ids.olderEngineer]);
  });

  it('ignores accents in queries and text', async () => {
    expect((await search({ query: 'zurich' })).ids).toEqual([ids.zurich]);
    expect((await search({ query: 'ZÜRI' })).ids).toEqual([ids.zurich]);
  });

  it('treats punctuation-only queries as no query', async () => {
    expect((await search({ query: ' -- ' })).total).toBe(JOB_COUNT_OPEN);
  });

  it('shows open jobs unless asked otherwise', async () => {
    expect((await search({ query: 'closed rustacean' })).total).toBe(0);
    expect((await search({ query: 'closed rustacean', status: 'closed' })).ids).toEqual([ids.closed]);
    expect((await search({ status: 'any' })).total).toBe(JOB_COUNT_OPEN + 1);
  });

  it('pages a ranked search with its true total, past the end too', async () => {
    const em = () => services.orm.em.fork();
    const pageOf = (offset: number, limit: number) =>
      services.jobs.search(em(), { query: 'rustacean' }, 'relevance', { offset, limit });
    const all = await pageOf(0, 100);
    const pages = [await pageOf(0, 1), await pageOf(1, 1), await pageOf(2, 1)];
    expect(pages.map((p) => p.items[0]?.id)).toEqual(all.items.map((j) => j.id));
    expect(pages.map((p) => p.total)).toEqual([3, 3, 3]);
    expect(await pageOf(3, 1)).toMatchObject({ items: [], total: 3 });
    expect(await pageOf(500, 20)).toMatchObject({ items: [], total: 3 });
    // Nothing matches: no rows, total 0; a company filter inside the ranked read.
    const none = await services.jobs.search(em(), { query: 'zzzqx' }, 'relevance', { offset: 0, limit: 20 });
    expect(none).toMatchObject({ items: [], total: 0 });
    const withCompany = await services.jobs.search(
      em(),
      { query: 'engineer', companies: ['Globex'] },
      'relevance',
      { offset: 0, limit: 20 },
    );
    expect(withCompany.items.map((j) => j.id)).toEqual([ids.newerEngineer]);
    expect(withCompany.total).toBe(1);
    // Ranked and counted from one read, the same as the count statement alone.
    expect(
      (await services.jobs.search(em(), { query: 'engineer' }, 'relevance', { offset: 0, limit: 1 })).total,
    ).toBe(await services.jobs.countMatches(em(), { query: 'engineer' }));
  });

  it('sorts by newest and by salary', async () => {
    const newest = await search({}, 'newest');
    const dates = newest.items.map((j) => j.postedAt.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const bySalary = await search({ hasSalary: true }, 'salary');
    expect(bySalary.ids).toEqual([ids.newerEngineer, ids.olderEngineer, ids.zurich]);
  });
});

describe(`filters (${TEST_DB})`, () => {
  const cases: [string, JobFilter, (keyof typeof ids)[]][] = [
    ['remote types', { remoteTypes: ['remote', 'hybrid'] }, ['newerEngineer', 'rustCompany']],
    ['is_remote', { isRemote: true }, ['newerEngineer']],
    ['cities, accent-insensitive, any place', { cities: ['zurich', 'Austin'] }, ['zurich', 'multiPlace']],
    ['countries', { countries: ['gb'] }, ['intern']],
    ['locations as free text', { locations: ['england'] }, ['intern']],
    [
      'min salary (annual USD, range reaches it)',
      { minSalaryUsd: 150_000 },
      ['olderEngineer', 'newerEngineer'],
    ],
    ['max salary', { maxSalaryUsd: 110_000 }, ['zurich']],
    ['has salary false', { hasSalary: false, query: 'engineer' }, []],
    ['skills, all of, case-insensitive', { skills: ['typescript', 'POSTGRESQL'] }, ['olderEngineer']],
    ['job types', { jobTypes: ['internship', 'contract'] }, ['zurich', 'intern']],
    ['seniorities', { seniorities: ['manager', 'intern'] }, ['rustCompany', 'intern']],
    ['categories by slug', { categories: ['data-science'] }, ['zurich', 'multiPlace']],
    ['companies by name', { companies: ['Globex', 'initech'] }, ['newerEngineer', 'partTime']],
    ['ats platforms', { atsPlatforms: ['greenhouse'] }, ['partTime']],
    ['sources', { sources: ['greenhouse'] }, ['partTime']],
    ['departments', { departments: ['data', 'FINANCE'] }, ['zurich', 'partTime']],
    ['posted after', { postedAfter: new Date('2026-11-15T00:00:00Z') }, ['rustDescription', 'intern']],
    ['posted before', { postedBefore: new Date('2026-11-01T12:00:00Z') }, ['rustTitle', 'zurich']],
    ['posted within days', { postedWithinDays: 5 }, ['intern']],
    ['visa sponsorship', { visaSponsorship: true }, ['newerEngineer']],
  ];
  it.each(cases)('%s', async (_name, filter, expected) => {
    const r = await search(filter);
    expect(new Set(r.ids)).toEqual(new Set(expected.map((k) => ids[k])));
    expect(r.total).toBe(expected.length);
  });

  it('excludes companies', async () => {
    const r = await search({ excludeCompanies: ['Acme Widgets'] });
    expect(r.ids.sort()).toEqual([ids.rustCompany, ids.newerEngineer, ids.partTime].sort());
  });

  it('filters by category id as well as slug', async () => {
    const bySlug = await search({ categories: ['finance'] });
    const [row] = await services.orm.em
      .fork()
      .execute<{ id: string }[]>(`select id from category where slug = 'finance'`);
    expect((await search({ categories: [row!.id] })).ids).toEqual(bySlug.ids);
  });

  it('takes list values with quotes, backslashes and braces as plain text', async () => {
    const odd = ['a"b', 'c\\d', "o'brien", '{x}', 'NULL', 'x,y'];
    const r = await search({ cities: odd, departments: odd, companies: odd, locations: odd, skills: odd });
    expect(r.total).toBe(0);
    expect((await search({ departments: [...odd, 'data'] })).ids).toEqual([ids.zurich]);
    expect(await services.jobs.findByIds(services.orm.em.fork(), [...odd, ids.zurich])).toMatchObject([
      { id: ids.zurich },
    ]);
  });

  it("restricts to an organization's board", async () => {
    const r = await search({ organizationId: '0b0b0000-0000-4000-8000-00000000000b' });
    expect(new Set(r.ids)).toEqual(new Set([ids.multiPlace, ids.partTime]));
  });
});
