import { describe, expect, it } from 'vitest';
import {
  allTermsTsQuery,
  fold,
  parseQueryTerms,
  prefixTsQuery,
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
});
