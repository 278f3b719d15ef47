/**
 * The contract's search-text rules, in one place for both the stored document and
 * the query, so that what is indexed and what is asked are tokenized alike:
 * - case- and accent-insensitive (folded to lower-case ASCII where possible);
 * - words are runs of letters and digits; a few technology names whose meaning
 *   lives in punctuation (C++, C#, .NET) are kept as whole words;
 * - every query word is a prefix (`eng` finds `Engineer`) and all words must match.
 * Ranking (whole word over prefix, title over company over description) is defined in
 * relevance.ts and built from these terms in SQL.
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

// Most text is ASCII plus a little typography (bullets, dashes, curly quotes, NBSP):
// none of those is a letter or digit, so such text folds by lower-casing and splits
// on anything but [a-z0-9], several times faster than the Unicode path (same words).
const PLAIN = /^[\x00-\x7f\u00a0\u2000-\u206f]*$/;
const MAY_BE_PUNCTUATED = /[+#]|\.net/;
const NOT_WORD = /[^\p{L}\p{N}]+/u;

/** The words of a text, folded, in order (duplicates kept). */
export function tokenize(text: string): string[] {
  const plain = PLAIN.test(text);
  let s = plain ? text.toLowerCase() : fold(text);
  if (MAY_BE_PUNCTUATED.test(s))
    for (const [pattern, replacement] of PUNCTUATED_WORDS) s = s.replace(pattern, replacement);
  return plain ? plainWords(s) : s.split(NOT_WORD).filter(Boolean);
}

/**
 * The runs of [a-z0-9] in lower-cased plain text: what `split(/[^a-z0-9]+/)` gives
 * without its empty strings, in one pass (about twice as fast; it runs on every
 * description stored).
 */
function plainWords(s: string): string[] {
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const isWordChar = (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
    if (isWordChar) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      words.push(s.slice(start, i));
      start = -1;
    }
  }
  if (start >= 0) words.push(s.slice(start));
  return words;
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

/** A tsquery for one whole word in one weight class: the word itself, not longer words. */
export function wordTsQuery(term: string, weight: 'A' | 'B' | 'C'): string {
  return `${term}:${weight}`;
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
  let out = '';
  for (const [word, e] of vectorEntries(title, company, description)) {
    let positions = '';
    for (let i = 0; i < e.positions.length; i++) {
      const p = e.positions[i] as number;
      positions += `${i === 0 ? '' : ','}${p & POSITION_MASK}${WEIGHT_LETTERS[p >> WEIGHT_SHIFT]}`;
    }
    out += `${out === '' ? '' : ' '}'${word}':${positions}`;
  }
  return out;
}

/**
 * The same vector in tsvector's binary form (what tsvector_send writes and the server
 * reads without parsing text): the number of words; then per word its UTF-8 bytes
 * and a zero byte, the number of positions, and each position with its weight in the
 * top two bits. Words need not be sorted: the server sorts them as it does for text.
 */
export function searchVectorBinary(
  title: string | null | undefined,
  company: string | null | undefined,
  description: string | null | undefined,
): Uint8Array {
  const entries = vectorEntries(title, company, description);
  let size = 4;
  for (const [word, e] of entries) size += word.length * 3 + 3 + e.positions.length * 2;
  // Its own memory, not a slice of Node's shared pool: it is sent between threads.
  const buf = Buffer.allocUnsafeSlow(size);
  let at = buf.writeInt32BE(entries.size, 0);
  for (const [word, e] of entries) {
    // Words are mostly ASCII: copied code by code, cheaper than an encoder call each.
    let ascii = true;
    for (let i = 0; i < word.length; i++) {
      const c = word.charCodeAt(i);
      if (c > 0x7f) {
        ascii = false;
        break;
      }
      buf[at + i] = c;
    }
    at += ascii ? word.length : buf.write(word, at, 'utf8');
    buf[at++] = 0;
    const n = e.positions.length;
    buf[at++] = n >> 8;
    buf[at++] = n & 0xff;
    for (let i = 0; i < n; i++) {
      const p = e.positions[i] as number;
      buf[at++] = p >> 8;
      buf[at++] = p & 0xff;
    }
  }
  return at === size ? buf : new Uint8Array(buf.subarray(0, at));
}

