import { describe, expect, it } from 'vitest';
import { FacetCache, filterKey } from '../../../src/search/facet-cache.ts';
import { FACET_FIELDS, type FacetField, type Facets } from '../../../src/search/facets.ts';

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
    // The words that match, not how they were typed.
    expect(filterKey({ query: 'Senior  DATA' })).toBe(filterKey({ query: 'data senior data' }));
    expect(filterKey({ query: 'data' })).not.toBe(filterKey({ query: 'data senior' }));
    expect(filterKey({ query: 'c++' })).not.toBe(filterKey({ query: 'c' }));
    // What is no filter: the default status, an empty list.
    expect(filterKey({ query: 'data', status: 'open', skills: [] })).toBe(filterKey({ query: 'data' }));
    expect(filterKey({ query: 'data', status: 'closed' })).not.toBe(filterKey({ query: 'data' }));
    expect(filterKey({ query: 'data', status: 'any' })).not.toBe(filterKey({ query: 'data' }));
    expect(filterKey({ minSalaryUsd: 100 })).not.toBe(filterKey({ maxSalaryUsd: 100 }));
    expect(filterKey({ organizationId: 'a' })).not.toBe(filterKey({ organizationId: 'b' }));
  });

  it('never keeps what moves with the clock', () => {
    expect(filterKey({ postedWithinDays: 7 })).toBeNull();
    const cache = new FacetCache(10);
    let counted = 0;
    cache.facetsOf({ postedWithinDays: 7 }, FACET_FIELDS, () => facets(++counted));
    cache.facetsOf({ postedWithinDays: 7 }, FACET_FIELDS, () => facets(++counted));
    expect(counted).toBe(2);
  });

  it('counts a filter once, and forgets the least recent past its size', () => {
    const cache = new FacetCache(2, 1);
    let counted = 0;
    const count = () => facets(++counted);
    const remote = (f: Partial<Facets>) => f.remoteType?.[0]?.count;
    const only: FacetField[] = ['remoteType'];
    expect(remote(cache.facetsOf({ query: 'a' }, only, count))).toBe(1);
    expect(remote(cache.facetsOf({ query: 'a' }, only, count))).toBe(1);
    cache.facetsOf({ query: 'b' }, only, count);
    cache.facetsOf({ query: 'c' }, only, count);
    expect(remote(cache.facetsOf({ query: 'a' }, only, count))).toBe(4);
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 4 });
  });

  it('keeps each facet apart: a request for other facets counts only those', () => {
    const cache = new FacetCache(10);
    const asked: FacetField[][] = [];
    const count = (fields: readonly FacetField[]) => {
      asked.push([...fields]);
      return facets(asked.length);
    };
    const first = cache.facetsOf({ query: 'a' }, ['remoteType', 'city'], count);
    expect(Object.keys(first).sort()).toEqual(['city', 'remoteType']);
    const second = cache.facetsOf({ query: 'a' }, ['city', 'skill', 'remoteType'], count);
    expect(asked).toEqual([['remoteType', 'city'], ['skill']]);
    // The cached facets are the first count's, the new one the second's.
    expect(second.remoteType).toBe(first.remoteType);
    expect(Object.keys(second).sort()).toEqual(['city', 'remoteType', 'skill']);
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 0, misses: 2 });
    cache.facetsOf({ query: 'a' }, ['skill'], count);
    expect(cache.hits).toBe(1);
  });
});
