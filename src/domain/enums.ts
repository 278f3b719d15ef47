/**
 * The closed vocabularies of the service. Each list is the single source for the
 * database check constraints, the GraphQL enums and the REST schemas, so a value
 * added here shows up everywhere at once.
 */

/** Employment type as the contract spells it (GraphQL: FULL_TIME, PART_TIME, ...). */
export const JOB_TYPES = ['full-time', 'part-time', 'contract', 'internship', 'temporary'] as const;
export type JobType = (typeof JOB_TYPES)[number];

/**
 * Workplace type. `unknown` is kept on purpose: most ATS feeds (Greenhouse, Personio,
 * Lever's "unspecified") say nothing, and guessing "onsite" from a city is wrong.
 * Filters by the contract accept only remote, hybrid and onsite.
 */
export const REMOTE_TYPES = ['remote', 'hybrid', 'onsite', 'unknown'] as const;
export type RemoteType = (typeof REMOTE_TYPES)[number];
export const FILTERABLE_REMOTE_TYPES = ['remote', 'hybrid', 'onsite'] as const;

/** Seniority ladder, ordered from least to most senior. */
export const SENIORITIES = [
  'intern',
  'entry',
  'mid',
  'senior',
  'lead',
  'manager',
  'director',
  'executive',
] as const;
export type Seniority = (typeof SENIORITIES)[number];

export const JOB_STATUSES = ['open', 'closed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Where a posting came from. `generic` is the JSON/CSV import, `demo` the generator. */
export const ATS_PLATFORMS = [
  'greenhouse',
  'lever',
  'ashby',
  'workable',
  'smartrecruiters',
  'recruitee',
  'personio',
  'generic',
  'demo',
] as const;
export type AtsPlatform = (typeof ATS_PLATFORMS)[number];

/** Pay period of a posted salary. Annualized with hour×2080, day×260, week×52, month×12. */
export const SALARY_PERIODS = ['hour', 'day', 'week', 'month', 'year'] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];

/** `newest` orders by posting date; `first_seen` by when we collected the job (the live view). */
export const SORT_ORDERS = ['relevance', 'newest', 'salary', 'first_seen'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}
