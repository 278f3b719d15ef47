import { Bitmap, EMPTY, type Scratch } from './bitmap.ts';

/**
 * The jobs per value of one field (remote type, country, skill, organization …):
 * the bitmaps a filter unions and a facet counts.
 */
export class ValueIndex {
  readonly bitmaps: Map<string, Bitmap>;

  constructor(bitmaps: Map<string, Bitmap>) {
    this.bitmaps = bitmaps;
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

  /** Count of `result` per value, values with none left out. */
  counts(result: Bitmap): { value: string; count: number }[] {
    const out: { value: string; count: number }[] = [];
    for (const [value, bitmap] of this.bitmaps) {
      const count = result.andCardinality(bitmap);
      if (count > 0) out.push({ value, count });
    }
    return out;
  }
}
