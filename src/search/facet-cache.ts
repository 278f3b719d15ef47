import { LRUCache } from 'lru-cache';
import type { JobFilter } from '../domain/job-filter.ts';
import type { Facets } from './facets.ts';

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
  private readonly entries: LRUCache<string, Facets>;
  hits = 0;
  misses = 0;

  constructor(size: number) {
    this.entries = new LRUCache({ max: size });
  }

  /** The cached facets of a filter, or those `count` computes (then cached). */
  facetsOf(filter: JobFilter, count: () => Facets): Facets {
    const key = filterKey(filter);
    if (key === null) return count();
    const cached = this.entries.get(key);
    if (cached) {
      this.hits++;
      return cached;
    }
    this.misses++;
    const facets = count();
    this.entries.set(key, facets);
    return facets;
  }
}

/**
 * One string per set of matches: keys sorted, lists sorted and without repeats (every
 * list filter is "any of"). Null when the matches depend on the clock (`postedWithinDays`
 * moves with every request, so caching it would only fill the cache).
 */
export function filterKey(filter: JobFilter): string | null {
  if (filter.postedWithinDays !== undefined) return null;
  const canonical: Record<string, unknown> = {};
  for (const name of Object.keys(filter).sort()) {
    const value = filter[name as keyof JobFilter];
    if (value === undefined) continue;
    canonical[name] = Array.isArray(value) ? [...new Set(value as unknown[])].sort() : value;
  }
  return JSON.stringify(canonical);
}
