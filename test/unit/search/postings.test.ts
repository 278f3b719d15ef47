import { describe, expect, it } from 'vitest';
import { KeyedBitmapsBuilder, type Postings } from '../../../src/search/bitmap.ts';
import { TermIndex, TEXT_FIELDS, type PrefixMatch, type TextField } from '../../../src/search/term-index.ts';
import { createRng } from '../../helpers/random-search.ts';

/**
 * A small index's words as doc arrays (bitmap.ts Postings, to keep native objects out of
 * the young generation): the prefix matches must be those of the same words as bitmaps.
 */
describe('word postings as doc arrays', () => {
  const rnd = createRng(11).next;
  const letters = 'abcd';
  const word = () =>
    Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => letters[Math.floor(rnd() * letters.length)]).join(
      '',
    );

  /** Two builders fed the same (word, doc) pairs: docs out of order, some twice, some words on 100+ docs. */
  function build() {
    const a = Object.fromEntries(TEXT_FIELDS.map((f) => [f, new KeyedBitmapsBuilder()])) as Record<
      TextField,
      KeyedBitmapsBuilder
    >;
    const b = Object.fromEntries(TEXT_FIELDS.map((f) => [f, new KeyedBitmapsBuilder()])) as Record<
      TextField,
      KeyedBitmapsBuilder
    >;
    const docs = 300;
    // A doc added twice in a row (a word twice in one job's field, if a caller sent it so).
    for (const doc of [3, 3, 7]) for (const builder of [a, b]) builder.title.add('twice', doc);
    for (let k = 0; k < 4000; k++) {
      const field = TEXT_FIELDS[Math.floor(rnd() * TEXT_FIELDS.length)]!;
      const doc = Math.floor(rnd() * docs);
      const w = word();
      a[field].add(w, doc);
      b[field].add(w, doc);
    }
    return { a, b };
  }

  it('are ascending, distinct arrays below 64 docs and bitmaps from there', () => {
    const { a, b } = build();
    for (const f of TEXT_FIELDS) {
      const bitmaps = a[f].finish();
      const postings = b[f].finishPostings();
      expect([...postings.keys()].sort()).toEqual([...bitmaps.keys()].sort());
      let arrays = 0;
      let large = 0;
      for (const [w, bitmap] of bitmaps) {
        const p = postings.get(w)!;
        const docs = p instanceof Uint32Array ? [...p] : [...p.toUint32Array()];
        expect(docs, `${f} ${w}`).toEqual([...bitmap.toUint32Array()]);
        expect(p instanceof Uint32Array, `${f} ${w}: ${bitmap.size} docs`).toBe(bitmap.size < 64);
        if (p instanceof Uint32Array) arrays++;
        else large++;
      }
      // Both kinds occur in every field, so both ways are compared below.
      expect(arrays, f).toBeGreaterThan(0);
      expect(large, f).toBeGreaterThan(0);
    }
  });

  it('match every prefix as the same words as bitmaps do', () => {
    const { a, b } = build();
    const bitmaps = Object.fromEntries(TEXT_FIELDS.map((f) => [f, a[f].finish()])) as Record<
      TextField,
      Map<string, Postings>
    >;
    const postings = Object.fromEntries(TEXT_FIELDS.map((f) => [f, b[f].finishPostings()])) as Record<
      TextField,
      Map<string, Postings>
    >;
    const x = new TermIndex(bitmaps);
    const y = new TermIndex(postings);
    const prefixes = new Set<string>(['', 'zz']);
    for (const f of TEXT_FIELDS)
      for (const w of bitmaps[f].keys()) for (let k = 1; k <= w.length; k++) prefixes.add(w.slice(0, k));
    const parts: (keyof PrefixMatch)[] = [
      'title',
      'company',
      'any',
      'titleWhole',
      'companyWhole',
      'anyWhole',
    ];
    for (const p of prefixes) {
      const mx = x.match(p);
      const my = y.match(p);
      for (const part of parts)
        expect([...my[part].toUint32Array()], `${p} ${part}`).toEqual([...mx[part].toUint32Array()]);
    }
    x.dispose();
    y.dispose();
  });
});
