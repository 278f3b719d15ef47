/**
 * HTML character reference decoding without a DOM. Feeds deliver entities in titles,
 * escaped HTML (Greenhouse `content`) and HN comments (`&#x2F;`, `&#x27;`); the named
 * set below covers what job postings use, and every numeric reference is decoded.
 */

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
  zwnj: '\u200c',
  zwj: '\u200d',
  shy: '\u00ad',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  plusmn: '±',
  times: '×',
  divide: '÷',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  sect: '§',
  para: '¶',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  rarr: '→',
  larr: '←',
  check: '✓',
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
  szlig: 'ß',
  eacute: 'é',
  egrave: 'è',
  ecirc: 'ê',
  Eacute: 'É',
  aacute: 'á',
  agrave: 'à',
  acirc: 'â',
  iacute: 'í',
  oacute: 'ó',
  ocirc: 'ô',
  uacute: 'ú',
  ntilde: 'ñ',
  ccedil: 'ç',
  aring: 'å',
  oslash: 'ø',
  aelig: 'æ',
};

const ENTITY_RE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]{1,31}));?/g;

function fromCodePoint(cp: number, original: string): string {
  // Invalid or surrogate code points would throw or produce broken strings; keep the text.
  if (!Number.isFinite(cp) || cp <= 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return original;
  return String.fromCodePoint(cp);
}

/**
 * Decodes entities once: "&amp;lt;" becomes "&lt;", not "<". Unknown names stay as
 * written so "AT&T" and "R&D" survive.
 */
export function decodeEntities(input: string): string {
  if (!input.includes('&')) return input;
  return input.replace(
    ENTITY_RE,
    (match, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (dec !== undefined) return fromCodePoint(Number.parseInt(dec, 10), match);
      if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16), match);
      if (name !== undefined && Object.hasOwn(NAMED, name)) {
        // A named reference without ";" is only taken for the legacy core set.
        if (!match.endsWith(';') && !['amp', 'lt', 'gt', 'quot', 'nbsp'].includes(name)) return match;
        return NAMED[name] as string;
      }
      return match;
    },
  );
}
