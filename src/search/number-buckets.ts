import { Bitmap, EMPTY, Scratch } from './bitmap.ts';

/** Ranges kept per field (each at most an eighth of a bit per job, compressed). */
const RECENT_RANGES = 16;

/**
 * A numeric value per doc (NaN when null) with bitmaps of fixed-width value buckets,
 * for range filters: whole buckets are unioned, and the one bucket the bound falls in
 * is checked value by value, so the answer is exact.
 */
export class NumberBuckets {
  private readonly buckets: Map<number, Bitmap>;
  /**
   * Recent ranges by bound, least recently used first. The buckets never change, and a
   * few bounds are asked again and again (a salary slider's steps): unioning the buckets
   * and checking the edge bucket's values was most of a salary filter's cost at 1M.
   */
  private readonly recent = new Map<string, Bitmap>();
  /** Bucket numbers, ascending. */
  private readonly order: number[];

  readonly values: Float64Array;
  readonly width: number;

  constructor(values: Float64Array, width: number) {
    this.values = values;
    this.width = width;
    const docsByBucket = new Map<number, number[]>();
    for (let d = 0; d < values.length; d++) {
      const v = values[d]!;
      if (Number.isNaN(v)) continue;
      const b = Math.floor(v / width);
      let list = docsByBucket.get(b);
      if (!list) docsByBucket.set(b, (list = []));
      list.push(d);
    }
    this.buckets = new Map();
    for (const [b, docs] of docsByBucket) {
      const bitmap = new Bitmap(docs);
      bitmap.runOptimize();
      bitmap.shrinkToFit();
      this.buckets.set(b, bitmap);
    }
    this.order = [...this.buckets.keys()].sort((a, b) => a - b);
  }

  /**
   * Docs whose value is ≥ min (`atLeast`) or ≤ max (`!atLeast`); null values never. The
   * bitmap is kept for the next query with this bound (RECENT_RANGES of them): the caller
   * must not change or dispose it.
   */
  range(bound: number, atLeast: boolean): Bitmap {
    const key = `${atLeast ? '>=' : '<='}${bound}`;
    const have = this.recent.get(key);
    if (have) {
      this.recent.delete(key);
      this.recent.set(key, have);
      return have;
    }
    const scratch = new Scratch();
    const fresh = this.compute(bound, atLeast, scratch);
    // The result outlives this query: a copy owned by the cache, the parts freed now.
    const kept = fresh === EMPTY ? EMPTY : fresh.clone();
    scratch.dispose();
    if (kept !== EMPTY) {
      kept.runOptimize();
      kept.shrinkToFit();
    }
    this.recent.set(key, kept);
    if (this.recent.size > RECENT_RANGES) {
      const [oldest, bitmap] = this.recent.entries().next().value!;
      this.recent.delete(oldest);
      if (bitmap !== EMPTY) bitmap.dispose();
    }
    return kept;
  }

  private compute(bound: number, atLeast: boolean, scratch: Scratch): Bitmap {
    const edge = Math.floor(bound / this.width);
    const whole = this.order.filter((b) => (atLeast ? b > edge : b < edge)).map((b) => this.buckets.get(b)!);
    const edgeBucket = this.buckets.get(edge);
    const parts = [...whole];
    if (edgeBucket) {
      const keep: number[] = [];
      for (const d of edgeBucket.toUint32Array()) {
        const v = this.values[d]!;
        if (atLeast ? v >= bound : v <= bound) keep.push(d);
      }
      if (keep.length) parts.push(scratch.own(new Bitmap(keep)));
    }
    if (parts.length === 0) return EMPTY;
    if (parts.length === 1) return parts[0]!;
    return scratch.own(Bitmap.orMany(parts));
  }

  /** A new bitmap of the docs with a value in [from, to) (bounds: multiples of the width). */
  band(from: number, to: number): Bitmap {
    const lo = from / this.width;
    const hi = to / this.width;
    const out = Bitmap.orMany(this.order.filter((b) => b >= lo && b < hi).map((b) => this.buckets.get(b)!));
    out.runOptimize();
    return out;
  }

  dispose(): void {
    for (const b of this.buckets.values()) b.dispose();
    for (const b of this.recent.values()) if (b !== EMPTY) b.dispose();
    this.recent.clear();
  }
}
