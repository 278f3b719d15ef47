import type { SortOrder } from '../domain/enums.ts';
import { effectiveSort, type JobFilter, type PageRequest } from '../domain/job-filter.ts';
import { Bitmap, Scratch } from './bitmap.ts';
import type { BaseFacetCache } from './base-facets.ts';
import { FacetCache, filterKey } from './facet-cache.ts';
import {
  countFacets,
  countFacetsOver,
  FACET_FIELDS,
  type CountContext,
  type FacetField,
  type Facets,
} from './facets.ts';
import { planFilter } from './filter-plan.ts';
import type { IndexData } from './index-data.ts';
import { compareKeys, keyOf, type KeyOrder, type OrderKey } from './order-key.ts';
import { tierScore } from '../domain/relevance.ts';
import type { PageKey } from '../domain/page-key.ts';
import { classesOf, RelevanceSplit } from './relevance.ts';
import type { PrefixMatch } from './term-index.ts';

/** A search answered by the index: the page's job ids in order, the exact total, facets if asked. */
export interface IndexAnswer {
  ids: string[];
  total: number;
  /** The facets asked for (all of them for `facets: true`). */
  facets?: Partial<Facets>;
  /** A ranked page's relevance per id, as SQL computes it (domain/relevance.ts). */
  scores?: number[];
  /** The facets were not counted: `counting` deferred some counts (facet-threads.ts). */
  deferred?: true;
}

/**
 * A first run whose counts were deferred, held (`hold`) so that the second run counts
 * facets only: the matches, total and page stay as computed. Its temporaries live until
 * `release`, which the caller must call whether it resumed or not.
 */
export interface HeldAnswer extends IndexAnswer {
  deferred: true;
  /**
   * The facets with `counting`'s counts, over the same matches; null when the index
   * changed since the first run (a write applied, a segment dropped, a cached word
   * evicted), for the caller to run the whole query again.
   */
  resume(counting: CountContext): Partial<Facets> | null;
  release(): void;
}

/**
 * One part of the index: the jobs of one build, minus `dead`, those changed or gone
 * since (their current rows are in a later segment, or nowhere). The first segment is
 * the base, built from the whole table; the others are small, built from the jobs the
 * change log named (live-index.ts).
 */
export interface Segment {
  data: IndexData;
  dead: Bitmap;
}

/**
 * The in-process search index over every job (README "Search index"): the same
 * answers as JobRepository.search — matches, total, order, page — from bitmaps, so no
 * cost grows with the number of matches but the page's. Only ids come out: the
 * caller reads the page's rows by id.
 *
 * Over several segments, totals and facets add up, and a page is a merge: the base's
 * matches are read in order by position, the small segments' matches are sorted whole
 * (they are few), and where the page starts in the merge is found by binary search
 * (mergedPage).
 *
 * Queries are synchronous and free their temporaries before returning.
 */
export class SearchIndex {
  readonly segments: readonly Segment[];
  private readonly clock: () => Date;
  /** This version's facet counts of recent filters (facet-cache.ts); null: none kept. */
  readonly facetCache: FacetCache | null;
  /** The base's facet counts of recent filters, kept across versions (base-facets.ts); null: none. */
  readonly baseFacets: BaseFacetCache | null;

  constructor(
    data: IndexData | readonly Segment[],
    clock: () => Date = () => new Date(),
    options: {
      facetCacheSize?: number;
      baseFacets?: BaseFacetCache | null;
      /** Changes whenever the segments' docs or dead docs change in place, or one is dropped (live-index.ts). */
      version?: () => number;
    } = {},
  ) {
    this.segments = Array.isArray(data)
      ? (data as readonly Segment[])
      : [{ data: data as IndexData, dead: new Bitmap() }];
    this.clock = clock;
    this.facetCache = options.facetCacheSize ? new FacetCache(options.facetCacheSize) : null;
    const baseFacets = options.baseFacets ?? null;
    this.baseFacets = baseFacets && baseFacets.data === this.base ? baseFacets : null;
    this.version = options.version ?? (() => 0);
  }

