import { describe, expect, it } from 'vitest';
import { Bitmap } from '../../../src/search/bitmap.ts';
import { FacetCodes, PACKED_FACETS, type PackedFacet } from '../../../src/search/facet-codes.ts';
import { best } from '../../../src/search/facets.ts';
import { ValueIndex } from '../../../src/search/value-index.ts';

/** A seeded generator, so a failure names its case. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A field of `docCount` docs over `values` values: each doc has none, one, or (with
 * `severalShare`) two or three distinct values.
 */
function field(rnd: () => number, docCount: number, values: number, severalShare: number) {
  const valuesOf: string[][] = [];
  for (let d = 0; d < docCount; d++) {
    const n = rnd() < 0.1 ? 0 : rnd() < severalShare ? 2 + Math.floor(rnd() * 2) : 1;
    const mine = new Set<string>();
    while (mine.size < Math.min(n, values)) mine.add(`v${Math.floor(rnd() ** 2 * values)}`);
    valuesOf.push([...mine]);
  }
  const docsOf = new Map<string, number[]>();
  valuesOf.forEach((vs, d) => vs.forEach((v) => docsOf.set(v, [...(docsOf.get(v) ?? []), d])));
  const bitmaps = new Map([...docsOf].map(([v, docs]) => [v, new Bitmap(docs)]));
  return { valuesOf, bitmaps };
}

function bruteCounts(valuesOf: string[][], docs: Uint32Array) {
  const counts = new Map<string, number>();
  for (const d of docs) for (const v of valuesOf[d]!) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

const asMap = (list: { value: string; count: number }[]) => new Map(list.map((f) => [f.value, f.count]));

function someDocs(rnd: () => number, docCount: number, share: number): Uint32Array {
  const docs: number[] = [];
  for (let d = 0; d < docCount; d++) if (rnd() < share) docs.push(d);
  return Uint32Array.from(docs);
}

describe('packed facet codes', () => {
  it('count every packed field as a brute-force count does, docs with several values included', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const rnd = random(seed);
      const docCount = 500 + Math.floor(rnd() * 3000);
      const sizes: Record<PackedFacet, number> = {
        remoteType: 4,
        jobType: 6,
        seniority: 8,
        category: 25,
        country: 40 + Math.floor(rnd() * 200),
        salary: 5,
      };
      const fields = Object.fromEntries(
        PACKED_FACETS.map((f) => [
          f,
          field(rnd, docCount, sizes[f], f === 'country' ? 0.05 : seed % 3 === 0 ? 0.02 : 0),
        ]),
      ) as Record<PackedFacet, ReturnType<typeof field>>;
      const codes = FacetCodes.build(
        docCount,
        Object.fromEntries(PACKED_FACETS.map((f) => [f, fields[f].bitmaps])),
      );
      for (const share of [0, 0.01, 0.3, 1]) {
        const docs = someDocs(rnd, docCount, share);
        // Both ways: one increment per slot, and the groups' histograms read back.
        for (const how of ['auto', 'direct', 'grouped'] as const) {
          const counted = codes.count(docs, how);
          for (const f of PACKED_FACETS) {
            if (!codes.has(f)) continue;
            expect(asMap(counted.get(f)!), `seed ${seed} share ${share} ${how} ${f}`).toEqual(
              bruteCounts(fields[f].valuesOf, docs),
            );
          }
        }
      }
    }
  });

  it('leave a field that does not fit in the word to its bitmaps, and pack the rest', () => {
    const rnd = random(99);
    const docCount = 6000;
    // 3,000 values, each on two docs: 12 bits.
    const valuesOf = Array.from({ length: docCount }, (_, d) => [`v${d % 3000}`]);
    const wide = {
      valuesOf,
      bitmaps: new Map(Array.from({ length: 3000 }, (_, v) => [`v${v}`, new Bitmap([v, v + 3000])])),
    };
    const codes = FacetCodes.build(docCount, {
      remoteType: field(rnd, docCount, 4, 0).bitmaps,
      category: wide.bitmaps,
      country: wide.bitmaps,
      salary: wide.bitmaps, // 3 + 12 + 12 + 12 > 31
    });
    expect(PACKED_FACETS.filter((f) => codes.has(f))).toEqual(['remoteType', 'category', 'country']);
    const docs = someDocs(rnd, docCount, 0.5);
    expect(asMap(codes.count(docs).get('country')!)).toEqual(bruteCounts(wide.valuesOf, docs));
  });

  it('count slots whose widths group badly (four groups) one increment per slot, and still right', () => {
    const rnd = random(5);
    const docCount = 3000;
    // 7, 8, 7, 8 bits: no two adjacent fit in one 14-bit group.
    const sizes = { remoteType: 100, jobType: 200, seniority: 100, category: 200 } as const;
    const fields = Object.fromEntries(
      Object.entries(sizes).map(([f, n]) => [f, field(rnd, docCount, n, 0.03)]),
    ) as Record<keyof typeof sizes, ReturnType<typeof field>>;
    const codes = FacetCodes.build(
      docCount,
      Object.fromEntries(Object.entries(fields).map(([f, v]) => [f, v.bitmaps])),
    );
    const docs = someDocs(rnd, docCount, 0.8);
    for (const how of ['auto', 'grouped'] as const)
      for (const f of Object.keys(sizes) as (keyof typeof sizes)[])
        expect(asMap(codes.count(docs, how).get(f)!), `${how} ${f}`).toEqual(
          bruteCounts(fields[f].valuesOf, docs),
        );
  });

  it('pay off for small results only, where one read per match beats a count per value', () => {
    const rnd = random(7);
    const docCount = 1_000_000;
    const codes = FacetCodes.build(docCount, {
      remoteType: field(rnd, 1000, 4, 0).bitmaps,
      category: field(rnd, 1000, 20, 0).bitmaps,
    });
    expect(codes.pays(10_000, ['remoteType', 'category'])).toBe(true);
    expect(codes.pays(900_000, ['remoteType', 'category'])).toBe(false);
    expect(codes.pays(10, ['seniority'])).toBe(false); // not packed: nothing to read
  });
});

