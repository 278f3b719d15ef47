/**
 * The contract's search-text rules, in one place for both the stored document and
 * the query, so that what is indexed and what is asked are tokenized alike:
 * - case- and accent-insensitive (folded to lower-case ASCII where possible);
 * - words are runs of letters and digits; a few technology names whose meaning
 *   lives in punctuation (C++, C#, .NET) are kept as whole words;
 * - every query word is a prefix (`eng` finds `Engineer`) and all words must match.
 * Ranking (title over company over description) is built from these terms in SQL.
 */

import { foldText } from './text.ts';

/** At most this many words of a query are used; the rest are ignored. */
export const MAX_QUERY_TERMS = 12;
/** Longer "words" are cut: no real word is longer, and it bounds the query cost. */
export const MAX_TERM_LENGTH = 48;

const PUNCTUATED_WORDS: [RegExp, string][] = [
  [/c\+\+/g, ' cplusplus '],
  [/c#/g, ' csharp '],
  [/f#/g, ' fsharp '],
  [/(^|[^\p{L}\p{N}])\.net\b/gu, '$1 dotnet '],
];

/** Lower case with Latin diacritics removed: "Zürich" → "zurich" (the one folding rule, domain/text.ts). */
export const fold = foldText;

/** The words of a text, folded, in order (duplicates kept). */
export function tokenize(text: string): string[] {
  let s = fold(text);
  for (const [pattern, replacement] of PUNCTUATED_WORDS) s = s.replace(pattern, replacement);
  return s.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** The text to feed `to_tsvector('simple', …)`: the tokens joined by spaces. */
export function toSearchDocument(text: string | null | undefined): string {
  return text ? tokenize(text).join(' ') : '';
}

/** The distinct query terms, capped in number and length. Empty when there is nothing to search. */
export function parseQueryTerms(query: string | null | undefined): string[] {
  if (!query) return [];
  const terms = tokenize(query).map((t) => t.slice(0, MAX_TERM_LENGTH));
  return [...new Set(terms)].slice(0, MAX_QUERY_TERMS);
}

/**
 * A tsquery for one prefix term, optionally restricted to a weight class
 * (A = title, B = company, C = description). Terms come from `tokenize`, so they
 * hold only letters and digits and cannot inject tsquery syntax.
 */
export function prefixTsQuery(term: string, weight?: 'A' | 'B' | 'C'): string {
  return `${term}:*${weight ?? ''}`;
}

/** All terms ANDed, each as a prefix. */
export function allTermsTsQuery(terms: string[]): string {
  return terms.map((t) => prefixTsQuery(t)).join(' & ');
}
