import { invalidParameter } from './errors.ts';

/**
 * Facets: counts over the current search's result set, every filter and every query
 * word applied (not disjunctive), so a count is what the total becomes when that value
 * is added to the filter. The definition is shared by the SQL path and the search index
 * (/work/briefs/facets-spec.md, issue 9 item 2); both must give identical counts.
 *
 * Values are the keys the filters take: remote/job type and seniority as the enums
 * spell them, category ids, the folded city and skill keys (`city_keys`, `skill_keys`,
 * every place of a job, as the any-of city filter matches) and ISO country codes
 * (`country_codes`). Each list is ordered by count desc, then value asc by code point
 * (salary bands in band order); only values with a count above zero appear.
 */
export const FACET_NAMES = [
  'remote_type',
  'job_type',
  'seniority',
  'category',
  'country',
  'city',
  'skill',
  'salary',
] as const;
export type FacetName = (typeof FACET_NAMES)[number];

/** City and skill facets keep the values with the most matches, ties by value. */
export const FACET_TOP = 20;

export interface FacetCount {
  value: string;
  count: number;
}

export type JobFacets = Partial<Record<FacetName, FacetCount[]>>;

/**
 * Bands of the annual-USD value the min_salary filter and the salary sort use
 * (`coalesce(salary_max_usd, salary_min_usd)`): [min, max). Jobs without a salary
 * are in no band.
 */
export const SALARY_BANDS = [
  { value: '0-50000', min: 0, max: 50_000 },
  { value: '50000-100000', min: 50_000, max: 100_000 },
  { value: '100000-150000', min: 100_000, max: 150_000 },
  { value: '150000-200000', min: 150_000, max: 200_000 },
  { value: '200000+', min: 200_000, max: null },
] as const;

export function isFacetName(name: string): name is FacetName {
  return (FACET_NAMES as readonly string[]).includes(name);
}

/**
 * The facets a request asks for, deduplicated in FACET_NAMES order: `true` means all,
 * `false`/absent none; an unknown name is a 400 naming it.
 */
export function parseFacetNames(input: boolean | readonly string[] | undefined, field: string): FacetName[] {
  if (input === undefined || input === false) return [];
  if (input === true) return [...FACET_NAMES];
  for (const name of input)
    if (!isFacetName(name))
      throw invalidParameter(field, `${field}: unknown facet '${name}' (${FACET_NAMES.join(', ')})`);
  return FACET_NAMES.filter((n) => input.includes(n));
}

/** Code-point order (the C collation), so every path sorts ties alike. */
function compareValues(a: string, b: string): number {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return Buffer.compare(x, y);
}

/** Count desc then value asc; salary bands in band order. */
export function orderFacet(name: FacetName, counts: FacetCount[]): FacetCount[] {
  if (name === 'salary') {
    const rank = (v: string) => SALARY_BANDS.findIndex((b) => b.value === v);
    return [...counts].sort((a, b) => rank(a.value) - rank(b.value));
  }
  return [...counts].sort((a, b) => b.count - a.count || compareValues(a.value, b.value));
}
