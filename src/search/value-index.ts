import { Bitmap, EMPTY, type Scratch } from './bitmap.ts';

/** Past this many values a facet counts by reading the matches' values, not a bitmap per value. */
const MANY_VALUES = 64;
/**
 * When reading the matches' values beats counting per value (measured at 100k and 1M
 * synthetic jobs): reading costs ~12 ns per match; a per-value count 1–15 µs, growing
 * with the jobs (one step per 65,536-doc chunk). With a top-N cut, counting per value
 * stops early on broad results (counts near their values' sizes), so reading pays only
 * below an eighth of all jobs; without one, below half.
 */
const SCAN_SHARE_TOP = 1 / 8;
const SCAN_SHARE_ALL = 1 / 2;

/**
 * The jobs per value of one field (remote type, country, skill, organization …):
 * the bitmaps a filter unions and a facet counts.
 */
export class ValueIndex {
  readonly bitmaps: Map<string, Bitmap>;
  /**
   * For fields with many values (cities, skills): each doc's value numbers. Counting a
   * facet per value costs one native call per value (3,000 cities: ~10 ms even for a
   * handful of matches); reading the matches' values costs one step per match and value.
   */
  private readonly perDoc?: PerDoc;

  private readonly docCount: number;

  /**
   * `counted`: whether facets count this field (index-data.ts FACET_VALUE_FIELDS). Only
   * those get the per-doc codes: a field only filtered by (companies, organizations,
   * grid cells) would hold them for nothing — megabytes at 1M jobs, and a pass over
   * every job at each build. Counting one without them counts per value: right, slower.
   */
  constructor(bitmaps: Map<string, Bitmap>, docCount: number, counted = true) {
    this.bitmaps = bitmaps;
    this.docCount = Math.max(1, docCount);
    if (counted && bitmaps.size > MANY_VALUES) this.perDoc = invert(bitmaps, docCount);
  }

  get(value: string): Bitmap {
    return this.bitmaps.get(value) ?? EMPTY;
  }

  /** The jobs having any of the values; a query temporary unless it is one stored bitmap. */
  anyOf(values: Iterable<string>, scratch: Scratch): Bitmap {
    const found: Bitmap[] = [];
    for (const v of new Set(values)) {
      const b = this.bitmaps.get(v);
      if (b) found.push(b);
    }
    if (found.length === 0) return EMPTY;
    if (found.length === 1) return found[0]!;
    return scratch.own(Bitmap.orMany(found));
  }

  /**
   * Count of `result` per value, values with none left out (in no particular order),
   * for at least the `top` values of highest count (ties: every value of the last count).
   * `docs()` gives result's docs as an array, read once for all facets of a query.
   *
   * A small result reads its docs' values; a large one counts per value, largest value
   * first, and stops once no further value can reach the `top`th count (a count is at
   * most its value's size): broad searches read a few dozen city bitmaps, not thousands.
   *
   * `extra`: counts that other segments add to values of this one (facets.ts sums them).
   * The stop then bounds a value by its size plus the largest extra, and compares sums,
   * so the values that can reach the summed top are counted here whatever the other
   * segments hold (before, the base counted its top N + k, k being every value the
   * small segments held: thousands of cities under a steady ingest). A value not
   * counted here has a base count too small to matter; its count is left out.
   */
  counts(
    result: Bitmap,
    docs: () => Uint32Array,
    top = Infinity,
    extra?: ReadonlyMap<string, number>,
  ): { value: string; count: number }[] {
    const out: { value: string; count: number }[] = [];
    const share = result.size / this.docCount;
    if (this.perDoc && share < (top === Infinity ? SCAN_SHARE_ALL : SCAN_SHARE_TOP)) {
      const { names } = this.perDoc;
      const counts = new Uint32Array(2 * (names.length + 1)); // two copies (countPerDoc)
      countPerDoc(this.perDoc, docs(), counts);
      for (let code = 1; code <= names.length; code++)
        if (counts[code]! > 0) out.push({ value: names[code - 1]!, count: counts[code]! });
      return out;
    }
    this.bySize ??= [...this.bitmaps]
      .map(([value, bitmap]) => ({ value, bitmap, size: bitmap.size }))
      .sort((a, b) => b.size - a.size);
    let most = 0;
    if (extra) for (const n of extra.values()) most = Math.max(most, n);
    const best: number[] = []; // the highest summed counts so far, descending, at most `top`
    for (const { value, bitmap, size } of this.bySize) {
      if (best.length >= top && size + most < best[best.length - 1]!) break;
      const count = result.andCardinality(bitmap);
      if (count === 0) continue;
      out.push({ value, count });
      if (top !== Infinity) {
        const sum = count + (extra?.get(value) ?? 0);
        let i = best.length;
        while (i > 0 && best[i - 1]! < sum) i--;
        best.splice(i, 0, sum);
        if (best.length > top) best.pop();
      }
    }
    return out;
  }

  dispose(): void {
    for (const b of this.bitmaps.values()) b.dispose();
  }

  /** Values by their number of jobs, largest first (for pruned counting). */
  private bySize?: { value: string; bitmap: Bitmap; size: number }[];
}

/**
 * Value codes (1-based; 0: none) per doc in the smallest array that holds them. Most
 * docs of a field like city have one value: then a doc's first code sits in `first`
 * (one read per match, 2 bytes per doc) and the few with more keep the rest in `more`.
 * A field where many docs have several (skills) keeps them all CSR-style: doc d's
 * codes are codes[offsets[d]] … codes[offsets[d+1]-1].
 */
