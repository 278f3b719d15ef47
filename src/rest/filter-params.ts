import {
  ATS_PLATFORMS,
  FILTERABLE_REMOTE_TYPES,
  JOB_STATUS_FILTERS,
  JOB_TYPES,
  SENIORITIES,
  SORT_ORDERS,
  type SortOrder,
} from '../domain/enums.ts';
import { invalidParameter } from '../domain/errors.ts';
import { checkFilterRanges, FILTER_BOUNDS, FILTER_LIMITS, type JobFilter } from '../domain/job-filter.ts';
import { NEAR_LIMITS, resolveNear, type PlaceLocator } from '../domain/near-filter.ts';
import { normalizeLists } from './list-params.ts';

const strings = (description: string, extra: object = {}) => ({
  type: 'array',
  items: { type: 'string', minLength: 1, maxLength: FILTER_LIMITS.itemLength, ...extra },
  maxItems: FILTER_LIMITS.items,
  description,
});
const enumList = (values: readonly string[], description: string) =>
  strings(description, { enum: [...values] });

/**
 * The filters both REST routes accept beyond their own paging and text fields.
 * Lists arrive as arrays, comma-separated strings or repeated `name[]` keys.
 */
export const filterProperties = {
  remote_types: enumList(FILTERABLE_REMOTE_TYPES, 'Workplace types, any of: remote, hybrid, onsite.'),
  is_remote: { type: 'boolean', description: 'true: remote only; false: all but remote.' },
  cities: strings('City names, any of (case- and accent-insensitive).'),
  countries: strings('ISO 3166-1 alpha-2 country codes, any of.', { pattern: '^[A-Za-z]{2}$' }),
  locations: strings('Free location text, any of: location text, city or country code.'),
  min_salary: {
    type: 'integer',
    minimum: FILTER_BOUNDS.minSalaryUsd.min,
    maximum: FILTER_BOUNDS.minSalaryUsd.max,
    description: 'Annual USD the salary range reaches.',
  },
  max_salary: {
    type: 'integer',
    minimum: FILTER_BOUNDS.maxSalaryUsd.min,
    maximum: FILTER_BOUNDS.maxSalaryUsd.max,
    description: 'Annual USD the salary range starts at or below.',
  },
  has_salary: { type: 'boolean' },
  skills: strings('Skills, all of (aliases accepted, case-insensitive).'),
  job_types: enumList(JOB_TYPES, 'full-time, part-time, contract, internship, temporary; any of.'),
  seniorities: enumList(SENIORITIES, 'Seniority levels, any of.'),
  categories: strings('Category UUIDs or slugs (GET /categories), any of.'),
  companies: strings('Company names or ids, any of.'),
  exclude_companies: strings('Company names or ids to leave out.'),
  ats_platforms: enumList(ATS_PLATFORMS, 'Source platforms, any of.'),
  sources: strings('Sources, any of.'),
  departments: strings('Departments, any of (case-insensitive).'),
  posted_after: { type: 'string', format: 'date-time', description: 'ISO 8601.' },
  posted_before: { type: 'string', format: 'date-time', description: 'ISO 8601.' },
  posted_within_days: {
    type: 'integer',
    minimum: FILTER_BOUNDS.postedWithinDays.min,
    maximum: FILTER_BOUNDS.postedWithinDays.max,
  },
  visa_sponsorship: { type: 'boolean' },
  near: {
    type: 'string',
    minLength: 1,
    maxLength: FILTER_LIMITS.itemLength,
    description:
      'Jobs with a place within radius_km of this place: a city as postings name it ("Berlin", "Austin, TX", "Cambridge, UK") or "latitude,longitude" in decimal degrees ("52.52,13.405"). A name no city of the gazetteer answers is a 400.',
  },
  radius_km: {
    type: 'number',
    minimum: NEAR_LIMITS.radiusKm.min,
    maximum: NEAR_LIMITS.radiusKm.max,
    description: `Kilometres around near (great-circle distance); default ${NEAR_LIMITS.radiusKm.default}. Only with near.`,
  },
  status: {
    type: 'string',
    enum: [...JOB_STATUS_FILTERS],
    default: 'open',
    description:
      'open (default), closed, expired (not seen for the expiry period, or past its expiry date), or any.',
  },
  sort: {
    type: 'string',
    enum: [...SORT_ORDERS],
    description: 'Default: relevance with a query, newest without.',
  },
} as const;

const LIST_FIELDS = Object.entries(filterProperties)
  .filter(([, s]) => s.type === 'array')
  .map(([k]) => k);

export type FilterParams = Partial<Record<keyof typeof filterProperties, unknown>>;

/** The REST names of the filters FILTER_BOUNDS bounds. */
const REST_NAMES = {
  minSalaryUsd: 'min_salary',
  maxSalaryUsd: 'max_salary',
  postedWithinDays: 'posted_within_days',
} as const;

