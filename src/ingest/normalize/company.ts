/**
 * Company names and domains. Display names are only cleaned (Glassdoor appends the
 * rating on its own line: "Tecolote Research\n3.8"); the normalized name is the dedup
 * key part, so "Acme, Inc.", "ACME Inc" and "Acme" must all give "acme".
 */
import { collapseWhitespace, foldText } from '../../domain/text.ts';

// A line that is only a rating ("3.8", "4", "4.5 ★").
const RATING_LINE = /^\s*\d(?:[.,]\d)?\s*(?:★|\*|stars?)?\s*$/i;

/** Display form: rating lines removed, whitespace collapsed. */
export function cleanCompanyName(name: unknown): string {
  if (typeof name !== 'string') return '';
  const lines = name.split(/\r?\n/).filter((l) => l.trim() !== '');
  while (lines.length > 1 && RATING_LINE.test(lines[lines.length - 1] as string)) lines.pop();
  return collapseWhitespace(lines.join(' '));
}

// Legal forms, compared as whole trailing words after punctuation is gone ("S.A." → "sa").
const LEGAL_SUFFIXES = new Set([
  'inc',
  'incorporated',
  'llc',
  'llp',
  'lp',
  'ltd',
  'limited',
  'plc',
  'corp',
  'corporation',
  'co',
  'gmbh',
  'mbh',
  'ag',
  'kg',
  'ug',
  'se',
  'sa',
  'sas',
  'sarl',
  'srl',
  'spa',
  'sl',
  'bv',
  'nv',
  'ab',
  'oy',
  'oyj',
  'as',
  'asa',
  'aps',
  'pty',
  'pte',
  'pvt',
  'private',
  'kk',
  'sp',
  'zoo',
  'oo',
  'sro',
  'kft',
]);
// Only dropped together with a legal form, never alone ("Acme Holdings" stays).
const GLUE = new Set(['and', 'co', 'z', 'o']);

/**
 * Dedup key: folded (lower case, no accents), "(formerly …)" and other parentheses,
 * legal suffixes, a leading "the" and trailing ratings removed; "&" reads as "and".
 */
export function normalizeCompanyName(name: unknown): string {
  const clean = cleanCompanyName(name);
  if (clean === '') return '';
  let s = foldText(clean)
    .replace(/\([^)]*\)/g, ' ')
    // A rating joined onto the name's line ("Acme 4.2", "Acme 4.2 ★"), as RATING_LINE.
    .replace(/\s+\d[.,]\d\s*(?:★|\*|stars?)?$/, ' ')
    // Luxembourg's "S.à r.l." (folded "s.a r.l."): the space splits the dotted run below.
    .replace(/\bs\.\s?a\.?\s?r\.\s?l\b\.?/g, 'sarl')
    // "S.A.", "B.V.", "L.L.C." → "sa", "bv", "llc" before punctuation goes.
    .replace(/\b(?:[a-z]\.){2,}/g, (m) => m.replace(/\./g, ''))
    // The Danish and Norwegian "A/S" is the legal form "as".
    .replace(/\ba\/s\b/g, 'as')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  const words = s.split(' ').filter((w) => w !== '');
  if (words[0] === 'the' && words.length > 1) words.shift();
  let removed = false;
  while (words.length > 1) {
    const last = words[words.length - 1] as string;
    if (LEGAL_SUFFIXES.has(last) || (removed && GLUE.has(last))) {
      words.pop();
      removed = true;
    } else break;
  }
  s = words.join(' ');
  return s === '' ? foldText(clean).trim() : s;
}

/**
 * Bare host without "www.": "https://www.acme.com/careers" → "acme.com". Null for
 * anything that is not a plausible host name.
 */
export function normalizeDomain(urlOrDomain: unknown): string | null {
  if (typeof urlOrDomain !== 'string') return null;
  const raw = urlOrDomain.trim().toLowerCase();
  if (raw === '' || raw.length > 2_000 || /\s/.test(raw)) return null;
  // "mailto:jobs@acme.com" and other non-web schemes name no company site.
  if (/^[a-z][a-z0-9+.-]*:(?!\/\/|\d)/.test(raw)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//.test(raw) ? raw : `http://${raw.replace(/^\/\//, '')}`;
  let host: string;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    host = url.hostname;
  } catch {
    return null;
  }
  host = host.replace(/\.$/, '').replace(/^www\d*\./, '');
  if (!/^(?=.{3,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/.test(host))
    return null;
  return host;
}
