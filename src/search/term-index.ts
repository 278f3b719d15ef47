import { Bitmap, EMPTY, unionOf, type Postings } from './bitmap.ts';

/** The three parts of the text, kept apart for the relevance tiers. */
export const TEXT_FIELDS = ['title', 'company', 'description'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/**
 * The jobs whose words start with one prefix: per field, and in any field; and those
 * that have the word itself (not only longer words it begins), for the relevance
 * tiers' "whole word above prefix" (domain/relevance.ts).
 */
export interface PrefixMatch {
  title: Bitmap;
  company: Bitmap;
  any: Bitmap;
  titleWhole: Bitmap;
  companyWhole: Bitmap;
  anyWhole: Bitmap;
}

/**
 * One field's words, sorted, with their jobs: a prefix is a contiguous range of words.
 *
 * A word of few jobs (a doc array, bitmap.ts Postings) is kept in one pool of docs, not as
 * an object of its own: most of a real vocabulary's words are rare, and every full
 * collection walks every object the index holds. 400,000 rare words as native bitmaps: a
 * forced full GC 17–32 ms; as typed arrays 28–40 ms (heap 34 → 111 MB); in one pool 3.6–5.6 ms.
 */
class FieldTerms {
  readonly terms: string[];
  /** A word's bitmap, or undefined when its docs are in the pool. */
  private readonly bitmaps: (Bitmap | undefined)[];
  /** The pooled words' docs, one run each: `pool[starts[i] .. starts[i + 1])` (empty for a bitmap's word). */
  private readonly pool: Uint32Array;
  private readonly starts: Uint32Array;

  constructor(byTerm: Map<string, Postings>) {
    // Code-unit order: every word starting with a prefix lies in one run, whatever the letters.
    this.terms = [...byTerm.keys()].sort();
    const n = this.terms.length;
    let docs = 0;
    for (const p of byTerm.values()) if (p instanceof Uint32Array) docs += p.length;
    this.pool = new Uint32Array(docs);
    this.starts = new Uint32Array(n + 1);
    this.bitmaps = new Array<Bitmap | undefined>(n).fill(undefined);
    let at = 0;
    for (let i = 0; i < n; i++) {
      this.starts[i] = at;
      const p = byTerm.get(this.terms[i]!)!;
      if (p instanceof Uint32Array) {
        this.pool.set(p, at);
        at += p.length;
      } else this.bitmaps[i] = p;
    }
    this.starts[n] = at;
  }

  /** The i-th word's jobs: its bitmap, or a view of the pool. */
  postingsAt(i: number): Postings {
    return this.bitmaps[i] ?? this.pool.subarray(this.starts[i]!, this.starts[i + 1]!);
  }

  sizeAt(i: number): number {
    return this.bitmaps[i]?.size ?? this.starts[i + 1]! - this.starts[i]!;
  }

  private lowerBound(prefix: string): number {
    let lo = 0;
    let hi = this.terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.terms[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The jobs of the word itself, if any job has it (owned by the index). */
  exactly(word: string): Postings | undefined {
    const i = this.lowerBound(word);
    return this.terms[i] === word ? this.postingsAt(i) : undefined;
  }

  /** The jobs of every word starting with `prefix`. */
  withPrefix(prefix: string): Postings[] {
    const lo = this.lowerBound(prefix);
    const out: Postings[] = [];
    for (let i = lo; i < this.terms.length && this.terms[i]!.startsWith(prefix); i++)
      out.push(this.postingsAt(i));
    return out;
  }

  /** Frees the words' bitmaps (the pool is ordinary memory). */
  dispose(): void {
    for (const b of this.bitmaps) b?.dispose();
  }
}

/**
 * Word prefixes → jobs, as `search_vector @@ 'prefix:*'` (any field) and the tiers'
 * `head_vector @@ 'prefix:*A'` / `'prefix:*B'` (title, company) match them.
 *
 * A prefix's union is cached: short prefixes cover thousands of words (one letter over
 * a real vocabulary: 19k words, 238 ms to union in the prototype). Prefixes of one or
 * two letters stay cached for good; longer ones are evicted least recently used, only
 * between queries (`trim`), so that no query loses a bitmap it is holding.
 */
export class TermIndex {
  private readonly fields: Record<TextField, FieldTerms>;
  private readonly cache = new Map<string, PrefixMatch>();

  private readonly maxCached: number;

  /** Cached unions disposed so far: a query holding one across an await checks it (search-index.ts). */
  evictions = 0;

  constructor(byField: Record<TextField, Map<string, Postings>>, maxCached = 4096) {
    this.maxCached = maxCached;
    this.fields = {
      title: new FieldTerms(byField.title),
      company: new FieldTerms(byField.company),
      description: new FieldTerms(byField.description),
    };
  }

  /** Distinct words per field. */
  get sizes(): Record<TextField, number> {
    return {
      title: this.fields.title.terms.length,
      company: this.fields.company.terms.length,
      description: this.fields.description.terms.length,
    };
  }

  /** The jobs matching a prefix (owned by the cache: never dispose them). */
  match(prefix: string): PrefixMatch {
    const cached = this.cache.get(prefix);
    if (cached) {
      // Most recently used last.
      this.cache.delete(prefix);
      this.cache.set(prefix, cached);
      return cached;
    }
    const title = this.fields.title.withPrefix(prefix);
    const company = this.fields.company.withPrefix(prefix);
    const description = this.fields.description.withPrefix(prefix);
    const all = [...title, ...company, ...description];
    const whole = TEXT_FIELDS.map((f) => this.fields[f].exactly(prefix)).filter((b) => b !== undefined);
    // New bitmaps (unionOf copies even one): the cache disposes what it evicts, and the
    // words' own must stay.
    const union = (list: Postings[]) => (list.length ? unionOf(list) : EMPTY);
    const titleWhole = this.fields.title.exactly(prefix);
    const companyWhole = this.fields.company.exactly(prefix);
    const m: PrefixMatch = {
      title: union(title),
      company: union(company),
      any: union(all),
      titleWhole: union(titleWhole ? [titleWhole] : []),
      companyWhole: union(companyWhole ? [companyWhole] : []),
      anyWhole: union(whole),
    };
    for (const b of owned(m)) if (b !== EMPTY) b.runOptimize();
    this.cache.set(prefix, m);
    return m;
  }

  /**
   * The jobs with a word starting with `prefix` in any field (match's `any`) alone: what a
   * filter's plan needs when nothing ranks the result (the shared event reader's pages,
   * read several times a second, where match's five other unions were wasted). Kept with
   * the index, which such pages drop within seconds.
   */
  matchAny(prefix: string): Bitmap {
    const matched = this.cache.get(prefix);
    if (matched) return matched.any;
    let any = this.anyCache.get(prefix);
    if (!any) {
      const all = TEXT_FIELDS.flatMap((f) => this.fields[f].withPrefix(prefix));
      any = all.length ? unionOf(all) : EMPTY;
      this.anyCache.set(prefix, any);
    }
    return any;
  }

  private readonly anyCache = new Map<string, Bitmap>();

  /** Unions every 1- and 2-character prefix present now, so no query pays for one. */
  warm(): void {
    for (const p of this.shortPrefixes()) this.match(p);
  }

  /**
   * As warm, yielding to the event loop between prefixes: at a million jobs the unions
   * take ~18 s of CPU, which in one go would stall every request of a serving gateway.
   */
  async warmGradually(): Promise<void> {
    let last = performance.now();
    for (const p of this.shortPrefixes()) {
      this.match(p);
      if (performance.now() - last > 20) {
        await new Promise((resolve) => setImmediate(resolve));
        last = performance.now();
      }
    }
  }

  private shortPrefixes(): Set<string> {
    const prefixes = new Set<string>();
    for (const f of Object.values(this.fields))
      for (const t of f.terms) {
        prefixes.add(t.slice(0, 1));
        if (t.length >= 2) prefixes.add(t.slice(0, 2));
      }
    return prefixes;
  }

  /** Evicts the least recently used long prefixes beyond the cache's bound. */
  trim(): void {
    if (this.cache.size <= this.maxCached) return;
    for (const [prefix, m] of this.cache) {
      if (this.cache.size <= this.maxCached) break;
      if (prefix.length <= 2) continue;
      this.evictions++;
      this.cache.delete(prefix);
      for (const b of owned(m)) if (b !== EMPTY) b.dispose();
    }
  }

  /** Whether a prefix's union is cached. */
  isCached(prefix: string): boolean {
    return this.cache.has(prefix);
  }

  /** Drops one cached union (one made for a single use; never a 1–2-letter prefix). Between queries only. */
  forget(prefix: string): void {
    const m = this.cache.get(prefix);
    if (!m || prefix.length <= 2) return;
    this.evictions++;
    this.cache.delete(prefix);
    for (const b of owned(m)) if (b !== EMPTY) b.dispose();
  }

  /**
   * The prefixes of the indexed words that may match at least `min` jobs, most first:
   * those whose words' jobs add up to `min` over the fields (a bound on the matches: a
   * job with two such words counts twice; the caller counts the real ones). One pass
   * over each field's sorted words, a prefix's words being one run: a map of every
   * prefix of a real vocabulary (hundreds of thousands of words) would take hundreds of
   * megabytes. A prefix reaching `min` reaches a third of it in some field, so only those
   * are kept, the other fields' part bounded by that third. Yields to the event loop as
   * it goes.
   */
  async prefixesWithAtLeast(min: number): Promise<string[]> {
    const third = Math.ceil(min / TEXT_FIELDS.length);
    const found = new Map<string, { sum: number; fields: number }>();
    let last = performance.now();
    for (const field of TEXT_FIELDS) {
      const terms = this.fields[field].terms;
      const sizeAt = (i: number) => this.fields[field].sizeAt(i);
      // stack[k]: the current run of words sharing a prefix of k + 1 letters, and their jobs.
      const stack: { prefix: string; sum: number }[] = [];
      const pop = () => {
        const { prefix, sum } = stack.pop()!;
        if (sum < third) return;
        const f = found.get(prefix);
        if (f) {
          f.sum += sum;
          f.fields++;
        } else found.set(prefix, { sum, fields: 1 });
      };
      for (let i = 0; i < terms.length; i++) {
        const term = terms[i]!;
        let k = 0;
        while (k < stack.length && k < term.length && stack[k]!.prefix.charCodeAt(k) === term.charCodeAt(k))
          k++;
        while (stack.length > k) pop();
        for (let j = stack.length; j < term.length; j++) stack.push({ prefix: term.slice(0, j + 1), sum: 0 });
        const size = sizeAt(i);
        for (const level of stack) level.sum += size;
        if ((i & 1023) === 0 && performance.now() - last > 20) {
          await new Promise((resolve) => setImmediate(resolve));
          last = performance.now();
        }
      }
      while (stack.length > 0) pop();
    }
    const bound = (f: { sum: number; fields: number }) =>
      f.sum + (TEXT_FIELDS.length - f.fields) * (third - 1);
    return [...found]
      .filter(([, f]) => bound(f) >= min)
      .sort((a, b) => bound(b[1]) - bound(a[1]) || (a[0] < b[0] ? -1 : 1))
      .map(([prefix]) => prefix);
  }

  /** Drops every cached union (the words changed). */
  clearCache(): void {
    this.evictions++;
    for (const m of this.cache.values()) for (const b of owned(m)) if (b !== EMPTY) b.dispose();
    this.cache.clear();
    for (const b of this.anyCache.values()) if (b !== EMPTY) b.dispose();
    this.anyCache.clear();
  }

  /** Frees every bitmap: the words' and the cached unions (the index is being dropped). */
  dispose(): void {
    this.clearCache();
    for (const f of Object.values(this.fields)) f.dispose();
  }

  /** Cached prefixes and their native bytes. */
  cacheStats(): { prefixes: number; bytes: number } {
    let bytes = 0;
    for (const m of this.cache.values())
      for (const b of owned(m)) bytes += b.getSerializationSizeInBytes('portable');
    return { prefixes: this.cache.size, bytes };
  }
}

/** The bitmaps a cached match owns (made for it, disposed with it). */
function owned(m: PrefixMatch): Bitmap[] {
  return [m.title, m.company, m.any, m.titleWhole, m.companyWhole, m.anyWhole];
}