/** The text form of a binary tsvector from searchVectorBinary (for writes that send text). */
export function tsvectorBinaryToText(binary: Uint8Array): string {
  const buf = Buffer.from(binary.buffer, binary.byteOffset, binary.byteLength);
  const count = buf.readInt32BE(0);
  let at = 4;
  let out = '';
  for (let i = 0; i < count; i++) {
    const end = buf.indexOf(0, at);
    const word = buf.toString('utf8', at, end);
    at = end + 1;
    const n = buf.readUInt16BE(at);
    at += 2;
    let positions = '';
    for (let k = 0; k < n; k++, at += 2) {
      const p = buf.readUInt16BE(at);
      positions += `${k === 0 ? '' : ','}${p & POSITION_MASK}${WEIGHT_LETTERS[p >> WEIGHT_SHIFT]}`;
    }
    out += `${i === 0 ? '' : ' '}'${word}':${positions}`;
  }
  return out;
}

const WEIGHT_SHIFT = 14;
const POSITION_MASK = (1 << WEIGHT_SHIFT) - 1;
/** tsvector's weight codes: D = 0 … A = 3. */
const WEIGHT_LETTERS = ['D', 'C', 'B', 'A'] as const;
const WEIGHT_CODES = { A: 3, B: 2, C: 1 } as const;

/** Each word of the three parts with its kept positions, in first-seen order. */
function vectorEntries(
  title: string | null | undefined,
  company: string | null | undefined,
  description: string | null | undefined,
): Map<string, VectorEntry> {
  const vector = new Map<string, VectorEntry>();
  let maxStored = 0;
  let part = 0;
  for (const [text, weight] of [
    [title, 'A'],
    [company, 'B'],
    [description, 'C'],
  ] as const) {
    if (!text) continue;
    part++;
    const shift = maxStored;
    const code = WEIGHT_CODES[weight] << WEIGHT_SHIFT;
    let pos = 0;
    for (const word of tokenize(text)) {
      if (word.length * 3 >= MAX_LEXEME_BYTES && new TextEncoder().encode(word).length >= MAX_LEXEME_BYTES)
        continue;
      pos++;
      const own = pos < MAX_POSITION ? pos : MAX_POSITION;
      let e = vector.get(word);
      if (!e) {
        e = { positions: [], last: 0, part, partCount: 0, partLast: 0 };
        vector.set(word, e);
      } else if (e.part !== part) {
        e.part = part;
        e.partCount = 0;
        e.partLast = 0;
      }
      // to_tsvector: ≤ 255 distinct positions of a word, none after the capped one.
      if (
        e.partCount > 0 &&
        (e.partCount >= MAX_POSITIONS - 1 || e.partLast === MAX_POSITION || e.partLast === own)
      )
        continue;
      e.partCount++;
      e.partLast = own;
      // `||`: shifted by the left side's last position; ≤ 256 in all, none after the capped one.
      if (e.positions.length >= MAX_POSITIONS || e.last === MAX_POSITION) continue;
      const at = own + shift < MAX_POSITION ? own + shift : MAX_POSITION;
      e.positions.push(code | at);
      e.last = at;
      if (at > maxStored) maxStored = at;
    }
  }
  return vector;
}

interface VectorEntry {
  /** Kept positions, ascending, each with its weight code in the top two bits. */
  positions: number[];
  last: number;
  /** Per-part state (to_tsvector's rules apply within one part). */
  part: number;
  partCount: number;
  partLast: number;
}

/** PostgreSQL's limits on a tsvector (MAXSTRLEN, MAXENTRYPOS - 1, MAXNUMPOS). */
const MAX_LEXEME_BYTES = 2047;
const MAX_POSITION = 16383;
const MAX_POSITIONS = 256;
