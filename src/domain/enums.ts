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

/**
 * open: a source lists it. closed: gone from a complete fetch of every source that had
 * it (or marked closed by one). expired: not seen for JOB_EXPIRY_DAYS, or past the
 * expiry date its source gave — what a file import or a source never fetched whole
 * can say of a posting that may be gone (issue 11).
 */
export const JOB_STATUSES = ['open', 'closed', 'expired'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A job status filter: one status, or all of them. */
export const JOB_STATUS_FILTERS = [...JOB_STATUSES, 'any'] as const;
export type JobStatusFilter = (typeof JOB_STATUS_FILTERS)[number];

/**
 * Where a job's posting date came from: the source's own date, or (the source gave
 * none) the time this service first saw the posting.
 */
export const POSTED_AT_SOURCES = ['source', 'first_seen'] as const;
export type PostedAtSource = (typeof POSTED_AT_SOURCES)[number];

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
