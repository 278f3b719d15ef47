/**
 * doc → job id. When every id is a lowercase UUID (every job's, as PostgreSQL writes a
 * uuid as text) they are held as 16 bytes each in one typed array: a million id strings
 * are a million heap objects that every mark-compact marks, and a forced full collection
 * of a million of them alone took 22–25 ms here against 2 ms for one array of the same
 * ids (stop 35) — a pause that lands in whatever request is running, the largest share
 * of the live heap's marking at 1M jobs. Ids of any other shape (the event matcher's
 * page indexes name their images "3a" and "3b"; tests' synthetic ids) stay strings.
 */
export interface DocIds {
  readonly length: number;
  /** The id of `doc`, as it was given. */
  at(doc: number): string;
  /**
   * The doc whose id is `id` (any case), by binary search over `byId` (docs by id
   * ascending, IndexData.byId); undefined if none.
   */
  find(byId: Uint32Array, id: string): number | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function docIdsOf(ids: readonly string[]): DocIds {
  for (const id of ids) if (!UUID.test(id)) return new TextIds(ids);
  return UuidIds.of(ids);
}

class TextIds implements DocIds {
  private readonly ids: readonly string[];

  constructor(ids: readonly string[]) {
    this.ids = ids;
  }

  get length(): number {
    return this.ids.length;
  }

  at(doc: number): string {
    return this.ids[doc]!;
  }

  find(byId: Uint32Array, id: string): number | undefined {
    const key = id.toLowerCase();
    let lo = 0;
    let hi = byId.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ids[byId[mid]!]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo < byId.length && this.ids[byId[lo]!] === key ? byId[lo] : undefined;
  }
}

/** Hex digit pairs by byte value, for turning bytes back into text without a buffer per id. */
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));
/** Where the four dashes go: after these bytes. */
const DASH_AFTER = new Set([3, 5, 7, 9]);

class UuidIds implements DocIds {
  private readonly bytes: Uint8Array;
  readonly length: number;

  private constructor(bytes: Uint8Array, length: number) {
    this.bytes = bytes;
    this.length = length;
  }

  static of(ids: readonly string[]): UuidIds {
    const bytes = new Uint8Array(ids.length * 16);
    ids.forEach((id, doc) => pack(id, bytes, doc * 16));
    return new UuidIds(bytes, ids.length);
  }

  at(doc: number): string {
    let out = '';
    const at = doc * 16;
    for (let i = 0; i < 16; i++) {
      out += HEX[this.bytes[at + i]!]!;
      if (DASH_AFTER.has(i)) out += '-';
    }
    return out;
  }

  find(byId: Uint32Array, id: string): number | undefined {
    const key = id.toLowerCase();
    if (!UUID.test(key)) return undefined;
    const wanted = new Uint8Array(16);
    pack(key, wanted, 0);
    // Bytes compare as the lowercase text compares (0-9 before a-f, digit by digit).
    const compare = (doc: number) => {
      const at = doc * 16;
      for (let i = 0; i < 16; i++) {
        const d = this.bytes[at + i]! - wanted[i]!;
        if (d !== 0) return d;
      }
      return 0;
    };
    let lo = 0;
    let hi = byId.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(byId[mid]!) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo < byId.length && compare(byId[lo]!) === 0 ? byId[lo] : undefined;
  }
}

/** A canonical UUID's 32 hex digits as 16 bytes at `bytes[at]`. */
function pack(id: string, bytes: Uint8Array, at: number): void {
  let b = 0;
  for (let i = 0; i < id.length; i += 2) {
    if (id.charCodeAt(i) === 45 /* - */) i++;
    bytes[at + b++] = parseInt(id.slice(i, i + 2), 16);
  }
}
