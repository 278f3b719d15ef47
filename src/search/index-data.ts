import type { Bitmap } from './bitmap.ts';
import type { DocIds } from './doc-ids.ts';
import type { FacetCodes } from './facet-codes.ts';
import type { GeoPoints } from './geo-index.ts';
import type { NumberBuckets } from './number-buckets.ts';
import type { RankedOrder } from './ranked-order.ts';
import type { TermIndex } from './term-index.ts';
import type { ValueIndex } from './value-index.ts';

/** The fields with one bitmap per value (what `JobIndexBuilder` fills, filters and facets read). */
export const VALUE_FIELDS = [
  'status',
  'remoteType',
  'jobType',
  'seniority',
  'category',
  'company',
  'country',
  'city',
  'skill',
  'atsPlatform',
  'source',
  'department',
  'visaSponsorship',
  'organization',
  /** 1°×1° grid cells of the job's coordinates (geo-index.ts): the near filter's candidates. */
  'geoCell',
] as const;
export type ValueField = (typeof VALUE_FIELDS)[number];

/** The fields facets count (facets.ts), besides the salary bands: the only ones counted job by job. */
export const FACET_VALUE_FIELDS = [
  'remoteType',
  'jobType',
  'seniority',
  'category',
  'country',
  'city',
  'skill',
] as const satisfies readonly ValueField[];

/**
 * Everything the index holds. Jobs are dense doc numbers 0 … docCount-1 in
 * (posted_at, id) order, so the newest job has the highest number: "newest first" is
 * reading a bitmap from its end, and a posting-date bound is a range of numbers.
 */
export interface IndexData {
  docCount: number;
  /** doc → job id (doc-ids.ts: 16 bytes a UUID, not a string per job). */
  ids: DocIds;
  /** doc → posted_at in µs since the epoch (ascending). */
  postedUs: Float64Array;
  /** doc → first_seen_at in µs since the epoch. */
  firstSeenUs: Float64Array;
  all: Bitmap;
  terms: TermIndex;
  values: Record<ValueField, ValueIndex>;
  /** Each job's coordinates, for the near filter's exact distance (geo-index.ts). */
  geo: GeoPoints;
  /** Jobs with salary_min_usd (what `hasSalary` tests). */
  hasSalaryMin: Bitmap;
  /** coalesce(salary_max_usd, salary_min_usd): min_salary, the salary sort and bands. */
  salaryHigh: NumberBuckets;
  /** coalesce(salary_min_usd, salary_max_usd): max_salary. */
  salaryLow: NumberBuckets;
  /** Salary facet bands over salaryHigh, in band order. */
  salaryBands: { value: string; docs: Bitmap }[];
  /** The few-valued facets' codes packed per doc, for counting small results in one pass. */
  facetCodes: FacetCodes;
  /** lower(unaccent(name)) and normalized name → company ids. */
  companiesByName: Map<string, string[]>;
  /** Every doc by id ascending (the id lookup's binary search, first seen's tiebreak). */
  byId: Uint32Array;
  salaryOrder: RankedOrder;
  firstSeenOrder: RankedOrder;
}

/**
 * What a filter's plan reads of an index (filter-plan.ts). The shared event reader's page
 * indexes are only this: the orders, facet codes, salary bands and id lookups a search
 * also needs were most of a page's assembly and nothing reads them there.
 */
export type MatchData = Pick<
  IndexData,
  | 'docCount'
  | 'postedUs'
  | 'all'
  | 'terms'
  | 'values'
  | 'geo'
  | 'hasSalaryMin'
  | 'salaryHigh'
  | 'salaryLow'
  | 'companiesByName'
>;

/** Frees a match index's native memory; it must not be queried again. */
export function disposeMatchData(data: MatchData): void {
  data.terms.dispose();
  for (const v of Object.values(data.values)) v.dispose();
  data.all.dispose();
  data.hasSalaryMin.dispose();
  data.salaryHigh.dispose();
  data.salaryLow.dispose();
}

/** Frees an index's native memory; it must not be queried again. */
export function disposeIndexData(data: IndexData): void {
  data.terms.dispose();
  for (const v of Object.values(data.values)) v.dispose();
  for (const b of [data.all, data.hasSalaryMin, ...data.salaryBands.map((s) => s.docs)]) b.dispose();
  data.salaryHigh.dispose();
  data.salaryLow.dispose();
  data.salaryOrder.dispose();
  data.firstSeenOrder.dispose();
}
