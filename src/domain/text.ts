/**
 * Text folding shared by every matcher and dedup key: one place decides what "the same
 * letters" means, so a company normalized at ingest compares equal to a search term
 * folded at query time.
 */

// Letters that NFKD does not decompose into base + combining mark, but which users type
// without the diacritic anyway ("Malmo", "Lodz", "Strasse").
const EXTRA_FOLDS: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

const EXTRA_RE = new RegExp(`[${Object.keys(EXTRA_FOLDS).join('')}]`, 'g');

const ASCII = /^[\x00-\x7f]*$/;

/**
 * NFKD, Latin diacritics stripped, a few non-decomposing letters mapped, lower case.
 * Only the combining-diacritics block is stripped and the rest recomposed, so marks
 * that make a different letter elsewhere (Japanese dakuten: ジ is not シ) survive.
 */
export function foldText(s: string): string {
  // ASCII has nothing to decompose or map: lower-casing is the whole fold, without two
  // ICU normalizations (most titles and descriptions; a third of a posting's folding).
  if (ASCII.test(s)) return s.toLowerCase();
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]+/g, '')
    .normalize('NFC')
    .replace(EXTRA_RE, (ch) => EXTRA_FOLDS[ch] ?? ch)
    .toLowerCase();
}

/** Collapses every run of whitespace (including NBSP) into one space and trims. */
export function collapseWhitespace(s: string): string {
  return s.replace(/[\s\u00a0\u200b]+/g, ' ').trim();
}

/**
 * Text PostgreSQL can store and compare: no NUL character (text and jsonb refuse it:
 * one in a feed failed its whole batch, one in a filter failed the request) and no
 * lone UTF-16 surrogate (UTF-8 cannot encode it), which becomes U+FFFD.
 */
export function storableText(s: string): string {
  const t = s.includes('\u0000') ? s.replaceAll('\u0000', '') : s;
  return t.isWellFormed() ? t : t.toWellFormed();
}