  private readonly version: () => number;

  /** What a held answer's bitmaps depend on: the segments as they are, and the cached words. */
  private stamp(): string {
    let evictions = 0;
    for (const s of this.segments) evictions += s.data.terms.evictions;
    return `${this.version()}:${evictions}`;
  }

  private get base(): IndexData {
    return this.segments[0]!.data;
  }

  /** Jobs the index answers for (live docs of every segment). */
  get docCount(): number {
    return this.segments.reduce((n, s) => n + s.data.docCount - s.dead.size, 0);
  }

  /** Distinct words per text field (of the base). */
  get termCounts() {
    return this.base.terms.sizes;
  }

  /** Unions every 1–2-letter prefix ahead of the first query that needs it. */
  warm(): void {
    this.base.terms.warm();
  }

  /**
   * One search: 'unsupported' when the filter holds something the index cannot answer
   * exactly (see planFilter), for the caller to ask SQL instead.
   */
  query(
    filter: JobFilter,
    sort: SortOrder | undefined,
    page: PageRequest,
    options: {
      facets?: boolean | readonly FacetField[];
      /** Where counts come from (facet threads); by default all are counted here. */
      counting?: CountContext;
      /** A deferred answer is held for `resume` (HeldAnswer) instead of freed. */
      hold?: boolean;
    } = {},
  ): IndexAnswer | HeldAnswer | 'unsupported' {
    const scratch = new Scratch();
    let held = false;
    const release = () => {
      scratch.dispose();
      for (const s of this.segments) s.data.terms.trim();
    };
    try {
      const now = this.clock();
      const parts: Part[] = [];
      for (const segment of this.segments) {
        const plan = planFilter(segment.data, filter, now, scratch);
        if (plan === 'unsupported') return plan;
        const result = segment.dead.isEmpty
          ? plan.matches
          : scratch.own(Bitmap.andNot(plan.matches, segment.dead));
        parts.push({ data: segment.data, result, words: plan.words, raw: plan.matches });
      }
      const order = effectiveSort(filter, sort);
      const ranked = order === 'relevance' && parts[0]!.words.length > 0;
      const total = parts.reduce((n, p) => n + p.result.size, 0);
      let refs: Ref[];
      if (page.after || page.before || page.backward) {
        // A keyset page (GraphQL cursors): the positions of its keys in the merged order.
        const keyOrder: SortOrder = ranked ? 'relevance' : order === 'relevance' ? 'newest' : order;
        const from = page.after ? countPreceding(parts, ranked, keyOrder, page.after, true, scratch) : 0;
        const to = page.before ? countPreceding(parts, ranked, keyOrder, page.before, false, scratch) : total;
        const start = page.backward ? Math.max(from, to - page.limit) : from;
        const limit = Math.max(0, Math.min(page.limit, to - start));
        refs = limit === 0 ? [] : pageOfMany(parts, ranked, order, { offset: start, limit }, scratch);
        if (page.backward) refs.reverse();
      } else
        refs =
          parts.length === 1
            ? pageOfOne(parts[0]!, ranked, order, page, scratch)
            : pageOfMany(parts, ranked, order, page, scratch);
      const answer: IndexAnswer = {
        ids: refs.map((r) => r.data.ids.at(r.doc)),
        total,
        ...(ranked && { scores: refs.map((r) => r.score!) }),
      };
      const fields = options.facets === true ? FACET_FIELDS : options.facets || [];
      if (fields.length === 0) return answer;
      const filtered = this.baseFacets ? filterKey(filter) : null;
      const key = filtered !== null && this.baseFacets!.keeps(filtered) ? filtered : null;
      const facetsWith = (context: CountContext | undefined) => {
        const afresh = (asked: readonly FacetField[]) =>
          parts.length === 1
            ? countFacets(parts[0]!.data, parts[0]!.result, asked, context)
            : countFacetsOver(parts, asked, context);
        const [base, ...small] = parts as [Part, ...Part[]];
        const count = (asked: readonly FacetField[]) =>
          (key !== null &&
            this.baseFacets!.facets(
              key,
              { raw: base.raw, live: base.result, dead: this.segments[0]!.dead },
              small,
              asked,
              scratch,
              context,
            )) ||
          afresh(asked);
        const facets = this.facetCache
          ? this.facetCache.facetsOf(filter, fields, count, () => !context?.deferred)
          : count(fields);
        // Placeholders: the counts are being made elsewhere, and the query runs again with them.
        return context?.deferred ? null : facets;
      };
      const facets = facetsWith(options.counting);
      if (facets) return { ...answer, facets };
      if (!options.hold) return { ...answer, deferred: true };
      // Held: the second run counts facets only, if nothing it reads changed meanwhile.
      held = true;
      const stamp = this.stamp();
      let released = false;
      return {
        ...answer,
        deferred: true,
        resume: (counting) => (released || this.stamp() !== stamp ? null : facetsWith(counting)),
        release: () => {
          if (released) return;
          released = true;
          release();
        },
      };
    } finally {
      if (!held) release();
    }
  }
}

