import { describe, expect, it } from 'vitest';
import { syntheticRows } from '../../../scripts/bench/search-index.ts';
import type { JobFilter } from '../../../src/domain/job-filter.ts';
import { BaseFacetCache } from '../../../src/search/base-facets.ts';
import { indexRows } from '../../../src/search/build-index.ts';
import { FACET_FIELDS } from '../../../src/search/facets.ts';
import { assembleIndexData, JobIndexBuilder } from '../../../src/search/index-builder.ts';
import { SearchIndex, type Segment } from '../../../src/search/search-index.ts';
import { Bitmap, Scratch } from '../../../src/search/bitmap.ts';
import { filterKey } from '../../../src/search/facet-cache.ts';
import { planFilter } from '../../../src/search/filter-plan.ts';

/**
 * The base's facet counts kept across versions (base-facets.ts) give exactly the counts
 * of a fresh count over the current version — dead base docs taken out, small segments
 * added, top-N lists settled or counted afresh — as writes pile up.
 */
const NOW = new Date('2026-11-22T12:00:00Z');

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A base of `n` synthetic jobs, their rows, and each job's doc in it. */
function syntheticBase(n: number) {
  const { ids, rows } = syntheticRows(n);
  const builder = new JobIndexBuilder(ids);
  builder.addJobs(rows);
  const base = assembleIndexData(builder.finish());
  return { rows, base, docOf: new Map(rows.map((r) => [r.id, base.ids.find(base.byId, r.id)!])) };
}

/** A write: these jobs' docs die in every segment, and their new rows form a small segment. */
function write(
  segments: Segment[],
  docOf: Map<string, number>,
  fresh: Parameters<typeof indexRows>[0],
): void {
  for (const r of fresh)
    for (const s of segments) {
      const doc = s === segments[0] ? docOf.get(r.id) : s.data.ids.find(s.data.byId, r.id);
      if (doc !== undefined && doc >= 0) s.dead.add(doc);
    }
  segments.push({ data: indexRows(fresh, [], []), dead: new Bitmap() });
}

describe('base facet counts kept across writes', () => {
  it('equal a fresh count over every version, for broad, narrow and empty searches', () => {
    const { rows, base, docOf } = syntheticBase(6000);
    const cache = new BaseFacetCache(base, 64);
    const segments: Segment[] = [{ data: base, dead: new Bitmap() }];
    const rnd = seeded(7);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
    const filters: JobFilter[] = [
      {},
      { query: 'engineer' },
      { query: 'data' },
      { query: 'experience team' },
      { query: 'kubernetes' },
      { remoteTypes: ['remote', 'hybrid'] },
      { countries: ['US'], minSalaryUsd: 100_000 },
      { query: 'e', status: 'any' },
      { skills: ['skill1'] },
      { query: 'zzzzunknown' },
    ];
    let settled = 0;
    for (let round = 0; round < 12; round++) {
      // A write: some jobs change (their base docs die, their new rows form a small segment).
      const changed = Array.from({ length: 20 + Math.floor(rnd() * 200) }, () => pick(rows));
      const fresh = [...new Map(changed.map((r) => [r.id, r])).values()].map((r) => ({
        ...r,
        remoteType: pick(['remote', 'hybrid', 'onsite']),
        cityKeys: [rnd() < 0.5 ? 'city1' : `city${Math.floor(rnd() * 40)}`],
        skillKeys: [pick(['skill1', 'skill2', 'skill3', 'skill999'])],
        status: rnd() < 0.2 ? 'closed' : 'open',
        salaryMinUsd: rnd() < 0.5 ? 150_000 : null,
        salaryMaxUsd: null,
      }));
      write(segments, docOf, fresh);
      const kept = new SearchIndex(segments, () => NOW, { baseFacets: cache });
      const afresh = new SearchIndex(segments, () => NOW);
      for (const filter of filters) {
        const before = cache.fallbacks;
        const a = kept.query(filter, undefined, { offset: 0, limit: 5 }, { facets: FACET_FIELDS });
        const b = afresh.query(filter, undefined, { offset: 0, limit: 5 }, { facets: FACET_FIELDS });
        expect(a, `round ${round} ${JSON.stringify(filter)}`).toEqual(b);
        if (cache.fallbacks === before) settled++;
      }
    }
    // Every job of the base's 110 largest cities moves to one new city: the base's kept top
    // cities are all dead, the new top 20 lies outside what it kept, and must be counted afresh.
    const byCity = new Map<string, number>();
    for (const r of rows) byCity.set(r.cityKeys[0]!, (byCity.get(r.cityKeys[0]!) ?? 0) + 1);
    const largest = new Set(
      [...byCity]
        .sort((x, y) => y[1] - x[1])
        .slice(0, 110)
        .map(([c]) => c),
    );
    const moved = rows.filter((r) => largest.has(r.cityKeys[0]!)).map((r) => ({ ...r, cityKeys: ['moved'] }));
    for (const r of moved) {
      const doc = docOf.get(r.id)!;
      segments[0]!.dead.add(doc);
      for (const s of segments.slice(1)) {
        const d = s.data.ids.find(s.data.byId, r.id);
        if (d !== undefined) s.dead.add(d);
      }
    }
    segments.push({ data: indexRows(moved, [], []), dead: new Bitmap() });
    const fallbacksBefore = cache.fallbacks;
    for (const filter of [{}, { query: 'data' }]) {
      const a = new SearchIndex(segments, () => NOW, { baseFacets: cache }).query(
        filter,
        undefined,
        { offset: 0, limit: 5 },
        { facets: ['city'] },
      );
      const b = new SearchIndex(segments, () => NOW).query(
        filter,
        undefined,
        { offset: 0, limit: 5 },
        { facets: ['city'] },
      );
      expect(a, `moved cities ${JSON.stringify(filter)}`).toEqual(b);
    }
    expect(cache.fallbacks).toBeGreaterThan(fallbacksBefore);
    // Kept counts were reused (not recounted each version), and most searches settled from them.
    expect(cache.hits).toBeGreaterThan(filters.length * 10);
    expect(cache.misses).toBeLessThanOrEqual(filters.length * 2);
    expect(settled).toBeGreaterThan(filters.length * 12 * 0.5);
  });
});

