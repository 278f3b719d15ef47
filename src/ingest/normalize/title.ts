/**
 * Job titles: a cleaned display form and a dedup key.
 *
 * The key keeps seniority words (a Senior and a Junior opening are two jobs) but
 * spells them one way ("Sr." = "Senior"), and drops what varies between copies of one
 * posting: gender markers required in German-speaking ads ("(m/w/d)", "(f/m/x)"),
 * season/year tags on internships ("- Summer 2025"), requisition ids ("(R-10423)"),
 * workplace tags ("(Remote)"), punctuation and case. Seasons, years and requisition ids
 * are compared apart by the dedup rule (ingest/opening-tags.ts): a copy often omits them.
 */
import { collapseWhitespace, foldText } from '../../domain/text.ts';
import { decodeEntities } from './entities.ts';

/** Trimmed, entity-decoded, whitespace collapsed, dangling separators dropped. */
export function cleanTitle(title: unknown): string {
  if (typeof title !== 'string') return '';
  const t = collapseWhitespace(decodeEntities(title).replace(/[\u0000-\u001f\u007f]/g, ' '));
  // An unclosed trailing parenthesis "(Remote" is left by truncation; it goes first, so
  // that a separator before it ("Engineer - (Remote") is dangling too.
  // Then trailing/leading separators left by templating: "Engineer -", "| Engineer", "Engineer ,".
  return t
    .replace(/\s*\([^)]*$/, '')
    .replace(/^[\s\-–—|,:;•*·/]+/, '')
    .replace(/[\s\-–—|,:;•*·/(]+$/, '');
}

const GENDER_MARKER =
  /\(\s*(?:[mwfdxhgn]|div|divers|diverse|all genders?|alle geschlechter|gn|\*)(?:\s*[/|,*]\s*(?:[mwfdxh]|div|divers|diverse|in))*\s*\)|(?<![a-z])[mwfdh]\s*\/\s*[mwfdxh](?:\s*\/\s*(?:[mwfdxh]|div|divers))?(?![a-z])/g;
const SEASON =
  /(?:\b(?:summer|fall|autumn|winter|spring)\s*(?:of\s*)?'?(?:20)?\d{2}\b|\b20[2-3]\d\s*(?:summer|fall|autumn|winter|spring)\b|\b20[2-3]\d\b)/g;
// Same forms as opening-tags.ts reads: "R-10423", "(JR123456)", "Req #5512".
const REQUISITION = /\b(?:jr|r|req)(?:\s*#\s*|[-_ ]?)\d[\d-]{3,}\b/g;
const WORKPLACE_TAG =
  /\(\s*(?:remote|hybrid|on-?site|in[- ]office)[^)]*\)|[-–|,]\s*(?:fully\s+)?(?:remote|hybrid|on-?site)\s*$/g;

/** Dedup key: folded, markers removed, seniority spelled out, no punctuation. */
export function normalizeTitle(title: unknown): string {
  return (
    foldText(cleanTitle(title))
      .replace(GENDER_MARKER, ' ')
      .replace(WORKPLACE_TAG, ' ')
      .replace(REQUISITION, ' ')
      .replace(SEASON, ' ')
      .replace(/\bsr\b\.?/g, 'senior')
      .replace(/\bjr\b\.?/g, 'junior')
      .replace(/&/g, ' and ')
      // "+" and "#" carry meaning in C++ and C#; everything else, spaces included, is one
      // separator. Letters of every script are words: "Account Executive, 製薬" and
      // "Account Executive, 広告" are two openings (their marks, "ジ" = シ + ゙, stay with them).
      .replace(/[^\p{L}\p{M}\p{N}+#]+/gu, ' ')
      .trim()
  );
}
