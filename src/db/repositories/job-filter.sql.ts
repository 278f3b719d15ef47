import { CATEGORIES } from '../../domain/categories.ts';
import { storableFilter, type JobFilter } from '../../domain/job-filter.ts';
import { MATCH_TIERS, tierScore, type MatchTier } from '../../domain/relevance.ts';
import { UUID } from '../../domain/ids.ts';
import { nearCondition } from './near.sql.ts';
import {
  allTermsTsQuery,
  fold,
  parseQueryTerms,
  prefixTsQuery,
  wordTsQuery,
} from '../../domain/search-text.ts';

/** A SQL fragment with its positional (`?`) parameters, in order. */
export interface SqlPart {
  sql: string;
  params: unknown[];
}

export interface WherePart extends SqlPart {
  /** Whether the clause refers to the company row (alias `c`). */
  usesCompany: boolean;
  /**
   * The FROM clause the clause needs: `job j`, started from the board's memberships
   * (`organization_job oj`) when it lists one organization's jobs, joined to its
   * company (`c`) when a company filter asks for it.
   */
  from: string;
}

/**
 * A list parameter as one PostgreSQL array literal (`{"a","b"}`), for `?::text[]` or
 * `?::uuid[]`. The ORM writes every value into the SQL text, so the planner sees the
 * list's values and estimates each index from them; the former
 * `array(select jsonb_array_elements_text(?))` was an opaque subquery to it, and a
 * filter-only search used one index and discarded most of what it read (issue 9).
 * Every element is quoted, with `"` and `\` escaped, so no value can end the literal.
 */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}

const DAY_MS = 86_400_000;

export function foldAll(values: string[]): string[] {
  return [...new Set(values.map((v) => fold(v).trim()).filter(Boolean))];
}

/** The values that are UUIDs, lower-cased: nothing else can equal a uuid column. */
export function uuidsOf(values: readonly string[]): string[] {
  return values.map((v) => v.trim().toLowerCase()).filter((v) => UUID.test(v));
}

/** Category ids for ids, slugs or names; an unknown one matches no category. */
export function categoryIds(values: string[]): string[] {
  return uuidsOf(
    values.map((v) => {
      const key = v.trim().toLowerCase();
      return (
        CATEGORIES.find((c) => c.id === key || c.slug === key || c.name.toLowerCase() === key)?.id ?? key
      );
    }),
  );
}

