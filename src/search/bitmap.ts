import roaring, { type RoaringBitmap32 } from 'roaring';

/**
 * Compressed bitmaps of dense doc numbers (CRoaring through the native `roaring`
 * package; README "Search index" has the comparison that chose it). Their memory is
 * native: a bitmap made for one query must be disposed when the query ends, or the
 * native memory pressure brings major GCs that pushed p99 from 2 to 50–70 ms in the
 * prototype (reference/bitmap-search-feasibility.md).
 */
export type Bitmap = RoaringBitmap32;
export const { RoaringBitmap32: Bitmap } = roaring;

/** Native memory held by all bitmaps of the process, in bytes. */
export const roaringMemory = (): number => roaring.getRoaringUsedMemory();

/** The temporaries of one query, disposed together when it ends. */
export class Scratch {
  private readonly owned: Bitmap[] = [];

  /** Registers a bitmap this query made and returns it. */
  own(bitmap: Bitmap): Bitmap {
    this.owned.push(bitmap);
    return bitmap;
  }

  dispose(): void {
    for (const b of this.owned) b.dispose();
    this.owned.length = 0;
  }
}

/** An empty bitmap that is never written to. */
export const EMPTY: Bitmap = new Bitmap().freeze();

/**
 * Builds one bitmap per key from doc numbers that arrive in any order: they are
 * buffered per key and added in batches (one native call per batch, not per doc).
 */
export class KeyedBitmapsBuilder {
  private readonly pending = new Map<string, { bitmap: Bitmap | null; docs: number[] }>();

  add(key: string, doc: number): void {
    let entry = this.pending.get(key);
    if (!entry) {
      entry = { bitmap: null, docs: [] };
      this.pending.set(key, entry);
    }
    entry.docs.push(doc);
    if (entry.docs.length >= 1024) {
      (entry.bitmap ??= new Bitmap()).addMany(entry.docs);
      entry.docs.length = 0;
    }
  }

  /** Every key's bitmap, compacted (run containers where they pay, no spare capacity). */
  finish(): Map<string, Bitmap> {
    const out = new Map<string, Bitmap>();
    for (const [key, entry] of this.pending) out.set(key, compact(entry));
    this.pending.clear();
    return out;
  }

  /** As finish, giving the event loop a turn between slices (`slices`, time-slices.ts). */
  async finishGradually(slices: { slice(): Promise<void> }): Promise<Map<string, Bitmap>> {
    const out = new Map<string, Bitmap>();
    for (const [key, entry] of this.pending) {
      out.set(key, compact(entry));
      await slices.slice();
    }
    this.pending.clear();
    return out;
  }
}

/** Below this many docs a bitmap is one array container: made in one native call, nothing to compact. */
const SMALL = 64;

function compact({ bitmap, docs }: { bitmap: Bitmap | null; docs: number[] }): Bitmap {
  // Most keys are small (a page of live events has thousands of words of a few docs
  // each): four native calls per key were most of such a page's build.
  if (!bitmap && docs.length < SMALL) return new Bitmap(docs);
  bitmap ??= new Bitmap();
  if (docs.length) bitmap.addMany(docs);
  bitmap.runOptimize();
  bitmap.shrinkToFit();
  return bitmap;
}
