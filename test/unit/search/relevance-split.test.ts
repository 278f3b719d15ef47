import { describe, expect, it } from 'vitest';
import { Bitmap, Scratch } from '../../../src/search/bitmap.ts';
import { NumberBuckets } from '../../../src/search/number-buckets.ts';
import { classesOf, compareTiers, RelevanceSplit } from '../../../src/search/relevance.ts';
import type { PrefixMatch } from '../../../src/search/term-index.ts';

/** A small deterministic generator (tests must not depend on Math.random's sequence). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const DOCS = 3000;

/** A word's bands as the term index gives them: whole ⊆ prefix per field, title/company ⊆ any. */
function word(rnd: () => number): PrefixMatch {
  const pick = (p: number) => [...Array(DOCS).keys()].filter(() => rnd() < p);
  const titleWhole = pick(0.05);
  const title = [...new Set([...titleWhole, ...pick(0.05)])];
  const companyWhole = pick(0.03);
  const company = [...new Set([...companyWhole, ...pick(0.03)])];
  const anyWhole = [...new Set([...titleWhole, ...companyWhole, ...pick(0.2)])];
  const any = [...new Set([...title, ...company, ...anyWhole, ...pick(0.1)])];
  const b = (docs: number[]) => new Bitmap(docs);
  return {
    titleWhole: b(titleWhole),
    title: b(title),
    companyWhole: b(companyWhole),
    company: b(company),
    anyWhole: b(anyWhole),
    any: b(any),
  };
}

/** A doc's tier for a word, straight from the definition (domain/relevance.ts). */
function tierOf(w: PrefixMatch, doc: number): number {
  if (w.titleWhole.has(doc)) return 5;
  if (w.title.has(doc)) return 4;
  if (w.companyWhole.has(doc)) return 3;
  if (w.company.has(doc)) return 2;
  if (w.anyWhole.has(doc)) return 1;
  return 0;
}

describe('relevance classes on demand (RelevanceSplit)', () => {
  it('lists every tier count of n words once, best first', () => {
    for (const n of [0, 1, 2, 3, 4]) {
      const list = classesOf(n);
      // Multisets of n tiers among 6: C(n + 5, 5).
      const expected = [1, 6, 21, 56, 126][n];
      expect(list).toHaveLength(expected!);
      for (const counts of list) expect(counts.reduce((a, b) => a + b, 0)).toBe(n);
      for (let i = 1; i < list.length; i++)
        expect(compareTiers({ counts: list[i - 1]! }, { counts: list[i]! })).toBeLessThan(0);
    }
  });

  it('puts every match in the class of its words’ best tiers, classes best first, for 1–4 words', () => {
    const rnd = random(42);
    for (let round = 0; round < 12; round++) {
      const words = Array.from({ length: 1 + (round % 4) }, () => word(rnd));
      const matches = new Bitmap(
        [...Array(DOCS).keys()].filter((d) => words.every((w) => w.any.has(d)) && rnd() < 0.9),
      );
      const scratch = new Scratch();
      const classes = [...new RelevanceSplit(matches, words, scratch).classes()];
      const expected = new Map<string, number[]>();
      for (const d of matches.toArray()) {
        const counts = Array(6).fill(0);
        for (const w of words) counts[tierOf(w, d)]++;
        const key = counts.join(',');
        expected.set(key, [...(expected.get(key) ?? []), d]);
      }
      expect(classes.map((c) => c.counts.join(','))).toEqual(
        [...expected.keys()].sort((a, b) =>
          compareTiers({ counts: a.split(',').map(Number) }, { counts: b.split(',').map(Number) }),
        ),
      );
      for (const c of classes) expect(c.docs.toArray()).toEqual(expected.get(c.counts.join(',')));
      // Asking for a class again, or out of order, gives the same docs (memoized, never changed in place).
      const again = new RelevanceSplit(matches, words, scratch);
      for (const c of [...classes].reverse())
        expect(again.classDocs(c.counts).toArray()).toEqual(c.docs.toArray());
      scratch.dispose();
    }
  });
});

describe('salary ranges kept per bound (NumberBuckets)', () => {
  it('answers every bound exactly, again after the kept ranges were evicted and reused', () => {
    const rnd = random(7);
    const values = new Float64Array(5000).map(() => (rnd() < 0.2 ? NaN : Math.round(rnd() * 400_000)));
    const buckets = new NumberBuckets(values, 10_000);
    // Half the bounds are stored values (the bound itself is in range), half anywhere.
    const stored = values.filter((v) => !Number.isNaN(v));
    const bounds = Array.from({ length: 40 }, (_, i) =>
      i % 2 ? stored[Math.floor(rnd() * stored.length)]! : Math.round(rnd() * 420_000),
    );
    const brute = (bound: number, atLeast: boolean) =>
      [...values.keys()].filter(
        (d) => !Number.isNaN(values[d]!) && (atLeast ? values[d]! >= bound : values[d]! <= bound),
      );
    // Twice over 40 bounds in both directions: the second pass finds some kept, most evicted.
    for (let pass = 0; pass < 2; pass++)
      for (const bound of [...bounds, ...bounds.slice(0, 5)])
        for (const atLeast of [true, false])
          expect(buckets.range(bound, atLeast).toArray()).toEqual(brute(bound, atLeast));
    buckets.dispose();
  });
});
