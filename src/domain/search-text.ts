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

/**
 * The stored search vector, built here rather than by `to_tsvector` in SQL: the
 * words are already tokenized for the query rules, and PostgreSQL's text-search
 * parser was over half of the database's cost of storing a job (README, Benchmark).
 *
 * The result is the text form of exactly what
 *   setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', company), 'B')
 *     || setweight(to_tsvector('simple', description), 'C')
 * makes from the tokenized texts (a test compares the two on both databases):
 * positions count words from 1, are capped at 16383, at most 255 per word per part
 * (256 after `||` merges parts), each part shifted by the previous parts' last
 * position; words of 2047 bytes or more are left out, as PostgreSQL does.
 */
export function searchVectorText(
  title: string | null | undefined,
  company: string | null | undefined,
  description: string | null | undefined,
): string {
  const vector = new Map<string, number[]>();
  const weights = new Map<number[], string[]>();
  let shift = 0;
  for (const [text, weight] of [
    [title, 'A'],
    [company, 'B'],
    [description, 'C'],
  ] as const) {
    if (!text) continue;
    let partMax = 0;
    for (const [word, positions] of partVector(text)) {
      let list = vector.get(word);
      if (!list) vector.set(word, (list = []));
      let marks = weights.get(list);
      if (!marks) weights.set(list, (marks = []));
      // `||` appends the right part's positions, shifted, while there are fewer than
      // 256 and the last is not the capped one.
      for (const p of positions) {
        if (list.length >= MAX_POSITIONS || list.at(-1) === MAX_POSITION) break;
        const at = Math.min(p + shift, MAX_POSITION);
        list.push(at);
        marks.push(weight);
        partMax = Math.max(partMax, at);
      }
    }
    shift = Math.max(shift, partMax);
  }
  let out = '';
  for (const [word, list] of vector) {
    if (list.length === 0) continue;
    const marks = weights.get(list)!;
    out += `${out ? ' ' : ''}'${word}':${list.map((p, i) => `${p}${marks[i]}`).join(',')}`;
  }
  return out;
}

/** One `to_tsvector('simple', …)`: each word's positions, ≤ 255, distinct, none after the cap. */
function partVector(text: string): Map<string, number[]> {
  const words = new Map<string, number[]>();
  let pos = 0;
  for (const word of tokenize(text)) {
    if (word.length * 3 >= MAX_LEXEME_BYTES && Buffer.byteLength(word) >= MAX_LEXEME_BYTES) continue;
    pos++;
    const at = Math.min(pos, MAX_POSITION);
    const list = words.get(word);
    if (!list) words.set(word, [at]);
    else if (list.length < MAX_POSITIONS - 1 && list.at(-1) !== MAX_POSITION && list.at(-1) !== at)
      list.push(at);
  }
  return words;
}

/** PostgreSQL's limits on a tsvector (MAXSTRLEN, MAXENTRYPOS - 1, MAXNUMPOS). */
const MAX_LEXEME_BYTES = 2047;
const MAX_POSITION = 16383;
const MAX_POSITIONS = 256;
