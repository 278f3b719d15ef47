import { describe, expect, it } from 'vitest';
import { Bitmap, type Postings } from '../../../src/search/bitmap.ts';
import { TermIndex, TEXT_FIELDS, type TextField } from '../../../src/search/term-index.ts';
import { createRng } from '../../helpers/random-search.ts';

/**
 * The candidates for pinned words (TermIndex.prefixesWithAtLeast): every prefix that
 * matches at least `min` jobs must be among them — a prefix left out would never be
 * pinned — whatever the fields its words sit in, and the list comes most first.
 */
describe('prefixes that may match at least N jobs', () => {
  // Words of few jobs as doc arrays too: an index keeps those in one pool (FieldTerms), sized apart.
  it.each(['bitmaps', 'doc arrays'])(
    'include every prefix whose words match that many jobs, over all fields (%s)',
    async (kind) => {
      const rnd = createRng(5).next;
      const letters = 'abcde';
      const word = () =>
        Array.from(
          { length: 1 + Math.floor(rnd() * 6) },
          () => letters[Math.floor(rnd() * letters.length)],
        ).join('');
      const jobs = 400;
      const byField = Object.fromEntries(TEXT_FIELDS.map((f) => [f, new Map<string, number[]>()])) as Record<
        TextField,
        Map<string, number[]>
      >;
      for (let doc = 0; doc < jobs; doc++)
        for (const field of TEXT_FIELDS)
          for (let k = 0; k < (field === 'description' ? 6 : 2); k++) {
            const w = word();
            const docs = byField[field].get(w) ?? [];
            if (docs.at(-1) !== doc) docs.push(doc);
            byField[field].set(w, docs);
          }
      const bitmaps = Object.fromEntries(
        TEXT_FIELDS.map((f) => [
          f,
          new Map(
            [...byField[f]].map(([w, docs]) => [
              w,
              kind === 'doc arrays' && docs.length < 64 ? Uint32Array.from(docs) : new Bitmap(docs),
            ]),
          ),
        ]),
      ) as Record<TextField, Map<string, Postings>>;
      const terms = new TermIndex(bitmaps);
      // Every prefix of every word, and how many jobs it really matches (any field).
      const prefixes = new Set<string>();
      for (const f of TEXT_FIELDS)
        for (const w of byField[f].keys()) for (let k = 1; k <= w.length; k++) prefixes.add(w.slice(0, k));
      const matches = (p: string) => {
        const docs = new Set<number>();
        for (const f of TEXT_FIELDS)
          for (const [w, list] of byField[f]) if (w.startsWith(p)) for (const d of list) docs.add(d);
        return docs.size;
      };
      for (const min of [1, 30, 120, 300]) {
        const found = await terms.prefixesWithAtLeast(min);
        const wanted = [...prefixes].filter((p) => matches(p) >= min);
        expect(wanted.length, `min ${min}`).toBeGreaterThan(0);
        for (const p of wanted) expect(found, `min ${min}: ${p} (${matches(p)} jobs)`).toContain(p);
        // No prefix twice, and none that is no prefix of a word.
        expect(new Set(found).size).toBe(found.length);
        for (const p of found) expect(prefixes.has(p), p).toBe(true);
      }
      // Most first: a one-letter prefix comes before its longer ones.
      const all = await terms.prefixesWithAtLeast(1);
      expect(all.indexOf('a')).toBeLessThan(all.indexOf('ab'));
      expect(all.indexOf('ab')).toBeLessThan(all.indexOf('abc'));
      terms.dispose();
    },
  );
});

/**
 * matchAny: a prefix's jobs in any field, as match's `any`, without the ranking unions
 * (the shared event reader's pages plan filters with it).
 */
describe("a prefix's jobs in any field (matchAny)", () => {
  it("equals the jobs of every word starting with it, match's `any`, before and after match is cached", () => {
    const rnd = createRng(11).next;
    const letters = 'abcd';
    const word = () =>
      Array.from(
        { length: 1 + Math.floor(rnd() * 5) },
        () => letters[Math.floor(rnd() * letters.length)],
      ).join('');
    const byField = Object.fromEntries(TEXT_FIELDS.map((f) => [f, new Map<string, number[]>()])) as Record<
      TextField,
      Map<string, number[]>
    >;
    for (let doc = 0; doc < 300; doc++)
      for (const field of TEXT_FIELDS)
        for (let k = 0; k < 3; k++) {
          const w = word();
          const docs = byField[field].get(w) ?? [];
          if (docs.at(-1) !== doc) docs.push(doc);
          byField[field].set(w, docs);
        }
    const terms = new TermIndex(
      Object.fromEntries(
        TEXT_FIELDS.map((f) => [
          f,
          new Map(
            [...byField[f]].map(([w, docs]) => [
              w,
              docs.length < 20 ? Uint32Array.from(docs) : new Bitmap(docs),
            ]),
          ),
        ]),
      ) as Record<TextField, Map<string, Postings>>,
    );
    const expected = (p: string) => {
      const docs = new Set<number>();
      for (const f of TEXT_FIELDS)
        for (const [w, list] of byField[f]) if (w.startsWith(p)) for (const d of list) docs.add(d);
      return [...docs].sort((a, b) => a - b);
    };
    const prefixes = ['a', 'ab', 'abc', 'dcba', 'dd', 'x', 'abcdab'];
    for (const p of prefixes) expect([...terms.matchAny(p).toUint32Array()], p).toEqual(expected(p));
    for (const p of prefixes) {
      expect([...terms.match(p).any.toUint32Array()], p).toEqual(expected(p));
      expect([...terms.matchAny(p).toUint32Array()], p).toEqual(expected(p));
    }
    expect(expected('ab').length).toBeGreaterThan(0);
    expect(expected('x')).toEqual([]);
    terms.dispose();
  });
});
