import { LRUCache } from 'lru-cache';
import { Bitmap, type Scratch } from './bitmap.ts';
import {
  best,
  byCountThenValue,
  counterOf,
  FACET_FIELDS,
  TOP_FACET_VALUES,
  type CountContext,
  type FacetCount,
  type FacetField,
  type Facets,
  type FieldCounter,
} from './facets.ts';
import type { IndexData } from './index-data.ts';

/** The facets listed as a top N (the others list every value). */
const TOP_FIELDS: ReadonlySet<FacetField> = new Set(['city', 'skill']);
/**
 * How many values of a top-N facet the base keeps per filter: enough that the dead
 * docs and the small segments' jobs rarely move a value from outside them into the
 * top N (when they might, the facet is counted afresh).
 */
const KEPT_TOP = 5 * TOP_FACET_VALUES;

/**
 * A facet's counts over the base's matches of one filter, dead docs included: every
 * value with a count, or (`threshold` > 0) the highest ones, every value left out
 * having at most `threshold`.
 */
interface BaseCounts {
  counts: Map<string, number>;
  threshold: number;
}

/**
 * Facet counts of recent filters over the base segment (README "Search index", "Facet
 * cache"), kept for as long as the base lives — across writes, which only add small
 * segments and mark base docs dead. The base never changes, so its counts of a filter
 * over its own matches (dead docs included) stay true; a search takes them, subtracts
 * its dead matches' counts and adds the small segments' (both few jobs), and gets the
 * exact counts of the current version. The per-version cache (facet-cache.ts) is
 * emptied by every write: under a steady ingest it rarely hits, this one does.
 */
export class BaseFacetCache {
  readonly data: IndexData;
  private entries: LRUCache<string, BaseCounts>;
  private readonly facetsPerFilter: number;
  /** Recent filters whose counts are kept (0: none); pinned ones are kept either way. */
  private size: number;
  /** Every facet's counts of single-word searches with many matches, kept for the base's life (`pin`). */
  private readonly pinned = new Map<string, Map<FacetField, BaseCounts>>();
  hits = 0;
  misses = 0;
  /** Searches whose top-N facets the kept counts could not settle (counted afresh). */
  fallbacks = 0;

  constructor(data: IndexData, size: number, facetsPerFilter = 8) {
    this.data = data;
    this.facetsPerFilter = facetsPerFilter;
    this.size = size;
    this.entries = new LRUCache({ max: Math.max(1, size * facetsPerFilter) });
  }

  /** A new size for the recent filters' counts (those kept are dropped if it changed); pinned counts stay. */
  resize(size: number): void {
    if (size === this.size) return;
    this.size = size;
    this.entries = new LRUCache({ max: Math.max(1, size * this.facetsPerFilter) });
  }

  /** Whether the counts of the filter `key` come from here (kept, or to be kept), not counted afresh. */
  keeps(key: string): boolean {
    return this.size > 0 || this.pinned.has(key);
  }

  isPinned(key: string): boolean {
    return this.pinned.has(key);
  }

  /** How many filters' counts are pinned. */
  get pinnedCount(): number {
    return this.pinned.size;
  }

  /**
   * Counts every facet over `raw` (the base's matches of the filter `key`, dead docs
   * included) and keeps them for as long as the base lives, whatever the cache's size
   * (LiveSearchIndex pins single-word searches with many matches when a base is ready).
   * False when `context` deferred the counts to a facet thread: call again with its replay.
   */
  pin(key: string, raw: Bitmap, context?: CountContext): boolean {
    const counter = counterOf(this.data, raw, FACET_FIELDS, context);
    const counts = new Map(FACET_FIELDS.map((field) => [field, kept(counter, field)]));
    if (context?.deferred) return false;
    this.pinned.set(key, counts);
    return true;
  }

  /** The base's counts of `fields` over `raw` (its matches of the filter `key`, dead included). */
  private baseCounts(
    key: string,
    raw: Bitmap,
    fields: readonly FacetField[],
    context?: CountContext,
  ): Map<FacetField, BaseCounts> {
    const pinned = this.pinned.get(key);
    if (pinned) {
      this.hits++;
      return pinned;
    }
    const out = new Map<FacetField, BaseCounts>();
    const missing: FacetField[] = [];
    for (const field of fields) {
      const kept = this.size > 0 ? this.entries.get(`${field}\u0000${key}`) : undefined;
      if (kept) out.set(field, kept);
      else missing.push(field);
    }
    if (missing.length === 0) {
      this.hits++;
      return out;
    }
    this.misses++;
    const counter = counterOf(this.data, raw, missing, context);
    for (const field of missing) {
      const counts = kept(counter, field);
      if (!context?.deferred && this.size > 0) this.entries.set(`${field}\u0000${key}`, counts);
      out.set(field, counts);
    }
    return out;
  }