interface Part {
  data: IndexData;
  /** The segment's live matches. */
  result: Bitmap;
  words: PrefixMatch[];
  /** Its matches before its dead docs were taken out. */
  raw: Bitmap;
}

/** Microseconds since the epoch of a key's timestamp (`…T12:00:00.123456Z`). */
function micros(text: string): number {
  const [seconds, fraction = '0'] = text.slice(0, -1).split('.');
  return Date.parse(`${seconds}Z`) * 1000 + Number(fraction.padEnd(6, '0'));
}

/** SQL's key of "no salary" (page-key.sql.ts). */
const NO_SALARY = -2147483648;

/** A cursor's key (domain/page-key.ts) as the index compares it; for relevance, also its score. */
function orderKeyOf(order: SortOrder, key: PageKey): { score: number; key: OrderKey } {
  const [k0, k1, k2] = key as [string, string, string | undefined];
  if (order === 'relevance') return { score: Number(k0), key: { a: micros(k1), b: 0, id: k2! } };
  if (order === 'salary') {
    const salary = Number(k0);
    return { score: 0, key: { a: salary === NO_SALARY ? -Infinity : salary, b: micros(k1), id: k2! } };
  }
  return { score: 0, key: { a: micros(k0), b: 0, id: k1 } };
}

/**
 * How many matches come before a cursor's key in the order (`andEqual`: the key's own
 * row too, which "after" skips). A key sorts just after itself when its id is lowered
 * by the smallest step: ids are unique, and compare descending.
 */
function countPreceding(
  parts: Part[],
  ranked: boolean,
  order: SortOrder,
  cursor: PageKey,
  andEqual: boolean,
  scratch: Scratch,
): number {
  const { score, key: exact } = orderKeyOf(order, cursor);
  const id = exact.id;
  const key = andEqual
    ? { ...exact, id: `${id.slice(0, -1)}${String.fromCharCode(id.charCodeAt(id.length - 1) - 1)}\uffff` }
    : exact;
  const [base, ...rest] = parts as [Part, ...Part[]];
  const smallBefore = (docs: (p: Part) => Bitmap | undefined, keyOrder: KeyOrder) =>
    sortedSmall(rest, docs, keyOrder).filter((k) => compareKeys(k.key, key) < 0).length;
  if (!ranked) {
    const keyOrder: KeyOrder = order === 'salary' || order === 'first_seen' ? order : 'newest';
    const big =
      keyOrder === 'newest' ? newestOf(base.data, base.result) : rankedOf(base.data, keyOrder, base.result);
    return big.countBefore(key) + smallBefore((p) => p.result, keyOrder);
  }
  let count = 0;
  for (const c of relevanceClasses(parts, scratch)) {
    const classScore = scoreOf(c.counts);
    // Classes come best first, and a class's score orders as its tier counts do (TIER_BASE).
    if (classScore < score) break;
    if (classScore > score) count += c.size;
    else
      count +=
        (c.base ? newestOf(base.data, c.base).countBefore(key) : 0) +
        smallBefore((p) => c.small.get(p.data), 'newest');
  }
  return count;
}

