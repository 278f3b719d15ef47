import { FACET_NAMES, type FacetName } from '../domain/job-facets.ts';
import type { Bitmap } from './bitmap.ts';
import { PACKED_FACETS, type PackedFacet } from './facet-codes.ts';
import { fusedCount } from './fused-count.ts';
import type { IndexData, ValueField } from './index-data.ts';

/** One facet value and how many jobs of the current search have it. */
export interface FacetCount {
  value: string;
  count: number;
}

/**
 * Facet counts over the current search's matches (every filter and word applied, not
 * disjunctive), as /work/briefs/facets-spec.md defines them: list values by count
 * descending then value ascending; cities and skills the top 20; salary in band order.
 * Country and city count the same values their filters match (country_codes, city_keys:
 * every place of a multi-location job).
 */
export interface Facets {
  remoteType: FacetCount[];
  jobType: FacetCount[];
  seniority: FacetCount[];
  category: FacetCount[];
  country: FacetCount[];
  city: FacetCount[];
  skill: FacetCount[];
  salary: FacetCount[];
}

export const TOP_FACET_VALUES = 20;

export type FacetField = keyof Facets;

/** The index's facet lists under the API's names. */
export const FIELD_OF_FACET: Record<FacetName, FacetField> = {
  remote_type: 'remoteType',
  job_type: 'jobType',
  seniority: 'seniority',
  category: 'category',
  country: 'country',
  city: 'city',
  skill: 'skill',
  salary: 'salary',
};

export const FACET_FIELDS: readonly FacetField[] = FACET_NAMES.map((n) => FIELD_OF_FACET[n]);

export const byCountThenValue = (a: FacetCount, b: FacetCount) =>
  b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);

/** Reusable room for a result's docs: a fresh array per query per field was most of a broad query's cost. */
const buffers = new WeakMap<IndexData, Uint32Array>();

/** The `top` first of `list` by count then value, without sorting all of it (3,000 cities). */
export function best(list: FacetCount[], top: number): FacetCount[] {
  if (list.length <= top) return list.sort(byCountThenValue);
  const out: FacetCount[] = [];
  for (const f of list) {
    if (out.length === top && byCountThenValue(f, out[top - 1]!) >= 0) continue;
    let i = out.length;
    while (i > 0 && byCountThenValue(f, out[i - 1]!) < 0) i--;
    out.splice(i, 0, f);
    if (out.length > top) out.pop();
  }
  return out;
}

/** `result`'s docs as an array, read once on first use, in a buffer reused across queries. */
function docsReader(data: IndexData, result: Bitmap): () => Uint32Array {
  let docs: Uint32Array | undefined;
  return () => {
    if (docs) return docs;
    let buffer = buffers.get(data);
    if (!buffer || buffer.length < data.docCount)
      buffers.set(data, (buffer = new Uint32Array(data.docCount)));
    return (docs = result.toUint32Array(buffer));
  };
}

type Counts = { value: string; count: number }[];

/** One segment's counts over one set of its docs, field by field. */
export interface FieldCounter {
  /** A field's counts: every value, or (`top`) at least the values that can reach the top, given `extra`. */
  list(field: ValueField, top?: number, extra?: ReadonlyMap<string, number>): Counts;
  /** The salary bands' counts. */
  salary(): Counts;
}

/**
 * Where a query's counts come from (facet-threads.ts): a counter for a segment's docs,
 * or undefined to count them here. A query without one counts everything here.
 */
export interface CountContext {
  counter(data: IndexData, result: Bitmap, fields: readonly FacetField[]): FieldCounter | undefined;
  /**
   * True once a counter answered with placeholders (its counts are being made
   * elsewhere, for the query to run again): nothing computed since may be kept.
   */
  readonly deferred: boolean;
}

/** Counting of the facets `fields` over `result` (one segment's matches), each field on demand. */
export function counterOf(
  data: IndexData,
  result: Bitmap,
  fields: readonly FacetField[],
  context?: CountContext,
): FieldCounter {
  return (
    context?.counter(data, result, fields) ?? fieldCounter(data, result, docsReader(data, result), fields)
  );
}

/**
 * A result's counts of one field: from one pass over the packed codes (facet-codes.ts)
 * when that costs less than counting each asked packed field per value, else per value.
 */
