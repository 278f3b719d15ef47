import { describe, expect, it } from 'vitest';
import { docsById, firstSeenOrderDocs, salaryOrderDocs, sortDocs } from '../../../src/search/doc-order.ts';

/** A small seeded generator (mulberry32), so a failure repeats. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex = (rnd: () => number, digits: number) =>
  Array.from({ length: digits }, () => Math.floor(rnd() * 16).toString(16)).join('');

/** UUID-shaped ids, some sharing their first 12 hex digits (the key docsById sorts by). */
function uuids(rnd: () => number, n: number): string[] {
  const heads = Array.from({ length: Math.ceil(n / 3) }, () => `${hex(rnd, 8)}-${hex(rnd, 4)}`);
  return Array.from({ length: n }, (_, i) => {
    const head = i % 5 === 0 ? heads[Math.floor(rnd() * heads.length)]! : `${hex(rnd, 8)}-${hex(rnd, 4)}`;
    return `${head}-4${hex(rnd, 3)}-8${hex(rnd, 3)}-${hex(rnd, 12)}`;
  });
}

const byText = (ids: string[]) => (a: number, b: number) =>
  ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0;
const all = (n: number) => Uint32Array.from({ length: n }, (_, d) => d);

describe('orders of every doc by native sorts (doc-order.ts)', () => {
  for (const seed of [1, 2, 3]) {
    it(`orders as the comparators the index used to sort with (seed ${seed})`, () => {
      const rnd = random(seed);
      const n = 2_000 + Math.floor(rnd() * 3_000);
      const ids = uuids(rnd, n);
      // Few distinct values, NaN (no salary), negative zero and fractions: ties everywhere.
      const high = Float64Array.from({ length: n }, () =>
        rnd() < 0.3 ? NaN : rnd() < 0.05 ? -0 : Math.floor(rnd() * 40) * 5_000 + (rnd() < 0.1 ? 0.5 : 0),
      );
      const firstSeen = Float64Array.from({ length: n }, () => 1.7e15 + Math.floor(rnd() * 50) * 1e6);

      const byId = docsById(ids);
      expect([...byId]).toEqual([...all(n)].sort(byText(ids)));

      // salary desc nulls last, then doc desc: what the index's comparator sort did.
      const salary = salaryOrderDocs(high);
      const salaryRef = [...all(n)].sort((a, b) => {
        const x = high[a]!;
        const y = high[b]!;
        if (Number.isNaN(x) !== Number.isNaN(y)) return Number.isNaN(x) ? 1 : -1;
        return (Number.isNaN(x) ? 0 : y - x) || b - a;
      });
      expect([...salary]).toEqual(salaryRef);

      // first seen desc, then id desc.
      const seen = firstSeenOrderDocs(firstSeen, byId);
      const seenRef = [...all(n)].sort(
        (a, b) => firstSeen[b]! - firstSeen[a]! || (ids[a]! < ids[b]! ? 1 : ids[a]! > ids[b]! ? -1 : 0),
      );
      expect([...seen]).toEqual(seenRef);
    });
  }

  it('sorts ids of another shape by their text', () => {
    const ids = ['job-10', 'job-2', 'a', 'job-1', 'Z'];
    expect([...docsById(ids)]).toEqual([4, 2, 3, 0, 1]);
  });

  it('handles no docs and one doc', () => {
    expect([...sortDocs(new Float64Array(0))]).toEqual([]);
    expect([...sortDocs(Float64Array.of(5))]).toEqual([0]);
    expect([...docsById([])]).toEqual([]);
  });
});