describe('value index counts of a many-valued field', () => {
  it('match a brute-force count in every lane layout, docs with more values than lanes included', () => {
    for (let seed = 1; seed <= 16; seed++) {
      const rnd = random(seed);
      const docCount = 2000 + Math.floor(rnd() * 4000);
      // Most docs hold up to `lanes` values, so that many lanes are chosen; one in fifty
      // holds 1–4 more, and goes through the extras.
      const lanes = ([1, 2, 4, 8] as const)[seed % 4]!;
      const valuesOf = Array.from({ length: docCount }, () => {
        const mine = new Set<string>();
        const n =
          rnd() < 0.02 ? lanes + 1 + Math.floor(rnd() * 4) : rnd() < 0.1 ? 0 : 1 + Math.floor(rnd() * lanes);
        while (mine.size < n) mine.add(`v${Math.floor(rnd() ** 2 * 300)}`);
        return [...mine];
      });
      const docsOf = new Map<string, number[]>();
      valuesOf.forEach((vs, d) => vs.forEach((v) => docsOf.set(v, [...(docsOf.get(v) ?? []), d])));
      const index = new ValueIndex(new Map([...docsOf].map(([v, docs]) => [v, new Bitmap(docs)])), docCount);
      expect(index.lanes, `seed ${seed}`).toBe(lanes);
      for (const share of [0.001, 0.02, 0.05, 0.4]) {
        const docs = someDocs(rnd, docCount, share);
        // Twice: the histograms are reused and must start from zero.
        for (const round of [1, 2])
          expect(
            asMap(index.counts(new Bitmap(docs), () => docs)),
            `seed ${seed} share ${share} ${round}`,
          ).toEqual(bruteCounts(valuesOf, docs));
      }
    }
  });

  it('match a brute-force count when the field is not counted per doc (filter-only fields: per value)', () => {
    const rnd = random(41);
    const docCount = 3000;
    const { valuesOf, bitmaps } = field(rnd, docCount, 300, 0.1);
    const index = new ValueIndex(bitmaps, docCount, false);
    for (const share of [0.01, 0.3]) {
      const docs = someDocs(rnd, docCount, share);
      expect(asMap(index.counts(new Bitmap(docs), () => docs)), `share ${share}`).toEqual(
        bruteCounts(valuesOf, docs),
      );
    }
  });

  it('match a brute-force count with more values than 16-bit codes hold (32-bit codes, sign bit as flag)', () => {
    const rnd = random(31);
    const docCount = 40_000;
    // Every doc one of 34,000 values, one in twelve a second one.
    const valuesOf = Array.from({ length: docCount }, (_, d) =>
      d % 12 === 0 ? [`v${d % 34_000}`, `v${(d * 7) % 34_000}x`] : [`v${d % 34_000}`],
    );
    const docsOf = new Map<string, number[]>();
    valuesOf.forEach((vs, d) => vs.forEach((v) => docsOf.set(v, [...(docsOf.get(v) ?? []), d])));
    const bitmaps = new Map([...docsOf].map(([v, docs]) => [v, new Bitmap(docs)]));
    expect(bitmaps.size).toBeGreaterThan(0x7fff);
    const index = new ValueIndex(bitmaps, docCount);
    for (const share of [0.01, 0.2]) {
      const docs = someDocs(rnd, docCount, share);
      expect(asMap(index.counts(new Bitmap(docs), () => docs)), `share ${share}`).toEqual(
        bruteCounts(valuesOf, docs),
      );
    }
  });
});

