import { Bitmap, EMPTY, type Scratch } from './bitmap.ts';

/** Past this many values a facet counts by reading the matches' values, not a bitmap per value. */
const MANY_VALUES = 64;
/**
 * When reading the matches' values beats counting per value (measured at 100k and 1M
 * synthetic jobs): reading costs ~1–4 ns per match (PerDoc); a per-value count 1–15 µs, growing
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

  /** Slots per doc of the per-doc codes (undefined: counted per value); tests check each is met. */
  get lanes(): number | undefined {
    return this.perDoc?.lanes;
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
    if (this.perDoc && share < (top === Infinity ? SCAN_SHARE_ALL : SCAN_SHARE_TOP))
      return this.listOfCodes(countPerDoc(this.perDoc, docs()), top, extra);
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

  /**
   * The per-doc codes when a count over `resultSize` docs reads them whatever its top
   * (a fused pass reads them with other fields': fused-count.ts); else undefined.
   */
  codesFor(resultSize: number): PerDoc | undefined {
    return this.perDoc && resultSize / this.docCount < SCAN_SHARE_TOP ? this.perDoc : undefined;
  }

  /**
   * `counts` lists from per-code counts (index: code, as countPerDoc or a fused pass
   * makes them): values with none left out, and with a `top`, those that cannot reach it.
   */
  listOfCodes(
    counts: Uint32Array,
    top = Infinity,
    extra?: ReadonlyMap<string, number>,
  ): { value: string; count: number }[] {
    const { names } = this.perDoc!;
    const out: { value: string; count: number }[] = [];
    const least = top === Infinity ? 0 : leastInTop(counts, names, top, extra);
    for (let code = 1; code <= names.length; code++) {
      const count = counts[code]!;
      if (count > 0 && (least === 0 || count + (extra?.get(names[code - 1]!) ?? 0) >= least))
        out.push({ value: names[code - 1]!, count });
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
 * The `top`-th highest count plus `extra` among the values counted (code ≥ 1, count > 0),
 * or 0 when fewer values have a count. A value below it cannot reach the summed top
 * `top` whatever the other segments add (they add `extra`), so a top-N list leaves it
 * out, as counting per value does when it stops early: a facet thread's answer crossed
 * to the main thread with every counted value (about 300 objects for a search's cities
 * and skills at 1M demo jobs, a tenth of its garbage) where 20-odd are listed.
 */
function leastInTop(
  counts: Uint32Array,
  names: readonly string[],
  top: number,
  extra: ReadonlyMap<string, number> | undefined,
): number {
  const sums: number[] = [];
  for (let code = 1; code <= names.length; code++)
    if (counts[code]! > 0) sums.push(counts[code]! + (extra?.get(names[code - 1]!) ?? 0));
  if (sums.length <= top) return 0;
  return Uint32Array.from(sums).sort()[sums.length - top]!;
}

/**
 * Each doc's value codes (1-based; 0: none) in `lanes` fixed slots: doc d's are
 * codes[d·lanes] … codes[d·lanes + lanes − 1]. A doc with more values than lanes keeps
 * its first lanes − 1 there, `flag` in its last lane, and the rest in `more`.
 *
 * Fixed slots because counting them needs no branch per match: a loop over each doc's
 * own number of codes (CSR) mispredicted about once a match, and was most of a skills
 * count (measured at 1M demo jobs, 81k matches, 2.8 skills a job: CSR 0.68 ms, eight
 * lanes 0.32–0.38 ms; cities' first code plus a pass for the docs with several: 0.23 ms,
 * two lanes ~0.1 ms). Each lane counts into its own histogram: a lane holds mostly
 * the same few codes (0 above all), and increments of one cell wait on each other.
 */
export interface PerDoc {
  names: string[];
  lanes: Lanes;
  /**
   * The narrowest array that holds the codes: a count over a broad result reads nearly
   * every cache line of it, so its time follows its bytes (eight lanes of a 137-value
   * field at 1M jobs, 81k matches: 0.30 ms in bytes, 0.58–0.63 in 16-bit codes).
   */
  codes: Uint8Array | Uint16Array | Uint32Array;
  /** names.length + 1: the last lane's code of a doc whose further codes sit in `more`. */
  flag: number;
  more: Extras;
  /** Each lane's histogram (flag + 1 cells), zeroed after each count (counting is synchronous). */
  histograms: Uint32Array;
  /** Room for the matches whose last lane holds the flag, at most every such doc (+1: see countPerDoc). */
  flagged: Uint32Array;
}

export type Lanes = 1 | 2 | 4 | 8;
const LANE_CHOICES: readonly Lanes[] = [1, 2, 4, 8];

/**
 * The lanes whose cost per match is least: each lane costs an increment (~0.5 ns at
 * 1M jobs), each doc with more values than lanes a search in `more` (~25 ns).
 */
const NS_PER_LANE = 0.5;
const NS_PER_EXTRA = 25;

/**
 * The codes after the first lanes − 1 of the docs that have more values than lanes,
 * CSR-style over those docs in ascending order: docs[i]'s are codes[starts[i]] …
 * codes[starts[i+1]-1]. A flagged match's are found by a search forward from the
 * previous one's (both come in doc order).
 */
interface Extras {
  docs: Uint32Array;
  starts: Uint32Array;
  codes: Uint32Array;
}

/**
 * Counts per code of `docs`' values into a fresh array (index: code; 0 and the flag
 * left at 0). Loops unrolled per lane count: a loop over the lanes, its count unknown
 * to the compiler, ran 1.5–3× slower. A match is written to `flagged` whatever its
 * flag and the list grows by one only when it is set (`((c ^ flag) − 1) >>> 31` is 1
 * exactly when c is the flag): a branch here would mispredict on every flagged match.
 */
function countPerDoc(p: PerDoc, docs: Uint32Array): Uint32Array {
  const { codes: c, histograms: h, flagged, flag } = p;
  const s = flag + 1;
  const n = docs.length;
  let m = 0;
  switch (p.lanes) {
    case 1:
      for (let k = 0; k < n; k++) {
        const d = docs[k]!;
        const a = c[d]!;
        h[a]!++;
        flagged[m] = d;
        m += ((a ^ flag) - 1) >>> 31;
      }
      break;
    case 2:
      for (let k = 0; k < n; k++) {
        const d = docs[k]!;
        const b = d << 1;
        const z = c[b + 1]!;
        h[c[b]!]!++;
        h[s + z]!++;
        flagged[m] = d;
        m += ((z ^ flag) - 1) >>> 31;
      }
      break;
    case 4:
      for (let k = 0; k < n; k++) {
        const d = docs[k]!;
        const b = d << 2;
        const z = c[b + 3]!;
        h[c[b]!]!++;
        h[s + c[b + 1]!]!++;
        h[2 * s + c[b + 2]!]!++;
        h[3 * s + z]!++;
        flagged[m] = d;
        m += ((z ^ flag) - 1) >>> 31;
      }
      break;
    case 8:
      for (let k = 0; k < n; k++) {
        const d = docs[k]!;
        const b = d << 3;
        const z = c[b + 7]!;
        h[c[b]!]!++;
        h[s + c[b + 1]!]!++;
        h[2 * s + c[b + 2]!]!++;
        h[3 * s + c[b + 3]!]!++;
        h[4 * s + c[b + 4]!]!++;
        h[5 * s + c[b + 5]!]!++;
        h[6 * s + c[b + 6]!]!++;
        h[7 * s + z]!++;
        flagged[m] = d;
        m += ((z ^ flag) - 1) >>> 31;
      }
      break;
  }
  return perDocCounts(p, m);
}

/**
 * Counts per code (index: code) from a pass's lane histograms, which it zeroes for the
 * next, and the values in `more` of the first `m` docs of `flagged` (the pass's matches
 * whose last lane held the flag).
 */
export function perDocCounts(p: PerDoc, m: number): Uint32Array {
  const { histograms: h, flag } = p;
  const s = flag + 1;
  const counts = new Uint32Array(s);
  for (let lane = 0; lane < p.lanes; lane++) {
    const at = lane * s;
    for (let code = 1; code < flag; code++) counts[code]! += h[at + code]!;
  }
  h.fill(0);
  if (m > 0) countExtras(p.more, p.flagged.subarray(0, m), counts);
  return counts;
}

/** Adds the codes in `more` of `docs` (each in more.docs; both in ascending order). */
function countExtras(more: Extras, docs: Uint32Array, counts: Uint32Array): void {
  const { docs: several, starts, codes } = more;
  let at = 0;
  for (let k = 0, n = docs.length; k < n; k++) {
    const d = docs[k]!;
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
  const valuesOf = new Uint32Array(docCount);
  for (const docs of lists) for (const d of docs) valuesOf[d]!++;
  const lanes = pickLanes(valuesOf);
  const flag = names.length + 1;
  const codes = new (flag <= 0xff ? Uint8Array : flag <= 0xffff ? Uint16Array : Uint32Array)(
    docCount * lanes,
  );
  // The docs with more values than lanes, ascending, and where each one's extras start.
  const rank = new Uint32Array(docCount);
  const several: number[] = [];
  for (let d = 0; d < docCount; d++)
    if (valuesOf[d]! > lanes) {
      rank[d] = several.length;
      several.push(d);
    }
  const starts = new Uint32Array(several.length + 1);
  several.forEach((d, i) => (starts[i + 1] = starts[i]! + valuesOf[d]! - (lanes - 1)));
  const extra = new Uint32Array(starts[several.length]!);
  const filled = new Uint32Array(docCount);
  lists.forEach((docs, i) => {
    for (const d of docs) {
      const f = filled[d]!++;
      if (valuesOf[d]! <= lanes || f < lanes - 1) codes[d * lanes + f] = i + 1;
      else {
        extra[starts[rank[d]!]! + f - (lanes - 1)] = i + 1;
        codes[d * lanes + lanes - 1] = flag;
      }
    }
  });
  return {
    names,
    lanes,
    codes,
    flag,
    more: { docs: Uint32Array.from(several), starts, codes: extra },
    histograms: new Uint32Array(lanes * (flag + 1)),
    flagged: new Uint32Array(several.length + 1),
  };
}

/** The lane count of least estimated cost per match, given each doc's number of values. */
function pickLanes(valuesOf: Uint32Array): Lanes {
  const docCount = Math.max(1, valuesOf.length);
  let best: Lanes = 1;
  let cheapest = Infinity;
  for (const lanes of LANE_CHOICES) {
    let over = 0;
    for (let d = 0; d < valuesOf.length; d++) if (valuesOf[d]! > lanes) over++;
    const cost = lanes * NS_PER_LANE + (over / docCount) * NS_PER_EXTRA;
    if (cost < cheapest) [best, cheapest] = [lanes, cost];
  }
  return best;
}
