/**
 * Repairs UTF-8 text that was decoded as Windows-1252 or Latin-1 on its way to us
 * ("Companyâ€™s" → "Company’s", "Ã©" → "é"), once or twice over (the LinkedIn export
 * has "Ã¢â\u0082¬Â¢" for "•"), and entity references escaped twice ("&amp;#39;").
 * Issue 11. Only a character sequence that is a complete, valid UTF-8 encoding of one
 * character is replaced, so ordinary Latin-1 text ("für", "café") is left alone.
 */
import { decodeEntities } from './entities.ts';

// Windows-1252's 0x80–0x9F block: the characters a misread UTF-8 byte turns into.
const CP1252: ReadonlyMap<string, number> = new Map([
  ['€', 0x80],
  ['‚', 0x82],
  ['ƒ', 0x83],
  ['„', 0x84],
  ['…', 0x85],
  ['†', 0x86],
  ['‡', 0x87],
  ['ˆ', 0x88],
  ['‰', 0x89],
  ['Š', 0x8a],
  ['‹', 0x8b],
  ['Œ', 0x8c],
  ['Ž', 0x8e],
  ['‘', 0x91],
  ['’', 0x92],
  ['“', 0x93],
  ['”', 0x94],
  ['•', 0x95],
  ['–', 0x96],
  ['—', 0x97],
  ['˜', 0x98],
  ['™', 0x99],
  ['š', 0x9a],
  ['›', 0x9b],
  ['œ', 0x9c],
  ['ž', 0x9e],
  ['Ÿ', 0x9f],
] as const);
const CONT = `[\\u0080-\\u00bf${[...CP1252.keys()].join('')}]`;
// A lead byte and exactly the continuation bytes it announces.
const SEQUENCE = new RegExp(
  `[\\u00c2-\\u00df]${CONT}|[\\u00e0-\\u00ef]${CONT}{2}|[\\u00f0-\\u00f4]${CONT}{3}`,
  'g',
);
const SUSPECT = /[\u00c2-\u00f4]/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

function byteOf(ch: string): number {
  return CP1252.get(ch) ?? ch.charCodeAt(0);
}

function repairOnce(text: string): string {
  return text.replace(SEQUENCE, (seq) => {
    try {
      const decoded = utf8.decode(Uint8Array.from(seq, byteOf));
      // One character, and not a control one: anything else was not a misread sequence.
      return [...decoded].length === 1 && !/[\u0000-\u001f\u007f-\u009f]/.test(decoded) ? decoded : seq;
    } catch {
      return seq;
    }
  });
}

/** The text with UTF-8 mojibake undone (up to three layers deep). */
export function repairMojibake(text: string): string {
  if (!SUSPECT.test(text)) return text;
  let out = text;
  for (let i = 0; i < 3; i++) {
    const next = repairOnce(out);
    if (next === out) break;
    out = next;
  }
  return out;
}

const ESCAPED_REFERENCE = /&amp;(#\d{1,7};|#[xX][0-9a-fA-F]{1,6};|[a-zA-Z][a-zA-Z0-9]{1,31};)/g;

/** HTML whose entity references were escaped twice ("&amp;#39;", "&amp;nbsp;"), escaped once. */
export function repairHtmlEscapes(html: string): string {
  if (!html.includes('&amp;')) return html;
  return html.replace(ESCAPED_REFERENCE, (match, ref: string) =>
    decodeEntities(`&${ref}`) === `&${ref}` ? match : `&${ref}`,
  );
}

/**
 * Plain text (a title, a company, a description's text) as it should read: references
 * left over after the one decoding a field gets are a second escape, decoded too.
 */
export function repairText(text: string): string {
  const decoded = text.includes('&') ? decodeEntities(text) : text;
  return repairMojibake(decoded);
}