function fieldCounter(
  data: IndexData,
  result: Bitmap,
  readDocs: () => Uint32Array,
  fields: readonly FacetField[],
): FieldCounter {
  const codes = data.facetCodes;
  const asked = PACKED_FACETS.filter((f) => fields.includes(f) && codes.has(f));
  let packed: Map<PackedFacet, Counts> | null | undefined;
  // The many-valued fields counted in the same pass as the packed codes (fused-count.ts).
  const perCode = new Map<ValueField, Uint32Array>();
  const fromPacked = (field: PackedFacet): Counts | undefined => {
    if (packed === undefined) packed = countPacked();
    return packed?.get(field);
  };
  const countPacked = (): Map<PackedFacet, Counts> | null => {
    if (!codes.pays(result.size, asked)) return null;
    const many = fields
      .filter((f) => f !== 'salary' && !isPacked(f))
      .map((f) => f as ValueField)
      .filter((f) => data.values[f].codesFor(result.size));
    if (many.length > 0) {
      const fused = fusedCount(
        codes,
        many.map((f) => data.values[f].codesFor(result.size)!),
        readDocs(),
      );
      if (fused) {
        many.forEach((f, i) => perCode.set(f, fused.perCode[i]!));
        return fused.packed;
      }
    }
    return codes.count(readDocs());
  };
  return {
    list: (field: ValueField, top = Infinity, extra?: ReadonlyMap<string, number>): Counts => {
      if (isPacked(field)) {
        const counts = fromPacked(field);
        if (counts) return counts;
      } else if (asked.length > 0 && packed === undefined) packed = countPacked();
      const codeCounts = perCode.get(field);
      return codeCounts
        ? data.values[field].listOfCodes(codeCounts, top, extra)
        : data.values[field].counts(result, readDocs, top, extra);
    },
    salary: (): Counts =>
      fromPacked('salary') ??
      data.salaryBands.map(({ value, docs }) => ({ value, count: result.andCardinality(docs) })),
  };
}

const isPacked = (field: string): field is PackedFacet =>
  (PACKED_FACETS as readonly string[]).includes(field);

/** One part of a search's matches: those of one index segment (search-index.ts). */
export interface FacetPart {
  data: IndexData;
  result: Bitmap;
}

/**
 * Facets over matches spread over segments: a big base and small recent ones. Counts
 * add up per value. For a top-N facet the base counts the values that can reach the
 * summed top N, knowing what the small segments add (ValueIndex.counts, `extra`); a
 * value it leaves out cannot, whatever its count in the small segments.
 */
export function countFacetsOver(
  parts: FacetPart[],
  fields: readonly FacetField[] = FACET_FIELDS,
  context?: CountContext,
): Partial<Facets> {
  if (parts.length === 1) return countFacets(parts[0]!.data, parts[0]!.result, fields, context);
  const [base, ...rest] = parts as [FacetPart, ...FacetPart[]];
  const counters = rest.map((p) => counterOf(p.data, p.result, fields, context));
  const baseCounter = counterOf(base.data, base.result, fields, context);
  const list = (field: ValueField, top = Infinity): FacetCount[] => {
    const sums = new Map<string, number>();
    for (const counter of counters)
      for (const { value, count } of counter.list(field)) sums.set(value, (sums.get(value) ?? 0) + count);
    // The base reads `extra` only during the call, so it is given the sums themselves, not a
    // copy: a search's merge of city and skill counts was most of its garbage (Maps of
    // thousands of entries when small segments hold thousands of jobs), and forEach makes
    // no [value, count] entry per value as spreading the Map did.
    for (const { value, count } of baseCounter.list(field, top, sums))
      sums.set(value, (sums.get(value) ?? 0) + count);
    const all: FacetCount[] = [];
    sums.forEach((count, value) => all.push({ value, count }));
    return best(all, top);
  };
  const salary = () => {
    const sums = new Map<string, number>();
    for (const counter of [baseCounter, ...counters])
      for (const { value, count } of counter.salary()) sums.set(value, (sums.get(value) ?? 0) + count);
    // Band order (every segment lists the same bands in it).
    return base.data.salaryBands.map(({ value }) => ({ value, count: sums.get(value) ?? 0 }));
  };
  return facetsOf(list, salary, fields);
}

export function countFacets(
  data: IndexData,
  result: Bitmap,
  fields: readonly FacetField[] = FACET_FIELDS,
  context?: CountContext,
): Partial<Facets> {
  const counter = counterOf(data, result, fields, context);
  const list = (field: ValueField, top = Infinity) => best(counter.list(field, top), top);
  // Band order, whichever way counted (the packed counts list bands in the same order).
  const salary = () => {
    const counts = new Map(counter.salary().map((f) => [f.value, f.count]));
    return data.salaryBands.map(({ value }) => ({ value, count: counts.get(value) ?? 0 }));
  };
  return facetsOf(list, salary, fields);
}

/**
 * The asked facets only, from a field's counting and the salary bands' counts (in band
 * order): a client that selects two facets does not pay for eight.
 */
function facetsOf(
  list: (field: ValueField, top?: number) => FacetCount[],
  salary: () => FacetCount[],
  fields: readonly FacetField[],
): Partial<Facets> {
  const count: Record<FacetField, () => FacetCount[]> = {
    remoteType: () => list('remoteType'),
    jobType: () => list('jobType'),
    seniority: () => list('seniority'),
    category: () => list('category'),
    country: () => list('country'),
    city: () => list('city', TOP_FACET_VALUES),
    skill: () => list('skill', TOP_FACET_VALUES),
    salary: () => salary().filter((f) => f.count > 0),
  };
  return Object.fromEntries(fields.map((f) => [f, count[f]()]));
}
