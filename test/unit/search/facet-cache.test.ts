import { describe, expect, it } from 'vitest';
import { FacetCache, filterKey } from '../../../src/search/facet-cache.ts';
import type { Facets } from '../../../src/search/facets.ts';

const facets = (n: number): Facets => ({
  remoteType: [{ value: 'remote', count: n }],
  jobType: [],
  seniority: [],
  category: [],
  country: [],
  city: [],
  skill: [],
  salary: [],
});

describe('facet cache', () => {
  it('keys a set of matches, not the way it was written: list order and repeats do not matter', () => {
    expect(filterKey({ remoteTypes: ['remote', 'hybrid'], query: 'data' })).toBe(
      filterKey({ query: 'data', remoteTypes: ['hybrid', 'remote', 'hybrid'] }),
    );
    expect(filterKey({ query: 'data' })).not.toBe(filterKey({ query: 'data', isRemote: true }));
    expect(filterKey({ minSalaryUsd: 100 })).not.toBe(filterKey({ maxSalaryUsd: 100 }));
    expect(filterKey({ organizationId: 'a' })).not.toBe(filterKey({ organizationId: 'b' }));
  });

  it('never keeps what moves with the clock', () => {
    expect(filterKey({ postedWithinDays: 7 })).toBeNull();
    const cache = new FacetCache(10);
    let counted = 0;
    cache.facetsOf({ postedWithinDays: 7 }, () => facets(++counted));
    cache.facetsOf({ postedWithinDays: 7 }, () => facets(++counted));
    expect(counted).toBe(2);
  });

  it('counts a filter once, and forgets the least recent past its size', () => {
    const cache = new FacetCache(2);
    let counted = 0;
    const count = () => facets(++counted);
    expect(cache.facetsOf({ query: 'a' }, count).remoteType[0]!.count).toBe(1);
    expect(cache.facetsOf({ query: 'a' }, count).remoteType[0]!.count).toBe(1);
    cache.facetsOf({ query: 'b' }, count);
    cache.facetsOf({ query: 'c' }, count);
    expect(cache.facetsOf({ query: 'a' }, count).remoteType[0]!.count).toBe(4);
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 4 });
  });
});
