import { describe, expect, it } from 'vitest';
import {
  allTermsTsQuery,
  fold,
  parseQueryTerms,
  prefixTsQuery,
  searchVectorBinary,
  searchVectorText,
  tsvectorBinaryToText,
  toSearchDocument,
  tokenize,
} from '../../../src/domain/search-text.ts';

describe('search text rules', () => {
  it.each([
    ['Senior Engineer', ['senior', 'engineer']],
    ['  Zürich / Genève ', ['zurich', 'geneve']],
    ['C++ and C# on .NET', ['cplusplus', 'and', 'csharp', 'on', 'dotnet']],
    ['node.js, full-stack', ['node', 'js', 'full', 'stack']],
    ['東京 エンジニア', ['東京', 'エンジニア']],
    ['!!! ---', []],
  ])('tokenizes %j', (input, expected) => {
    expect(tokenize(input)).toEqual(expected);
  });

  it('splits plain text (ASCII and typography) the same way as the Unicode path', () => {
    // The Unicode path on its own, as tokenize did before it had a plain-text shortcut.
    const unicodeWords = (text: string) =>
      fold(text)
        .replace(/c\+\+/g, ' cplusplus ')
        .replace(/c#/g, ' csharp ')
        .replace(/f#/g, ' fsharp ')
        .replace(/(^|[^\p{L}\p{N}])\.net\b/gu, '$1 dotnet ')
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean);
    for (const text of [
      'Senior Engineer • Remote — “Node.js” & C++/C#, F# on .NET; 401(k)',
      'Build APIs\u00a0fast\u2019s … 50–60% • ½ day\u200bzero-width',
      'Über-Engineer in Zürich: ÉCOLE / ß straße',
      'tabs\tand\nnewlines _under_scores_ 3.5yrs',
    ])
      expect(tokenize(text), text).toEqual(unicodeWords(text));
  });

  it('folds case and accents', () => {
    expect(fold('ÉCOLE Ñandú')).toBe('ecole nandu');
  });

  it('dedupes query terms and caps their number and length', () => {
    expect(parseQueryTerms('eng Eng ENG')).toEqual(['eng']);
    expect(parseQueryTerms(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' '))).toHaveLength(12);
    expect(parseQueryTerms('x'.repeat(100))[0]).toHaveLength(48);
    expect(parseQueryTerms(undefined)).toEqual([]);
  });

  it('builds prefix tsqueries that cannot carry tsquery syntax', () => {
    const terms = parseQueryTerms("eng & !x | 'drop':*");
    expect(terms).toEqual(['eng', 'x', 'drop']);
    expect(allTermsTsQuery(terms)).toBe('eng:* & x:* & drop:*');
    expect(prefixTsQuery('eng', 'A')).toBe('eng:*A');
  });

  it('indexes documents with the same tokenizer as queries', () => {
    expect(toSearchDocument('Senior C++ Engineer (Zürich)')).toBe('senior cplusplus engineer zurich');
    expect(toSearchDocument(null)).toBe('');
  });

  describe('search vector (tsvector text)', () => {
    it('weights title A, company B, description C, positions running on across parts', () => {
      expect(searchVectorText('Senior C++ Engineer', 'Acme', 'Acme hires a C++ engineer')).toBe(
        "'senior':1A 'cplusplus':2A,8C 'engineer':3A,9C 'acme':4B,5C 'hires':6C 'a':7C",
      );
    });

    it('is empty for no words, and skips empty parts without a gap', () => {
      expect(searchVectorText(null, '', '!!')).toBe('');
      expect(searchVectorText('', 'Acme', 'rust')).toBe("'acme':1B 'rust':2C");
    });

    it('keeps at most 255 positions of a word per part and 256 in all', () => {
      const many = Array.from({ length: 300 }, () => 'x').join(' ');
      const positions = (v: string) => v.match(/'x':(\S+)/)![1]!.split(',');
      expect(positions(searchVectorText(many, null, null))).toHaveLength(255);
      const both = positions(searchVectorText(many, null, many));
      expect(both).toHaveLength(256);
      // The description is shifted by the title's last kept position (255), not its word count.
      expect(both.at(-1)).toBe('256C');
    });

    it('caps positions at 16383, and a word gets no position after its capped one', () => {
      const words = Array.from({ length: 17_000 }, (_, i) => `w${i % 16_500}`).join(' ');
      const entries = new Map(
        searchVectorText('title', null, `${words} title`)
          .split(' ')
          .map((e) => e.split(':') as [string, string]),
      );
      expect(entries.get("'w16381'")).toBe('16383C');
      expect(entries.get("'w16499'")).toBe('16383C');
      expect(entries.get("'w0'")).toBe('2C,16383C');
      expect(entries.get("'title'")).toBe('1A,16383C');
    });

    it('has a binary form (tsvector_send) holding the same words and positions', () => {
      const cases: [string, string, string][] = [
        ['Senior C++ Engineer', 'Acme', 'Acme hires a C++ engineer'],
        ['', '', ''],
        ['Zürich straße 東京 エンジニア', 'Ñandú', 'ж '.repeat(300)],
        ['title', 'co', Array.from({ length: 17_000 }, (_, i) => `w${i % 300}`).join(' ')],
      ];
      for (const [title, company, description] of cases)
        expect(tsvectorBinaryToText(searchVectorBinary(title, company, description))).toBe(
          searchVectorText(title, company, description),
        );
      // Count, then per word: UTF-8 bytes, a zero byte, the number of positions, each
      // position with its weight code (A = 3, C = 1) in the top two bits.
      expect([...searchVectorBinary('Go', null, 'go')]).toEqual([
        0, 0, 0, 1, 0x67, 0x6f, 0, 0, 2, 0xc0, 1, 0x40, 2,
      ]);
    });

    it('leaves out words PostgreSQL refuses (2047 bytes or more)', () => {
      expect(searchVectorText(`a ${'z'.repeat(2047)} b`, null, null)).toBe("'a':1A 'b':2A");
      expect(searchVectorText('ж'.repeat(1024), null, null)).toBe('');
      expect(searchVectorText('ж'.repeat(1023), null, null)).toBe(`'${'ж'.repeat(1023)}':1A`);
    });
  });
});
