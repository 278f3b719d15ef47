import { describe, expect, it } from 'vitest';
import { arrayLiteral, buildJobWhere, buildRelevance } from '../../../src/db/repositories/job-filter.sql.ts';
import type { JobFilter } from '../../../src/domain/job-filter.ts';

const now = new Date('2026-11-22T00:00:00Z');
const where = (filter: JobFilter) => buildJobWhere(filter, now);
const placeholders = (sql: string) => (sql.match(/\?/g) ?? []).length;

describe('filter → SQL', () => {
  it('shows open jobs and nothing else by default', () => {
    expect(where({})).toEqual({ sql: 'j.status = ?', params: ['open'], usesCompany: false, from: 'job j' });
    expect(where({ status: 'any' }).sql).toBe('true');
  });

  it('ignores empty lists', () => {
    const w = where({ cities: [], skills: [], jobTypes: [], companies: [] });
    expect(w.sql).toBe('j.status = ?');
  });

  it.each<[string, JobFilter, RegExp, unknown[]]>([
    [
      'query: all words as prefixes',
      { query: 'Senior  ENG' },
      /search_vector @@ to_tsquery/,
      ['senior:* & eng:*'],
    ],
    [
      'cities: folded, any of',
      { cities: ['Zürich', 'BERLIN'] },
      /city_keys && \?::text\[\]/,
      ['{"zurich","berlin"}'],
    ],
    ['countries: upper case', { countries: ['de', 'Us'] }, /country_codes && \?::text\[\]/, ['{"DE","US"}']],
    [
      'skills: all of, folded',
      { skills: ['TypeScript', 'PostgreSQL'] },
      /skill_keys @> \?::text\[\]/,
      ['{"typescript","postgresql"}'],
    ],
    [
      'min salary: the range reaches it',
      { minSalaryUsd: 100_000 },
      /coalesce\(j\.salary_max_usd, j\.salary_min_usd\) >= \?/,
      [100_000],
    ],
    [
      'max salary: the range starts below it',
      { maxSalaryUsd: 90_000 },
      /coalesce\(j\.salary_min_usd, j\.salary_max_usd\) <= \?/,
      [90_000],
    ],
    ['posted within days', { postedWithinDays: 7 }, /posted_at >= \?/, [new Date('2026-11-15T00:00:00Z')]],
    [
      'categories by slug become ids',
      { categories: ['design'] },
      /category_id = any\(\?::uuid\[\]\)/,
      [expect.stringMatching(/^\{"[0-9a-f-]{36}"\}$/)],
    ],
    ['unknown categories match none', { categories: ['no-such-thing'] }, /category_id = any/, ['{}']],
    [
      'remote types: a list the planner sees',
      { remoteTypes: ['remote', 'hybrid'] },
      /remote_type = any\(\?::text\[\]\)/,
      ['{"remote","hybrid"}'],
    ],
    ['remote only', { isRemote: true }, /remote_type = 'remote'/, []],
    ['visa sponsorship', { visaSponsorship: false }, /visa_sponsorship = \?/, [false]],
  ])('%s', (_name, filter, clause, params) => {
    const w = where({ status: 'any', ...filter });
    expect(w.sql).toMatch(clause);
    expect(w.params).toEqual(params);
    expect(placeholders(w.sql)).toBe(w.params.length);
  });

  it('writes lists as array literals no value can escape', () => {
    expect(arrayLiteral([])).toBe('{}');
    expect(arrayLiteral(['a b', 'x,y', '{z}', 'NULL', ''])).toBe('{"a b","x,y","{z}","NULL",""}');
    expect(arrayLiteral(['say "hi"', 'back\\slash'])).toBe('{"say \\"hi\\"","back\\\\slash"}');
  });

  it('starts an organization listing from its memberships', () => {
    const w = where({ organizationId: '0b0b0000-0000-4000-8000-00000000000b', companies: ['Acme'] });
    expect(w.from).toBe(
      'organization_job oj join job j on j.id = oj.job_id join company c on c.id = j.company_id',
    );
    expect(w.sql).toMatch(/oj\.organization_id = \?/);
    expect(where({ cities: ['Berlin'] }).from).toBe('job j');
  });

  it('marks filters that need the company row', () => {
    expect(where({ companies: ['Acme'] }).usesCompany).toBe(true);
    expect(where({ excludeCompanies: ['Acme'] }).sql).toMatch(/not \(c\.id/);
    expect(where({ cities: ['Berlin'] }).usesCompany).toBe(false);
  });

  it('keeps every user value in parameters, never in the SQL text', () => {
    const hostile = "x'); drop table job; --";
    const w = where({
      query: hostile,
      cities: [hostile],
      departments: [hostile],
      companies: [hostile],
      locations: [hostile],
    });
    expect(w.sql).not.toContain('drop');
    expect(placeholders(w.sql)).toBe(w.params.length);
  });

  it('scores relevance per word: whole word over prefix, title over company over description', () => {
    const r = buildRelevance('rust engineer');
    expect(r.params).toEqual([
      ...['rust:A', 'rust:*A', 'rust:B', 'rust:*B', 'rust & engineer:*'],
      ...['engineer:A', 'engineer:*A', 'engineer:B', 'engineer:*B', 'rust:* & engineer'],
    ]);
    expect(r.sql).toContain('then 371293');
    // The description's whole word from the text index, not each row's vector.
    expect(r.sql).toContain('j.id in (select x.id from job x where x.search_vector @@');
    expect(r.sql).toMatch(/else 1 end\)$/);
    expect(placeholders(r.sql)).toBe(r.params.length);
    expect(buildRelevance('  ')).toEqual({ sql: '0', params: [] });
  });
});