/** Matches a company by id, display name or normalized name. Alias `c` is the company row. */
function companyMatch(values: string[], params: unknown[]): string {
  const names = arrayLiteral(foldAll(values));
  params.push(arrayLiteral(uuidsOf(values)), names, names);
  return `(c.id = any(?::uuid[]) or lower(unaccent(c.name)) = any(?::text[]) or c.normalized_name = any(?::text[]))`;
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
    params.push(...values.map((v) => (Array.isArray(v) ? arrayLiteral(v as string[]) : v)));
  };

  const status = filter.status ?? 'open';
  if (status !== 'any') add('j.status = ?', status);

  const terms = parseQueryTerms(filter.query);
  if (terms.length > 0) add(`j.search_vector @@ to_tsquery('simple', ?)`, allTermsTsQuery(terms));

  // The board's memberships are where a listing starts (see `from`): 112k of a million
  // jobs are read by the membership key instead of every open job's status.
  if (filter.organizationId) add('oj.organization_id = ?', filter.organizationId);
  if (filter.remoteTypes?.length) add(`j.remote_type = any(?::text[])`, filter.remoteTypes);
  if (filter.isRemote === true) add(`j.remote_type = 'remote'`);
  if (filter.isRemote === false) add(`j.remote_type <> 'remote'`);
  if (filter.cities?.length) add(`j.city_keys && ?::text[]`, foldAll(filter.cities));
  if (filter.countries?.length)
    add(
      `j.country_codes && ?::text[]`,
      filter.countries.map((c) => c.toUpperCase()),
    );
  if (filter.locations?.length) {
    const patterns = foldAll(filter.locations).map((l) => `%${l.replace(/[\\%_]/g, '\\$&')}%`);
    add(
      `(lower(j.location_text) like any(?::text[]) or j.city_keys && ?::text[] or j.country_codes && ?::text[])`,
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
  if (filter.skills?.length) add(`j.skill_keys @> ?::text[]`, foldAll(filter.skills));
  if (filter.jobTypes?.length) add(`j.job_type = any(?::text[])`, filter.jobTypes);
  if (filter.seniorities?.length) add(`j.seniority = any(?::text[])`, filter.seniorities);
  if (filter.categories?.length) add(`j.category_id = any(?::uuid[])`, categoryIds(filter.categories));
  if (filter.companies?.length) where.push(companyMatch(filter.companies, params));
  if (filter.excludeCompanies?.length) where.push(`not ${companyMatch(filter.excludeCompanies, params)}`);
  if (filter.atsPlatforms?.length)
    add(
      `j.ats_platform = any(?::text[])`,
      filter.atsPlatforms.map((s) => s.toLowerCase()),
    );
  if (filter.sources?.length)
    add(
      `j.source = any(?::text[])`,
      filter.sources.map((s) => s.toLowerCase()),
    );
  if (filter.departments?.length)
    add(
      `lower(j.department) = any(?::text[])`,
      filter.departments.map((d) => d.trim().toLowerCase()),
    );
  if (filter.postedAfter) add('j.posted_at >= ?', filter.postedAfter);
  if (filter.postedBefore) add('j.posted_at <= ?', filter.postedBefore);
  if (filter.postedWithinDays !== undefined)
    add('j.posted_at >= ?', new Date(now.getTime() - filter.postedWithinDays * DAY_MS));
  if (filter.visaSponsorship !== undefined) add('j.visa_sponsorship = ?', filter.visaSponsorship);
  if (filter.near) {
    const near = nearCondition(filter.near);
    where.push(near.sql);
    params.push(...near.params);
  }

  const usesCompany = Boolean(filter.companies?.length || filter.excludeCompanies?.length);
  return {
    sql: where.length ? where.join(' and ') : 'true',
    params,
    usesCompany,
    from: fromClause(Boolean(filter.organizationId), usesCompany),
  };
}

/**
 * `job j`, started from the organization's memberships when `board` (its primary key
 * (organization_id, job_id) gives each job once, so the join adds no duplicates), and
 * joined to its company when `company`.
 */
export function fromClause(board: boolean, company: boolean): string {
  const jobs = board ? 'organization_job oj join job j on j.id = oj.job_id' : 'job j';
  return company ? `${jobs} join company c on c.id = j.company_id` : jobs;
}

/**
 * The SQL condition that a job matches query word `term` (one of `terms`) at `tier`
 * (domain/relevance.ts), with its parameter. Title and company read head_vector, which is stored in the row
 * (Migration20261122000006): weight A is the title, B the company.
 */
function tierCondition({ field, whole }: MatchTier, term: string, terms: string[], perRow: boolean): SqlPart {
  if (field !== 'description') {
    const weight = field === 'title' ? 'A' : 'B';
    return {
      sql: `j.head_vector @@ to_tsquery('simple', ?)`,
      params: [whole ? wordTsQuery(term, weight) : prefixTsQuery(term, weight)],
    };
  }
  // Asked only of a word that matched neither title nor company (CASE stops at the
  // first true branch), so the word itself anywhere in the vector means in the
  // description. Asked of each row, it read every such job's out-of-line vector (a
  // rare word, found mostly in descriptions: 3× slower). Instead the text index gives,
  // once per statement, the jobs that hold the word itself and match the other words
  // (at most the query's matches, whatever the word's frequency), kept as a hashed
  // subplan (JobRepository.indexRead gives it the memory to stay hashed at a million jobs).
  // A page of known rows (the search index's) tests its few rows one by one instead.
  if (whole && perRow) return { sql: `j.search_vector @@ to_tsquery('simple', ?)`, params: [term] };
  if (whole)
    return {
      sql: `j.id in (select x.id from job x where x.search_vector @@ to_tsquery('simple', ?))`,
      params: [terms.map((u) => (u === term ? u : prefixTsQuery(u))).join(' & ')],
    };
  return { sql: 'true', params: [] };
}

/**
 * Relevance as domain/relevance.ts defines it: per query word, the score of its best
 * tier (whole word over prefix in each field, title over company over description),
 * summed. The lowest tier is the CASE's else: the WHERE clause already requires every
 * word to match somewhere. Integer tiers rather than ts_rank's frequency-based float,
 * so genuine ties remain, which the caller orders newest first.
 */
export function buildRelevance(query: string | undefined, options: { perRow?: boolean } = {}): SqlPart {
  const terms = parseQueryTerms(query);
  if (terms.length === 0) return { sql: '0', params: [] };
  const params: unknown[] = [];
  const lowest = MATCH_TIERS.at(-1)!;
  const parts = terms.map((t) => {
    const branches = MATCH_TIERS.slice(0, -1).map((tier) => {
      const condition = tierCondition(tier, t, terms, options.perRow ?? false);
      params.push(...condition.params);
      return `when ${condition.sql} then ${tierScore(tier.tier)}`;
    });
    return `(case ${branches.join(' ')} else ${tierScore(lowest.tier)} end)`;
  });
  return { sql: parts.join(' + '), params };
}