/** A job of a segment; in a ranked page, with its relevance score. */
interface Ref {
  data: IndexData;
  doc: number;
  score?: number;
}

/** A relevance class's score: its tier counts' scores summed, as SQL sums its words'. */
const scoreOf = (counts: readonly number[]): number =>
  counts.reduce((sum, n, tier) => sum + n * tierScore(tier), 0);

interface Keyed extends Ref {
  key: OrderKey;
}

/** The page of a one-segment index: read straight from its order. */
function pageOfOne(
  part: Part,
  ranked: boolean,
  order: SortOrder,
  page: PageRequest,
  scratch: Scratch,
): Ref[] {
  const { data, result } = part;
  if (ranked)
    return pageOfTiers(
      data,
      (function* () {
        for (const t of new RelevanceSplit(result, part.words, scratch).classes())
          yield { docs: t.docs, score: scoreOf(t.counts) };
      })(),
      page,
    );
  const docs =
    order === 'salary'
      ? data.salaryOrder.page(result, page.offset, page.limit)
      : order === 'first_seen'
        ? data.firstSeenOrder.page(result, page.offset, page.limit)
        : null;
  return docs ? docs.map((doc) => ({ data, doc })) : pageOfTiers(data, [{ docs: result }], page);
}

/** A page over tiers, best first, each newest first (highest doc number first). */
function pageOfTiers(
  data: IndexData,
  tiers: Iterable<{ docs: Bitmap; score?: number }>,
  page: PageRequest,
): Ref[] {
  const out: Ref[] = [];
  let skip = page.offset;
  for (const { docs, score } of tiers) {
    const size = docs.size;
    if (skip >= size) {
      skip -= size;
      continue;
    }
    for (let i = size - 1 - skip; i >= 0 && out.length < page.limit; i--)
      out.push({ data, doc: docs.select(i)!, score });
    skip = 0;
    if (out.length >= page.limit) break;
  }
  return out;
}

/** The base's matches in one order, read by position, and counted before any point of it. */
interface Ordered {
  size: number;
  /** Docs at positions from … from + count - 1. */
  at(from: number, count: number): number[];
  /** How many come before `key`. */
  countBefore(key: OrderKey): number;
}

/** Docs of one bitmap newest first: the base's doc numbers are in (posted_at, id) order. */
function newestOf(data: IndexData, docs: Bitmap): Ordered {
  const size = docs.size;
  return {
    size,
    at: (from, count) => {
      const out: number[] = [];
      for (let i = size - 1 - from; i >= 0 && out.length < count; i--) out.push(docs.select(i)!);
      return out;
    },
    countBefore: (key) => {
      // The first doc that comes before `key` newest first: every later doc does too.
      let lo = 0;
      let hi = data.docCount;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (compareKeys(keyOf('newest', data, mid), key) < 0) hi = mid;
        else lo = mid + 1;
      }
      return lo === 0 ? size : size - docs.rank(lo - 1);
    },
  };
}

function rankedOf(data: IndexData, order: 'salary' | 'first_seen', result: Bitmap): Ordered {
  const ranked = order === 'salary' ? data.salaryOrder : data.firstSeenOrder;
  return {
    size: result.size,
    at: (from, count) => ranked.page(result, from, count),
    countBefore: (key) => ranked.countBefore(result, (doc) => compareKeys(keyOf(order, data, doc), key) < 0),
  };
}

/** The small segments' docs of `pick`, sorted in the order. */
function sortedSmall(parts: Part[], pick: (p: Part) => Bitmap | undefined, order: KeyOrder): Keyed[] {
  const out: Keyed[] = [];
  for (const p of parts) {
    const docs = pick(p);
    if (docs)
      for (const doc of docs.toUint32Array()) out.push({ data: p.data, doc, key: keyOf(order, p.data, doc) });
  }
  return out.sort((x, y) => compareKeys(x.key, y.key));
}

