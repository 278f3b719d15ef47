import { Bitmap, EMPTY, type Scratch } from './bitmap.ts';

/**
 * A numeric value per doc (NaN when null) with bitmaps of fixed-width value buckets,
 * for range filters: whole buckets are unioned, and the one bucket the bound falls in
 * is checked value by value, so the answer is exact.
 */
export class NumberBuckets {
  private readonly buckets: Map<number, Bitmap>;
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

  /** Docs whose value is ≥ min (`atLeast`) or ≤ max (`!atLeast`); null values never. */
  range(bound: number, atLeast: boolean, scratch: Scratch): Bitmap {
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
  }
}