describe("pinned words (counts kept for the base's life, whatever the cache size)", () => {
  it('answer single-word searches as a fresh count does across writes, and nothing else is kept', () => {
    const { rows, base, docOf } = syntheticBase(6000);
    // Size 0: no recent filters kept, as with SEARCH_INDEX_FACET_CACHE=0.
    const cache = new BaseFacetCache(base, 0);
    const words = ['e', 'engineer', 'data', 'kubernetes'];
    const pinned: JobFilter[] = [{}, ...words.map((query) => ({ query }))];
    const scratch = new Scratch();
    for (const filter of pinned) {
      const plan = planFilter(base, filter, NOW, scratch);
      if (plan === 'unsupported') throw new Error(JSON.stringify(filter));
      expect(cache.pin(filterKey(filter)!, plan.matches)).toBe(true);
    }
    scratch.dispose();
    expect(cache.pinnedCount).toBe(pinned.length);
    // The same words however typed; any other filter is counted afresh, never kept.
    expect(cache.keeps(filterKey({ query: 'Engineer' })!)).toBe(true);
    expect(cache.keeps(filterKey({ query: 'engineer data' })!)).toBe(false);
    expect(cache.keeps(filterKey({ query: 'engineer', remoteTypes: ['remote'] })!)).toBe(false);

    const segments: Segment[] = [{ data: base, dead: new Bitmap() }];
    const rnd = seeded(11);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
    const filters: JobFilter[] = [...pinned, { query: 'DATA' }, { status: 'open' }, { query: 'team' }];
    for (let round = 0; round < 8; round++) {
      const changed = Array.from({ length: 20 + Math.floor(rnd() * 300) }, () => pick(rows));
      const fresh = [...new Map(changed.map((r) => [r.id, r])).values()].map((r) => ({
        ...r,
        remoteType: pick(['remote', 'hybrid', 'onsite']),
        cityKeys: [`city${Math.floor(rnd() * 40)}`],
        skillKeys: [pick(['skill1', 'skill2', 'skill999'])],
        status: rnd() < 0.3 ? 'closed' : 'open',
      }));
      write(segments, docOf, fresh);
      const kept = new SearchIndex(segments, () => NOW, { baseFacets: cache });
      const afresh = new SearchIndex(segments, () => NOW);
      for (const filter of filters) {
        const a = kept.query(filter, undefined, { offset: 0, limit: 5 }, { facets: FACET_FIELDS });
        const b = afresh.query(filter, undefined, { offset: 0, limit: 5 }, { facets: FACET_FIELDS });
        expect(a, `round ${round} ${JSON.stringify(filter)}`).toEqual(b);
      }
    }
    // The pinned filters answered from their counts (7 of them a round: "DATA" is "data", and
    // the default status named is the empty search).
    expect(cache.hits).toBe(8 * 7);
    expect(cache.misses).toBe(0);
    expect(cache.pinnedCount).toBe(pinned.length);
  });
});
