import { CATEGORIES } from '../../domain/categories.ts';
import { storableFilter, type JobFilter } from '../../domain/job-filter.ts';
import { fold, parseQueryTerms, prefixTsQuery, allTermsTsQuery } from '../../domain/search-text.ts';

/** A SQL fragment with its positional (`?`) parameters, in order. */
export { TEXT_ARRAY };

export interface SqlPart {
  sql: string;
  params: unknown[];
}

export interface WherePart extends SqlPart {
  /** Whether the clause refers to the company row (alias `c`). */
  usesCompany: boolean;
}

/**
 * A text[] from one JSON parameter. The ORM expands array parameters into lists,
 * so arrays travel as JSON and become arrays in SQL.
 */
const TEXT_ARRAY = 'array(select jsonb_array_elements_text(?::jsonb))';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;

export function foldAll(values: string[]): string[] {
  return [...new Set(values.map((v) => fold(v).trim()).filter(Boolean))];
}

export function categoryIds(values: string[]): string[] {
  return values.map((v) => {
    const key = v.trim().toLowerCase();
    return CATEGORIES.find((c) => c.id === key || c.slug === key || c.name.toLowerCase() === key)?.id ?? key;
  });
}

/** Matches a company by id, display name or normalized name. Alias `c` is the company row. */
function companyMatch(values: string[], params: unknown[]): string {
  const ids = values.filter((v) => UUID.test(v.trim())).map((v) => v.trim().toLowerCase());
  const names = foldAll(values);
  params.push(JSON.stringify(ids), JSON.stringify(names), JSON.stringify(names));
  return `(c.id::text = any(${TEXT_ARRAY}) or lower(unaccent(c.name)) = any(${TEXT_ARRAY}) or c.normalized_name = any(${TEXT_ARRAY}))`;
}

/**
 * The WHERE clause for a filter over `job j join company c`. Every list filter is
 * "any of" except skills ("all of"); an empty list means "no filter".
 */
export function buildJobWhere(input: JobFilter, now: Date): WherePart {
  const filter = storableFilter(input);
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => {
    where.push(sql);
    params.push(...values.map((v) => (Array.isArray(v) ? JSON.stringify(v) : v)));
  };

  const status = filter.status ?? 'open';
  if (status !== 'any') add('j.status = ?', status);

  const terms = parseQueryTerms(filter.query);
  if (terms.length > 0) add(`j.search_vector @@ to_tsquery('simple', ?)`, allTermsTsQuery(terms));

  if (filter.organizationId) {
    add(
      'exists (select 1 from organization_job oj where oj.job_id = j.id and oj.organization_id = ?)',
      filter.organizationId,
    );
  }
  if (filter.remoteTypes?.length) add(`j.remote_type = any(${TEXT_ARRAY})`, filter.remoteTypes);
  if (filter.isRemote === true) add(`j.remote_type = 'remote'`);
  if (filter.isRemote === false) add(`j.remote_type <> 'remote'`);
  if (filter.cities?.length) add(`j.city_keys && ${TEXT_ARRAY}`, foldAll(filter.cities));
  if (filter.countries?.length)
    add(
      `j.country_codes && ${TEXT_ARRAY}`,
      filter.countries.map((c) => c.toUpperCase()),
    );
  if (filter.locations?.length) {
    const patterns = foldAll(filter.locations).map((l) => `%${l.replace(/[\\%_]/g, '\\$&')}%`);
    add(
      `(lower(j.location_text) like any(${TEXT_ARRAY}) or j.city_keys && ${TEXT_ARRAY} or j.country_codes && ${TEXT_ARRAY})`,
      patterns,
      foldAll(filter.locations),
      filter.locations.map((l) => l.trim().toUpperCase()),
    );
  }
  if (filter.minSalaryUsd !== undefined)
    add('coalesce(j.salary_max_usd, j.salary_min_usd) >= ?', filter.minSalaryUsd);
  if (filter.maxSalaryUsd !== undefined)
    add('coalesce(j.salary_min_usd, j.salary_max_usd) <= ?', filter.maxSalaryUsd);
  if (filter.hasSalary === true) add('j.salary_min_usd is not null');
  if (filter.hasSalary === false) add('j.salary_min_usd is null');
  if (filter.skills?.length) add(`j.skill_keys @> ${TEXT_ARRAY}`, foldAll(filter.skills));
  if (filter.jobTypes?.length) add(`j.job_type = any(${TEXT_ARRAY})`, filter.jobTypes);
  if (filter.seniorities?.length) add(`j.seniority = any(${TEXT_ARRAY})`, filter.seniorities);
  if (filter.categories?.length)
    add(`j.category_id::text = any(${TEXT_ARRAY})`, categoryIds(filter.categories));
  if (filter.companies?.length) where.push(companyMatch(filter.companies, params));
  if (filter.excludeCompanies?.length) where.push(`not ${companyMatch(filter.excludeCompanies, params)}`);
  if (filter.atsPlatforms?.length)
    add(
      `j.ats_platform = any(${TEXT_ARRAY})`,
      filter.atsPlatforms.map((s) => s.toLowerCase()),
    );
  if (filter.sources?.length)
    add(
      `j.source = any(${TEXT_ARRAY})`,
      filter.sources.map((s) => s.toLowerCase()),
    );
  if (filter.departments?.length)
    add(
      `lower(j.department) = any(${TEXT_ARRAY})`,
      filter.departments.map((d) => d.trim().toLowerCase()),
    );
  if (filter.postedAfter) add('j.posted_at >= ?', filter.postedAfter);
  if (filter.postedBefore) add('j.posted_at <= ?', filter.postedBefore);
  if (filter.postedWithinDays !== undefined)
    add('j.posted_at >= ?', new Date(now.getTime() - filter.postedWithinDays * DAY_MS));
  if (filter.visaSponsorship !== undefined) add('j.visa_sponsorship = ?', filter.visaSponsorship);

  const usesCompany = Boolean(filter.companies?.length || filter.excludeCompanies?.length);
  return { sql: where.length ? where.join(' and ') : 'true', params, usesCompany };
}

/**
 * Relevance as a tiered score: per query word, 100 when it matches the title, else
 * 10 for the company, else 1 for the description. Summing tiers (rather than
 * ts_rank's frequency-based float) makes "title over company over description"
 * strict and leaves genuine ties, which the caller orders newest first.
 */
export function buildRelevance(query: string | undefined): SqlPart {
  const terms = parseQueryTerms(query);
  if (terms.length === 0) return { sql: '0', params: [] };
  const params: unknown[] = [];
  const parts = terms.map((t) => {
    params.push(prefixTsQuery(t, 'A'), prefixTsQuery(t, 'B'));
    return `(case when j.head_vector @@ to_tsquery('simple', ?) then 100 when j.head_vector @@ to_tsquery('simple', ?) then 10 else 1 end)`;
  });
  return { sql: parts.join(' + '), params };
}
