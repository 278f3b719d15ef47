import { describe, expect, it } from 'vitest';
import { Bitmap } from '../../../src/search/bitmap.ts';
import { FacetCodes, PACKED_FACETS, type PackedFacet } from '../../../src/search/facet-codes.ts';
import { fusedCount } from '../../../src/search/fused-count.ts';
import { ValueIndex } from '../../../src/search/value-index.ts';
import { createRng } from '../../helpers/random-search.ts';

/** A seeded generator, so a failure names its case. */
const random = (seed: number) => createRng(seed).next;

/** Each doc's values of one field: none, up to `most`, and one in fifty a few more. */
function values(
  rnd: () => number,
  docCount: number,
  count: number,
  most: number,
  prefix: string,
): string[][] {
  return Array.from({ length: docCount }, () => {
    const mine = new Set<string>();
    const n =
      rnd() < 0.02 ? most + 1 + Math.floor(rnd() * 4) : rnd() < 0.1 ? 0 : 1 + Math.floor(rnd() * most);
    while (mine.size < Math.min(n, count)) mine.add(`${prefix}${Math.floor(rnd() ** 2 * count)}`);
    return [...mine];
  });
}

function bitmapsOf(valuesOf: string[][]): Map<string, Bitmap> {
  const docsOf = new Map<string, number[]>();
  valuesOf.forEach((vs, d) =>
    vs.forEach((v) => {
      const docs = docsOf.get(v);
      if (docs) docs.push(d);
      else docsOf.set(v, [d]);
    }),
  );
  return new Map([...docsOf].map(([v, docs]) => [v, new Bitmap(docs)]));
}

function brute(valuesOf: string[][], docs: Uint32Array): Map<string, number> {
  const counts = new Map<string, number>();
  for (const d of docs) for (const v of valuesOf[d]!) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

const asMap = (list: { value: string; count: number }[]) => new Map(list.map((f) => [f.value, f.count]));

describe('facets counted in one fused pass', () => {
  it('give what the packed codes and each per-doc field count apart, in every lane layout', () => {
    let fused = 0;
    const layoutsSeen = { city: new Set<number>(), skill: new Set<number>() };
    for (let seed = 1; seed <= 10; seed++) {
      const rnd = random(seed);
      // A result under an eighth of the docs (so the many-valued fields read their codes)
      // and above the packed histograms' cells (16,384 + 1,024 here), so both take part.
      const docCount = 160_000 + Math.floor(rnd() * 20_000);
      const packedValues = Object.fromEntries(
        PACKED_FACETS.map((f) => {
          const count = { remoteType: 4, jobType: 6, seniority: 8, category: 25, country: 60, salary: 5 }[f];
          // Several countries for some jobs: they go through the packed codes' side list.
          return [f, values(rnd, docCount, count, 1, f)];
        }),
      ) as Record<PackedFacet, string[][]>;
      const codes = FacetCodes.build(
        docCount,
        Object.fromEntries(PACKED_FACETS.map((f) => [f, bitmapsOf(packedValues[f])])),
      );
      const layouts = [1, 2, 4, 8] as const;
      const laneA = layouts[seed % 4]!;
      const laneB = layouts[(seed + 1 + (seed >> 2)) % 4]!;
      const cityValues = values(rnd, docCount, 90 + Math.floor(rnd() * 300), laneA, 'city');
      const skillValues = values(rnd, docCount, 70 + Math.floor(rnd() * 400), laneB, 'skill');
      const city = new ValueIndex(bitmapsOf(cityValues), docCount);
      const skill = new ValueIndex(bitmapsOf(skillValues), docCount);
      layoutsSeen.city.add(city.lanes!);
      layoutsSeen.skill.add(skill.lanes!);
      for (const share of [0.12]) {
        const docs = Uint32Array.from({ length: docCount }, (_, d) => d).filter(() => rnd() < share);
        const fields = [city, skill].map((v) => v.codesFor(docs.length)!);
        expect(codes.groupedFor(docs.length)).toBe(true);
        // Twice: the histograms are reused and must start from zero.
        for (const round of [1, 2]) {
          const context = `seed ${seed} lanes ${city.lanes}/${skill.lanes} share ${share} round ${round}`;
          const counted = fusedCount(codes, fields, docs);
          expect(counted, context).not.toBeNull();
          fused++;
          for (const f of PACKED_FACETS)
            if (codes.has(f))
              expect(asMap(counted!.packed.get(f)!), `${context} ${f}`).toEqual(brute(packedValues[f], docs));
          expect(asMap(city.listOfCodes(counted!.perCode[0]!)), `${context} city`).toEqual(
            brute(cityValues, docs),
          );
          expect(asMap(skill.listOfCodes(counted!.perCode[1]!)), `${context} skill`).toEqual(
            brute(skillValues, docs),
          );
        }
      }
    }
    expect(fused).toBe(20);
    // Every lane count on each side, so that every generated shape ran.
    expect([...layoutsSeen.city].sort()).toEqual([1, 2, 4, 8]);
    expect([...layoutsSeen.skill].sort()).toEqual([1, 2, 4, 8]);
  });

  it('leaves a result smaller than the histograms to the direct count', () => {
    const rnd = random(7);
    const docCount = 5000;
    // 13 bits in one group: 8,192 cells to read back, more than the result's docs.
    const codes = FacetCodes.build(docCount, {
      category: bitmapsOf(values(rnd, docCount, 25, 1, 'c')),
      country: bitmapsOf(values(rnd, docCount, 200, 1, 'k')),
    });
    const skill = new ValueIndex(bitmapsOf(values(rnd, docCount, 100, 2, 's')), docCount);
    const docs = Uint32Array.from({ length: 300 }, (_, i) => i * 10);
    expect(fusedCount(codes, [skill.codesFor(docs.length)!], docs)).toBeNull();
  });
});
