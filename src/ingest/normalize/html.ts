/**
 * Description HTML → safe HTML for display and plain text for search.
 *
 * Feeds differ: Greenhouse sends the whole body entity-escaped (`&lt;p&gt;`), Lever and
 * Ashby send real HTML with inline styles, HN comments use bare `<p>` separators and
 * `&#x2F;`. This file undoes a whole-body escaping once; sanitize.ts parses (so
 * `<scr<script>ipt>` and event handlers cannot slip through) and writes the allow-listed
 * HTML and the text.
 */
import { decodeEntities } from './entities.ts';
import { sanitizeDescription, type SanitizedDescription } from './sanitize.ts';
import { tidyText } from './tidy-text.ts';

export { tidyText };

const REAL_TAG_RE = /<\/?[a-zA-Z][a-zA-Z0-9]*(?:\s[^<>]*)?\/?>/;
const ESCAPED_TAG_RE = /&lt;\/?[a-zA-Z][a-zA-Z0-9]*(?:\s|\/|&gt;)/;

/**
 * True when the markup arrived entity-escaped: escaped tags and no real ones. Mixed
 * input (real tags plus `&lt;div&gt;` in a code sample) is real HTML and is left alone.
 */
export function isEntityEscapedHtml(input: string): boolean {
  return ESCAPED_TAG_RE.test(input) && !REAL_TAG_RE.test(input);
}

/** Decodes one level of escaping when the whole body is escaped; never twice. */
export function unescapeHtmlOnce(input: string): string {
  return isEntityEscapedHtml(input) ? decodeEntities(input) : input;
}

function asString(input: unknown): string {
  return typeof input === 'string' ? input : '';
}

/**
 * Allow-listed HTML and its plain text (policy: sanitize.ts), from markup that may arrive
 * entity-escaped. The text: block elements and <br> become line breaks, list items a
 * bullet, entities decoded, spaces collapsed, at most one blank line between paragraphs.
 */
export function sanitizedDescription(input: unknown): SanitizedDescription {
  const html = unescapeHtmlOnce(asString(input));
  if (html.trim() === '') return { html: '', text: '' };
  return sanitizeDescription(html);
}

/** Wraps plain text as paragraphs so text-only feeds still get safe HTML. */
export function textToSafeHtml(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return tidyText(text)
    .split(/\n{2,}/)
    .filter((p) => p.trim() !== '')
    .map((p) => `<p>${escape(p).replace(/\n/g, '<br />')}</p>`)
    .join('');
}