/** The summed top 20 of a value → count map, as facets.ts lists it. */
const top = (m: Map<string, number>) =>
  best(
    [...m].map(([value, count]) => ({ value, count })),
    20,
  );

describe('a top-N count over a base and what small segments add', () => {
  it('settles the summed top N as a brute-force count does, whatever the small segments hold', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const rnd = random(100 + seed);
      const docCount = 4000 + Math.floor(rnd() * 4000);
      const values = 100 + Math.floor(rnd() * 300);
      const { valuesOf, bitmaps } = field(rnd, docCount, values, 0.05);
      const index = new ValueIndex(bitmaps, docCount);
      // Broad results, so the base counts per value, largest first, and stops early.
      const docs = someDocs(rnd, docCount, 0.3 + rnd() * 0.6);
      const result = new Bitmap(docs);
      // What small segments add: values of the base's tail (raised into the top or not),
      // and values the base does not hold at all.
      const extra = new Map<string, number>();
      for (let i = 0; i < 5 + Math.floor(rnd() * 60); i++) {
        const value = rnd() < 0.2 ? `new${i}` : `v${Math.floor(values * (0.3 + rnd() * 0.7))}`;
        extra.set(value, 1 + Math.floor(rnd() ** 3 * docs.length * 0.05));
      }
      const sums = new Map(extra);
      for (const { value, count } of index.counts(result, () => docs, 20, extra))
        sums.set(value, (sums.get(value) ?? 0) + count);
      const brute = new Map(extra);
      for (const [value, count] of bruteCounts(valuesOf, docs))
        brute.set(value, (brute.get(value) ?? 0) + count);
      expect(top(sums), `seed ${seed}`).toEqual(top(brute));
    }
  });

  it('lists from the per-doc codes only the values that can reach the summed top N, each counted exactly', () => {
    let leftOut = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const rnd = random(300 + seed);
      const docCount = 4000 + Math.floor(rnd() * 4000);
      const values = 100 + Math.floor(rnd() * 300);
      const { valuesOf, bitmaps } = field(rnd, docCount, values, 0.05);
      const index = new ValueIndex(bitmaps, docCount);
      expect(index.lanes).toBeDefined();
      // Small results: the per-doc codes are read (below an eighth of the docs with a top N).
      const docs = someDocs(rnd, docCount, 0.02 + rnd() * 0.08);
      const result = new Bitmap(docs);
      const extra = new Map<string, number>();
      for (let i = 0; i < 5 + Math.floor(rnd() * 60); i++) {
        const value = rnd() < 0.2 ? `new${i}` : `v${Math.floor(values * rnd())}`;
        extra.set(value, 1 + Math.floor(rnd() ** 3 * docs.length * 0.05));
      }
      const listed = index.counts(result, () => docs, 20, extra);
      const brute = bruteCounts(valuesOf, docs);
      // Each listed value's count is exact, and every value left out sums below every
      // one of the top 20 sums (so it cannot be among them, ties included).
      const summed = [...brute]
        .map(([value, count]) => count + (extra.get(value) ?? 0))
        .sort((a, b) => b - a);
      const least = summed[19] ?? 0;
      const names = new Set(listed.map((f) => f.value));
      for (const { value, count } of listed) expect(count, `seed ${seed} ${value}`).toBe(brute.get(value));
      for (const [value, count] of brute)
        if (!names.has(value)) {
          expect(count + (extra.get(value) ?? 0), `seed ${seed} ${value}`).toBeLessThan(least);
          leftOut++;
        }
      const sums = new Map(extra);
      for (const { value, count } of listed) sums.set(value, (sums.get(value) ?? 0) + count);
      const all = new Map(extra);
      for (const [value, count] of brute) all.set(value, (all.get(value) ?? 0) + count);
      expect(top(sums), `seed ${seed}`).toEqual(top(all));
    }
    // The point of it: most counted values do not cross to the caller.
    expect(leftOut).toBeGreaterThan(500);
  });
});