/**
 * Positions offset … offset + limit - 1 of the merge of the base's `big` and the small
 * segments' `small` (sorted). The merged position of small[j] is j plus the base's
 * docs before it, increasing with j: a binary search finds how many small docs come
 * before `offset`, hence where both runs start.
 */
function mergedPage(
  baseData: IndexData,
  big: Ordered | undefined,
  small: Keyed[],
  order: KeyOrder,
  offset: number,
  limit: number,
): Ref[] {
  if (small.length === 0) return big ? big.at(offset, limit).map((doc) => ({ data: baseData, doc })) : [];
  let lo = 0;
  let hi = small.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (mid + (big ? big.countBefore(small[mid]!.key) : 0) < offset) lo = mid + 1;
    else hi = mid;
  }
  const fromBig = big && offset - lo < big.size ? big.at(offset - lo, limit) : [];
  const a: Keyed[] = fromBig.map((doc) => ({ data: baseData, doc, key: keyOf(order, baseData, doc) }));
  const b = small.slice(lo, lo + limit);
  const out: Ref[] = [];
  let i = 0;
  let j = 0;
  while (out.length < limit && (i < a.length || j < b.length))
    out.push(j >= b.length || (i < a.length && compareKeys(a[i]!.key, b[j]!.key) < 0) ? a[i++]! : b[j++]!);
  return out;
}

interface RelevanceClass {
  counts: number[];
  size: number;
  base?: Bitmap;
  small: Map<IndexData, Bitmap>;
}

/**
 * The relevance classes of every segment's matches, merged by class, best first; each
 * computed when the caller reaches it (RelevanceSplit), so a page stops at the classes
 * it needs. Every segment has the same list of classes (classesOf), in the same order.
 */
function* relevanceClasses(parts: Part[], scratch: Scratch): Generator<RelevanceClass> {
  const [base, ...rest] = parts as [Part, ...Part[]];
  const baseSplit = new RelevanceSplit(base.result, base.words, scratch);
  const smallSplits = rest.map((p) => ({
    data: p.data,
    split: new RelevanceSplit(p.result, p.words, scratch),
  }));
  for (const counts of classesOf(base.words.length)) {
    const docs = baseSplit.classDocs(counts);
    const c: RelevanceClass = { counts, size: docs.size, small: new Map() };
    if (!docs.isEmpty) c.base = docs;
    for (const { data, split } of smallSplits) {
      const small = split.classDocs(counts);
      if (small.isEmpty) continue;
      c.small.set(data, small);
      c.size += small.size;
    }
    if (c.size > 0) yield c;
  }
}

/** The page of an index of several segments (see SearchIndex). */
function pageOfMany(
  parts: Part[],
  ranked: boolean,
  order: SortOrder,
  page: PageRequest,
  scratch: Scratch,
): Ref[] {
  const [base, ...rest] = parts as [Part, ...Part[]];
  if (!ranked) {
    const keyOrder: KeyOrder = order === 'salary' || order === 'first_seen' ? order : 'newest';
    const big =
      keyOrder === 'newest' ? newestOf(base.data, base.result) : rankedOf(base.data, keyOrder, base.result);
    const small = sortedSmall(rest, (p) => p.result, keyOrder);
    return mergedPage(base.data, big, small, keyOrder, page.offset, page.limit);
  }
  // Relevance: the classes of every segment, merged by class, each class newest first.
  const out: Ref[] = [];
  let skip = page.offset;
  for (const c of relevanceClasses(parts, scratch)) {
    const size = c.size;
    if (skip >= size) {
      skip -= size;
      continue;
    }
    const small = sortedSmall(rest, (p) => c.small.get(p.data), 'newest');
    const big = c.base ? newestOf(base.data, c.base) : undefined;
    const score = scoreOf(c.counts);
    for (const ref of mergedPage(base.data, big, small, 'newest', skip, page.limit - out.length))
      out.push({ data: ref.data, doc: ref.doc, score });
    skip = 0;
    if (out.length >= page.limit) break;
  }
  return out;
}
