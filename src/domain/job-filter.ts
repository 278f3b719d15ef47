import type { JobStatusFilter, JobType, RemoteType, Seniority, SortOrder } from './enums.ts';
import { invalidParameter } from './errors.ts';
import type { NearFilter } from './near-filter.ts';
import type { PageKey } from './page-key.ts';
import { storableText } from './text.ts';

/**
 * Every filter the search and listing operations accept, in domain terms. The REST
 * and GraphQL adapters translate their inputs into this one shape and hand it to
 * the same repository method. Lists are "any of", except `skills` ("all of").
 */
export interface JobFilter {
  /** Free text: title, company and description; prefix words, all ANDed. */
  query?: string;
  remoteTypes?: Exclude<RemoteType, 'unknown'>[];
  /** City names, any of, accent- and case-insensitive. */
  cities?: string[];
  /** ISO 3166-1 alpha-2 codes, any of. */
  countries?: string[];
  /** Free location text, any of: matches the location text, city, region or country. */
  locations?: string[];
  /** Annual USD: the job's range reaches at least this much. Jobs without salary are excluded. */
  minSalaryUsd?: number;
  /** Annual USD: the job's range starts at or below this. Jobs without salary are excluded. */
  maxSalaryUsd?: number;
  hasSalary?: boolean;
  /** All of these skills (canonical names or aliases, case-insensitive). */
  skills?: string[];
  jobTypes?: JobType[];
  seniorities?: Seniority[];
  /** Category UUIDs or slugs, any of. */
  categories?: string[];
  /** Company names or ids, any of. */
  companies?: string[];
  /** Company names or ids to leave out. */
  excludeCompanies?: string[];
  atsPlatforms?: string[];
  sources?: string[];
  departments?: string[];
  postedAfter?: Date;
  postedBefore?: Date;
  postedWithinDays?: number;
  /** true: remote only; false: everything but remote. */
  isRemote?: boolean;
  visaSponsorship?: boolean;
  /**
   * Jobs with a place within `radiusKm` of the point (haversine, domain/geo.ts); jobs
   * whose places have no coordinates do not match (domain/near-filter.ts).
   */
  near?: NearFilter;
  /** @default 'open' */
  status?: JobStatusFilter;
  /** Restrict to one organization's board (GET /jobs, organizationJobs). */
  organizationId?: string;
}

export interface PageRequest {
  offset: number;
  limit: number;
  /**
   * Keyset paging (GraphQL cursors; domain/page-key.ts): only rows after `after` and
   * before `before` in the sort order, `offset` then 0. `backward`: the `limit` rows
   * nearest `before` (or the end), returned in reverse order.
   */
  after?: PageKey;
  before?: PageKey;
  backward?: boolean;
}

/** Relevance when there is a query, newest otherwise. */
export function effectiveSort(filter: JobFilter, sort: SortOrder | undefined): SortOrder {
  if (sort === 'relevance' && !filter.query?.trim()) return 'newest';
  return sort ?? (filter.query?.trim() ? 'relevance' : 'newest');
}

/**
 * The filter with every text value storableText: a NUL or a lone surrogate in a
 * search box is odd input, not a server error (PostgreSQL refuses both); the cleaned
 * value then simply matches what it matches.
 */
export function storableFilter(filter: JobFilter): JobFilter {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (typeof value === 'string') out[key] = storableText(value);
    else if (Array.isArray(value)) out[key] = value.map((v) => (typeof v === 'string' ? storableText(v) : v));
    else out[key] = value;
  }
  return out as JobFilter;
}

/** Bounds of the numeric filters, the same on REST (its schema) and GraphQL. */
export const FILTER_BOUNDS = {
  minSalaryUsd: { min: 0, max: 100_000_000 },
  maxSalaryUsd: { min: 0, max: 100_000_000 },
  postedWithinDays: { min: 1, max: 3650 },
} as const;

/**
 * Sizes of the text filters, the same on REST (its schema) and GraphQL (checked in
 * checkFilterSizes): without them GraphQL took 90,000-item lists and 900 kB strings
 * that REST refused.
 */
export const FILTER_LIMITS = {
  /** Values in one list filter. */
  items: 50,
  /** Characters in one list value (a city, a skill, a category id…). */
  itemLength: 200,
  /** Characters in the search words. */
  queryLength: 500,
} as const;

/**
 * Throws invalid_parameter for a list filter with more than FILTER_LIMITS.items values
 * or a text longer than its limit; `field` names a filter as the caller's API spells it.
 */
export function checkFilterSizes(filter: JobFilter, field: (name: keyof JobFilter) => string): void {
  for (const [name, value] of Object.entries(filter) as [keyof JobFilter, unknown][]) {
    if (Array.isArray(value)) {
      if (value.length > FILTER_LIMITS.items)
        throw invalidParameter(field(name), `${field(name)} accepts at most ${FILTER_LIMITS.items} values`);
      if (value.some((v) => typeof v === 'string' && v.length > FILTER_LIMITS.itemLength))
        throw invalidParameter(
          field(name),
          `each value of ${field(name)} must be at most ${FILTER_LIMITS.itemLength} characters`,
        );
    } else if (typeof value === 'string') {
      const max = name === 'query' ? FILTER_LIMITS.queryLength : FILTER_LIMITS.itemLength;
      if (value.length > max)
        throw invalidParameter(field(name), `${field(name)} must be at most ${max} characters`);
    }
  }
}

/**
 * Throws invalid_parameter for a numeric filter out of FILTER_BOUNDS or a salary range
 * upside down; `field` names a filter as the caller's API spells it.
 */
export function checkFilterRanges(
  filter: JobFilter,
  field: (name: keyof typeof FILTER_BOUNDS) => string,
): void {
  for (const [name, { min, max }] of Object.entries(FILTER_BOUNDS) as [
    keyof typeof FILTER_BOUNDS,
    { min: number; max: number },
  ][]) {
    const v = filter[name];
    if (v !== undefined && (v < min || v > max))
      throw invalidParameter(field(name), `${field(name)} must be between ${min} and ${max}`);
  }
  if (
    filter.minSalaryUsd !== undefined &&
    filter.maxSalaryUsd !== undefined &&
    filter.minSalaryUsd > filter.maxSalaryUsd
  )
    throw invalidParameter(
      field('minSalaryUsd'),
      `${field('minSalaryUsd')} must not be greater than ${field('maxSalaryUsd')}`,
    );
}