type PerDoc =
  | {
      names: string[];
      kind: 'first';
      /** The first code, with `flag` set when the doc has more (in `more`). */
      first: Uint16Array | Uint32Array;
      flag: number;
      more: Extras;
    }
  | { names: string[]; kind: 'csr'; offsets: Uint32Array; codes: Uint16Array | Uint32Array };

/**
 * The codes after the first of the docs that have several, CSR-style over those docs
 * in ascending order: docs[i]'s are codes[starts[i]] … codes[starts[i+1]-1]. A match's
 * are found by a search forward from the previous one's (matches come in doc order); a
 * Map lookup per such doc was half of a city count.
 */
interface Extras {
  docs: Uint32Array;
  starts: Uint32Array;
  codes: Uint32Array;
}

/** Above this share of docs with several values, CSR (a map lookup per such doc costs more). */
const MANY_SEVERAL = 0.2;

/**
 * Indexed loops, not `for … of`: over a typed array V8 runs an indexed loop 1.3–8×
 * faster (measured on this machine kind: a city code per match 1.0–1.7 ns against
 * 4–12 ns; skills' CSR 16–32 against 18–60 ns per match). First codes are counted in
 * pairs of matches, each into its own copy of the counts (`counts` holds two): most
 * matches of a search share a few values (no city, the largest ones), and increments
 * of one cell match after match wait on each other.
 */
function countPerDoc(perDoc: PerDoc, docs: Uint32Array, counts: Uint32Array): void {
  const n = docs.length;
  const size = counts.length >>> 1;
  if (perDoc.kind === 'csr') {
    const { offsets, codes } = perDoc;
    for (let k = 0; k < n; k++) {
      const d = docs[k]!;
      for (let i = offsets[d]!, end = offsets[d + 1]!; i < end; i++) counts[codes[i]!]!++;
    }
  } else {
    const { first, more, flag } = perDoc;
    const code = flag - 1;
    let flagged = 0;
    const last = n - (n & 1);
    for (let k = 0; k < last; k += 2) {
      const c = first[docs[k]!]!;
      const e = first[docs[k + 1]!]!;
      counts[c & code]!++;
      counts[size + (e & code)]!++;
      flagged |= (c | e) & flag;
    }
    if (last < n) {
      const c = first[docs[last]!]!;
      counts[c & code]!++;
      flagged |= c & flag;
    }
    if (flagged !== 0) countExtras(more, first, flag, docs, counts);
  }
  for (let c = 0; c < size; c++) counts[c]! += counts[size + c]!;
  counts[0] = 0; // docs with no value
}

/** Adds the extra codes of the matches flagged in `first` (both in ascending doc order). */
function countExtras(
  more: Extras,
  first: Uint16Array | Uint32Array,
  flag: number,
  docs: Uint32Array,
  counts: Uint32Array,
): void {
  const { docs: several, starts, codes } = more;
  let at = 0;
  for (let k = 0, n = docs.length; k < n; k++) {
    const d = docs[k]!;
    if (!(first[d]! & flag)) continue;
    // The first index at or after `at` whose doc is d: gallop, then bisect.
    let step = 1;
    let hi = at;
    while (hi < several.length && several[hi]! < d) {
      at = hi + 1;
      hi += step;
      step *= 2;
    }
    hi = Math.min(hi, several.length - 1);
    while (at < hi) {
      const mid = (at + hi) >>> 1;
      if (several[mid]! < d) at = mid + 1;
      else hi = mid;
    }
    for (let i = starts[at]!, end = starts[at + 1]!; i < end; i++) counts[codes[i]!]!++;
  }
}

function invert(bitmaps: Map<string, Bitmap>, docCount: number): PerDoc {
  const names = [...bitmaps.keys()];
  const lists = names.map((n) => bitmaps.get(n)!.toUint32Array());
  const small = names.length < 0x7fff;
  const Codes = small ? Uint16Array : Uint32Array;
  const flag = small ? 0x8000 : 0x80000000;
  const offsets = new Uint32Array(docCount + 1);
  for (const docs of lists) for (const d of docs) offsets[d + 1]!++;
  let several = 0;
  for (let d = 0; d < docCount; d++) if (offsets[d + 1]! > 1) several++;
  if (several <= docCount * MANY_SEVERAL) {
    const first = new Codes(docCount);
    const extra = new Map<number, number[]>();
    lists.forEach((docs, i) => {
      for (const d of docs)
        if (first[d] === 0) first[d] = i + 1;
        else {
          const list = extra.get(d);
          if (list) list.push(i + 1);
          else extra.set(d, [i + 1]);
          first[d]! |= flag;
        }
    });
    const several = Uint32Array.from(extra.keys()).sort();
    const starts = new Uint32Array(several.length + 1);
    several.forEach((d, i) => (starts[i + 1] = starts[i]! + extra.get(d)!.length));
    const codes = new Uint32Array(starts[several.length]!);
    several.forEach((d, i) => codes.set(extra.get(d)!, starts[i]!));
    return { names, kind: 'first', first, flag, more: { docs: several, starts, codes } };
  }
  for (let d = 0; d < docCount; d++) offsets[d + 1]! += offsets[d]!;
  const codes = new Codes(offsets[docCount]!);
  const fill = offsets.slice(0, docCount);
  lists.forEach((docs, i) => {
    for (const d of docs) codes[fill[d]!++] = i + 1;
  });
  return { names, kind: 'csr', offsets, codes };
}
