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
 * A word's jobs: a bitmap, or below SMALL of them a sorted array of docs. Every bitmap is
 * a native object behind a weak handle, which the young generation's collector walks: a
 * small segment built on each write made thousands of them (one per distinct word), and
 * the scavenges after each write paused the gateway 12–22 ms (20 of a 1M-job search's p99
 * budget); an array is an ordinary object, and an index keeps its words' arrays in one
 * pool (term-index.ts FieldTerms), so that a full collection has not one object per word.
 */
export type Postings = Bitmap | Uint32Array;

/** The union of postings, as a new bitmap the caller owns. */
export function unionOf(list: readonly Postings[]): Bitmap {
  const bitmaps: Bitmap[] = [];
  let docs = 0;
  for (const p of list)
    if (p instanceof Uint32Array) docs += p.length;
    else bitmaps.push(p);
  const out =
    bitmaps.length === 0 ? new Bitmap() : bitmaps.length === 1 ? bitmaps[0]!.clone() : Bitmap.orMany(bitmaps);
  if (docs === 0) return out;
  const all = new Uint32Array(docs);
  let at = 0;
  for (const p of list)
    if (p instanceof Uint32Array) {
      all.set(p, at);
      at += p.length;
    }
  out.addMany(all);
  return out;
}

/** A word's bitmap as Postings: below SMALL docs an array (the bitmap is disposed), else itself. */
export function asPostings(bitmap: Bitmap): Postings {
  if (bitmap.size >= SMALL) return bitmap;
  const docs = bitmap.toUint32Array();
  bitmap.dispose();
  return docs;
}

/**
 * Builds one bitmap per key from doc numbers that arrive in any order: they are
 * buffered per key and added in batches (one native call per batch, not per doc).
 */
export class KeyedBitmapsBuilder {
  private readonly pending = new Map<string, PendingKey>();

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
    return this.drain(compact);
  }

  /** As finish, a key of fewer than SMALL docs as a sorted array (Postings: no native object). */
  finishPostings(): Map<string, Postings> {
    return this.drain(postingsOf);
  }

  /** As finish (or finishPostings), giving the event loop a turn between slices (`slices`, time-slices.ts). */
  async finishGradually(slices: { slice(): Promise<void> }): Promise<Map<string, Bitmap>>;
  async finishGradually(slices: { slice(): Promise<void> }, postings: true): Promise<Map<string, Postings>>;
  async finishGradually(
    slices: { slice(): Promise<void> },
    postings = false,
  ): Promise<Map<string, Postings>> {
    const make = postings ? postingsOf : compact;
    const out = new Map<string, Postings>();
    for (const [key, entry] of this.pending) {
      out.set(key, make(entry));
      await slices.slice();
    }
    this.pending.clear();
    return out;
  }

  private drain<T>(make: (entry: PendingKey) => T): Map<string, T> {
    const out = new Map<string, T>();
    for (const [key, entry] of this.pending) out.set(key, make(entry));
    this.pending.clear();
    return out;
  }
}

type PendingKey = { bitmap: Bitmap | null; docs: number[] };

/** Below this many docs a bitmap is one array container: made in one native call, nothing to compact. */
const SMALL = 64;

/** Ascending and distinct, as a bitmap would hold them. */
function sortedDocs(docs: number[]): Uint32Array {
  const out = Uint32Array.from(docs);
  let ordered = true;
  for (let i = 1; i < out.length; i++) if (out[i]! <= out[i - 1]!) ordered = false;
  if (ordered) return out;
  out.sort();
  let n = 0;
  for (let i = 0; i < out.length; i++) if (n === 0 || out[i] !== out[n - 1]) out[n++] = out[i]!;
  return out.slice(0, n);
}

const postingsOf = (entry: PendingKey): Postings =>
  !entry.bitmap && entry.docs.length < SMALL ? sortedDocs(entry.docs) : compact(entry);

function compact({ bitmap, docs }: PendingKey): Bitmap {
  // Most keys are small (a page of live events has thousands of words of a few docs
  // each): four native calls per key were most of such a page's build.
  if (!bitmap && docs.length < SMALL) return new Bitmap(docs);
  bitmap ??= new Bitmap();
  if (docs.length) bitmap.addMany(docs);
  bitmap.runOptimize();
  bitmap.shrinkToFit();
  return bitmap;
}
