import { LRUCache } from 'lru-cache';
import type { JobFilter } from '../domain/job-filter.ts';
import { parseQueryTerms } from '../domain/search-text.ts';
import type { FacetCount, FacetField, Facets } from './facets.ts';

/**
 * Facet counts of recent searches, for one version of the index (README "Search index",
 * "Facet cache"). Counting facets is most of what a search costs the index (1–5 ms at
 * 1M jobs against 0.1–1.3 ms for the matches and the page), and a job board's traffic
 * repeats itself: the front page, the popular words and filters. A SearchIndex is
 * immutable, a new one is published whenever a change is applied, and each has its own
 * cache, so a cached count is exact by construction: it is the count this version would
 * compute again (Elasticsearch's shard request cache works the same way, invalidated
 * on every refresh).
 */
export class FacetCache {
  /** By filter and facet: a request that asks for other facets counts only those. */
  private readonly entries: LRUCache<string, FacetCount[]>;
  hits = 0;
  misses = 0;

  /** `size` filters' worth of facets (each of up to all facets). */
  constructor(size: number, facetsPerFilter = 8) {
    this.entries = new LRUCache({ max: size * facetsPerFilter });
  }

  /**
   * The facets `fields` of a filter: the cached ones, and those `count` computes for the
   * rest (then cached, unless `keep` says they are placeholders). A hit is a request
   * whose every facet was cached.
   */
  facetsOf(
    filter: JobFilter,
    fields: readonly FacetField[],
    count: (fields: readonly FacetField[]) => Partial<Facets>,
    keep: () => boolean = () => true,
  ): Partial<Facets> {
    const key = filterKey(filter);
    if (key === null) return count(fields);
    const out: Partial<Facets> = {};
    const missing: FacetField[] = [];
    for (const field of fields) {
      const cached = this.entries.get(`${field}\u0000${key}`);
      if (cached) out[field] = cached;
      else missing.push(field);
    }
    if (missing.length === 0) {
      this.hits++;
      return out;
    }
    this.misses++;
    const counted = count(missing);
    const kept = keep();
    for (const field of missing) {
      out[field] = counted[field]!;
      if (kept) this.entries.set(`${field}\u0000${key}`, counted[field]!);
    }
    return out;
  }
}

/**
 * One string per set of matches: keys sorted, lists sorted and without repeats (every
 * list filter is "any of"), the query as its words (what matches: "Senior  Data" and
 * "data senior" match the same jobs, only their order ranks), no empty list nor the
 * default status (REST names it, GraphQL does not). Null when the matches
 * depend on the clock (`postedWithinDays` moves with every request, so caching it would
 * only fill the cache).
 */
export function filterKey(filter: JobFilter): string | null {
  if (filter.postedWithinDays !== undefined) return null;
  const canonical: Record<string, unknown> = {};
  for (const name of Object.keys(filter).sort()) {
    const value = filter[name as keyof JobFilter];
    // No filter: left out, as the index plans them (filter-plan.ts; REST names the default status).
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    if (name === 'status' && value === 'open') continue;
    canonical[name] =
      name === 'query'
        ? parseQueryTerms(value as string).sort()
        : Array.isArray(value)
          ? [...new Set(value as unknown[])].sort()
          : value;
  }
  return JSON.stringify(canonical);
}
