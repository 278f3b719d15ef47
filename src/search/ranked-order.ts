import { Bitmap } from './bitmap.ts';
import { inverse } from './doc-order.ts';

/**
 * A sort order over all jobs (salary, first seen) as a rank per doc plus bitmaps of
 * consecutive rank blocks. A page of any result under the order: skip whole blocks by
 * counting (`andCardinality`), then sort only the docs of the blocks the page falls in.
 * The order must be total (ties broken to the end, as the SQL ORDER BY's id does).
 */
export class RankedOrder {
  /** doc → its position in the order (0 comes first). */
  private readonly rank: Uint32Array;
  /** position → doc. */
  private readonly docs: Uint32Array;
  private readonly blocks: Bitmap[] = [];
  private readonly blockSize: number;

  /** @param docs every doc, in the order (doc-order.ts makes them without a comparator sort). */
  constructor(docs: Uint32Array, blockSize = 4096) {
    this.blockSize = blockSize;
    const docCount = docs.length;
    this.docs = docs;
    this.rank = inverse(docs);
    for (let start = 0; start < docCount; start += blockSize) {
      const block = new Bitmap(docs.subarray(start, Math.min(docCount, start + blockSize)));
      block.runOptimize();
      block.shrinkToFit();
      this.blocks.push(block);
    }
  }

  /** The docs of `result` at positions offset … offset + limit - 1 of the order. */
  page(result: Bitmap, offset: number, limit: number): number[] {
    const out: number[] = [];
    let skip = offset;
    for (const block of this.blocks) {
      if (out.length >= limit) break;
      const inBlock = result.andCardinality(block);
      if (skip >= inBlock) {
        skip -= inBlock;
        continue;
      }
      const both = Bitmap.and(result, block);
      const ranks = both.toUint32Array();
      both.dispose();
      for (let i = 0; i < ranks.length; i++) ranks[i] = this.rank[ranks[i]!]!;
      ranks.sort();
      for (let i = skip; i < ranks.length && out.length < limit; i++) out.push(this.docs[ranks[i]!]!);
      skip = 0;
    }
    return out;
  }

  /**
   * How many docs of `result` come before a point of the order, given as `precedes(doc)`:
   * true exactly for the docs before it (a prefix of the order).
   */
  countBefore(result: Bitmap, precedes: (doc: number) => boolean): number {
    let lo = 0;
    let hi = this.docs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (precedes(this.docs[mid]!)) lo = mid + 1;
      else hi = mid;
    }
    const full = Math.floor(lo / this.blockSize);
    let count = 0;
    for (let i = 0; i < full; i++) count += result.andCardinality(this.blocks[i]!);
    if (lo % this.blockSize !== 0) {
      const both = Bitmap.and(result, this.blocks[full]!);
      for (const d of both.toUint32Array()) if (this.rank[d]! < lo) count++;
      both.dispose();
    }
    return count;
  }

  dispose(): void {
    for (const b of this.blocks) b.dispose();
  }
}