/** Each REST filter parameter's JobFilter field (`sort` is not a filter). */
const FILTER_FIELDS = {
  remote_types: 'remoteTypes',
  is_remote: 'isRemote',
  cities: 'cities',
  countries: 'countries',
  locations: 'locations',
  min_salary: 'minSalaryUsd',
  max_salary: 'maxSalaryUsd',
  has_salary: 'hasSalary',
  skills: 'skills',
  job_types: 'jobTypes',
  seniorities: 'seniorities',
  categories: 'categories',
  companies: 'companies',
  exclude_companies: 'excludeCompanies',
  ats_platforms: 'atsPlatforms',
  sources: 'sources',
  departments: 'departments',
  posted_after: 'postedAfter',
  posted_before: 'postedBefore',
  posted_within_days: 'postedWithinDays',
  visa_sponsorship: 'visaSponsorship',
  status: 'status',
} as const satisfies Partial<Record<keyof typeof filterProperties, keyof JobFilter>>;

const DATE_PARAMS = new Set<string>(['posted_after', 'posted_before']);

/**
 * Validated parameters → the domain filter shared with GraphQL. `locate` resolves a
 * `near` place name (services.ts passes the gazetteer's).
 */
export function toJobFilter(
  p: FilterParams,
  query: string | undefined,
  locate: PlaceLocator,
): { filter: JobFilter; sort: SortOrder | undefined } {
  const filter: Record<string, unknown> = { query: query?.trim() || undefined };
  for (const [param, field] of Object.entries(FILTER_FIELDS)) {
    const v = p[param as keyof FilterParams];
    filter[field] = DATE_PARAMS.has(param) ? (typeof v === 'string' ? new Date(v) : undefined) : v;
  }
  checkFilterRanges(filter as JobFilter, (name) => REST_NAMES[name]);
  if (typeof p.near === 'string')
    filter.near = resolveNear(
      { place: p.near, radiusKm: p.radius_km as number | undefined },
      locate,
      (name) => (name === 'radiusKm' ? 'radius_km' : 'near'),
    );
  else if (p.radius_km !== undefined) throw invalidParameter('radius_km', 'radius_km needs near');
  return { filter: filter as JobFilter, sort: p.sort as SortOrder | undefined };
}

/**
 * A domain filter in the REST parameters' names (`q` for its words): what a saved search
 * gives back, which POST /search/jobs takes as its body.
 */
export function toFilterParams(filter: JobFilter): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (filter.query !== undefined) out.q = filter.query;
  for (const [param, field] of Object.entries(FILTER_FIELDS)) {
    const v = filter[field];
    if (v !== undefined && v !== null) out[param] = v instanceof Date ? v.toISOString() : v;
  }
  if (filter.near) {
    out.near = filter.near.place ?? `${filter.near.latitude},${filter.near.longitude}`;
    out.radius_km = filter.near.radiusKm;
  }
  return out;
}

/** Boolean query values a person would type: true/false, 1/0, yes/no. */
export function normalizeBooleans(target: Record<string, unknown>, names: readonly string[]): void {
  for (const name of names) {
    const v = target[name];
    if (typeof v !== 'string') continue;
    const s = v.trim().toLowerCase();
    if (['true', '1', 'yes'].includes(s)) target[name] = true;
    else if (['false', '0', 'no'].includes(s)) target[name] = false;
  }
}

const BOOLEAN_FIELDS = Object.entries(filterProperties)
  .filter(([, s]) => s.type === 'boolean')
  .map(([k]) => k);

const NUMBER_FIELDS = [
  'page',
  'limit',
  'per_page',
  ...Object.entries(filterProperties)
    .filter(([, s]) => s.type === 'integer' || s.type === 'number')
    .map(([k]) => k),
];

/**
 * Non-finite numbers ("1e400", which JSON and the schema's coercion both turn into
 * Infinity) made unmistakably invalid: the schema's integer and maximum checks let
 * Infinity through, and it reached the SQL. Now the schema answers 400.
 */
export function rejectNonFinite(target: Record<string, unknown>, names: readonly string[]): void {
  for (const name of names) {
    const v = target[name];
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    if (typeof n === 'number' && !Number.isFinite(n) && !Number.isNaN(n))
      target[name] = `${String(v)} (not finite)`;
  }
}

/**
 * Brings the filter parameters of a body or query string into the shape the schema
 * validates: every list form becomes an array, typed booleans become booleans, and a
 * number too large to be one fails validation.
 */
export function normalizeFilterInput(target: Record<string, unknown>): void {
  normalizeLists(target, LIST_FIELDS);
  normalizeBooleans(target, BOOLEAN_FIELDS);
  rejectNonFinite(target, NUMBER_FIELDS);
}