  /**
   * The facets of a search over the base (its matches `raw` before `dead` is taken
   * out, `live` after) and the small segments' matches: exact, or null when a top-N
   * facet could hold a value the kept counts do not know (then count afresh).
   */
  facets(
    key: string,
    base: { raw: Bitmap; live: Bitmap; dead: Bitmap },
    small: { data: IndexData; result: Bitmap }[],
    fields: readonly FacetField[],
    scratch: Scratch,
    context?: CountContext,
  ): Partial<Facets> | null {
    const kept = this.baseCounts(key, base.raw, fields, context);
    const deadHits = base.dead.isEmpty ? null : scratch.own(Bitmap.and(base.raw, base.dead));
    const deadCounter =
      deadHits && !deadHits.isEmpty ? counterOf(this.data, deadHits, fields, context) : null;
    const smallCounters = small.map((p) => counterOf(p.data, p.result, fields, context));
    const out: Partial<Facets> = {};
    for (const field of fields) {
      const { counts: baseCounts, threshold } = kept.get(field)!;
      const counts = new Map(baseCounts);
      const listOf = (c: ReturnType<typeof counterOf>) => (field === 'salary' ? c.salary() : c.list(field));
      // Dead matches of a value the base did not keep: that value is counted exactly below, if at all.
      if (deadCounter)
        for (const { value, count } of listOf(deadCounter))
          if (counts.has(value)) counts.set(value, counts.get(value)! - count);
      const fromSmall = new Set<string>();
      for (const c of smallCounters)
        for (const { value, count } of listOf(c)) {
          if (!baseCounts.has(value) && threshold > 0 && !fromSmall.has(value))
            // A value outside the kept ones: its live base count, exactly.
            counts.set(value, base.live.andCardinality(this.data.values[field as 'city'].get(value)));
          fromSmall.add(value);
          counts.set(value, (counts.get(value) ?? 0) + count);
        }
      const list: FacetCount[] = [];
      for (const [value, count] of counts) if (count > 0) list.push({ value, count });
      if (field === 'salary') {
        out.salary = this.data.salaryBands
          .map(({ value }) => ({ value, count: counts.get(value) ?? 0 }))
          .filter((f) => f.count > 0);
        continue;
      }
      const top = TOP_FIELDS.has(field) ? TOP_FACET_VALUES : Infinity;
      if (threshold > 0) {
        // A value not kept has at most `threshold` live jobs in the base, and none in a small
        // segment: out of the top N only if the Nth known count is above it (ties go by value).
        list.sort(byCountThenValue);
        if (list.length < top || list[top - 1]!.count <= threshold) {
          this.fallbacks++;
          return null;
        }
      }
      out[field] = best(list, top);
    }
    return out;
  }
}

/** What is kept of a field's counts over the base: all of them, or a top-N facet's highest and a bound. */
function kept(counter: FieldCounter, field: FacetField): BaseCounts {
  return field === 'salary'
    ? { counts: toMap(counter.salary()), threshold: 0 }
    : keptCounts(counter.list(field, TOP_FIELDS.has(field) ? KEPT_TOP : Infinity), field);
}

function toMap(list: FacetCount[]): Map<string, number> {
  return new Map(list.map((f) => [f.value, f.count]));
}

/** The kept part of a field's counts: all of them, or its KEPT_TOP highest and the bound on the rest. */
function keptCounts(list: FacetCount[], field: FacetField): BaseCounts {
  if (!TOP_FIELDS.has(field) || list.length < KEPT_TOP) return { counts: toMap(list), threshold: 0 };
  // Counting per value stops once no other value can reach the KEPT_TOP-th count, so
  // every value not kept has at most that count.
  const kept = best(list, KEPT_TOP);
  return { counts: toMap(kept), threshold: kept[KEPT_TOP - 1]!.count };
}
