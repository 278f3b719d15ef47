import type { Bitmap } from './bitmap.ts';
import type { IndexData } from './index-data.ts';

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

const byCountThenValue = (a: FacetCount, b: FacetCount) =>
  b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);

/** Reusable room for a result's docs: a fresh array per query per field was most of a broad query's cost. */
const buffers = new WeakMap<IndexData, Uint32Array>();

/** The `top` first of `list` by count then value, without sorting all of it (3,000 cities). */
function best(list: FacetCount[], top: number): FacetCount[] {
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

export function countFacets(data: IndexData, result: Bitmap): Facets {
  let docs: Uint32Array | undefined;
  const readDocs = () => {
    if (docs) return docs;
    let buffer = buffers.get(data);
    if (!buffer) buffers.set(data, (buffer = new Uint32Array(data.docCount)));
    return (docs = result.toUint32Array(buffer));
  };
  const list = (field: keyof IndexData['values'], top = Infinity) =>
    best(data.values[field].counts(result, readDocs, top), top);
  return {
    remoteType: list('remoteType'),
    jobType: list('jobType'),
    seniority: list('seniority'),
    category: list('category'),
    country: list('country'),
    city: list('city', TOP_FACET_VALUES),
    skill: list('skill', TOP_FACET_VALUES),
    salary: data.salaryBands
      .map(({ value, docs }) => ({ value, count: result.andCardinality(docs) }))
      .filter((f) => f.count > 0),
  };
}
