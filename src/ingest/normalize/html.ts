/**
 * Description HTML → safe HTML for display and plain text for search.
 *
 * Feeds differ: Greenhouse sends the whole body entity-escaped (`&lt;p&gt;`), Lever and
 * Ashby send real HTML with inline styles, HN comments use bare `<p>` separators and
 * `&#x2F;`. sanitize-html does the allow-listing (it parses, so `<scr<script>ipt>` and
 * event handlers cannot slip through); this file only decides the policy.
 */
import sanitizeHtml from 'sanitize-html';
import { decodeEntities } from './entities.ts';

const SAFE_TAGS = ['p', 'ul', 'ol', 'li', 'b', 'strong', 'em', 'i', 'br', 'h1', 'h2', 'h3', 'h4', 'a'];

// Block-level tags become line breaks in the text rendering.
const BLOCK_TAGS = [
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'tr',
  'blockquote',
  'pre',
  'hr',
  'dl',
  'dt',
  'dd',
];

const SAFE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: SAFE_TAGS,
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Content of these is dropped entirely, not kept as text.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'svg',
  ],
  transformTags: {
    // Lever and many boards use <div> for paragraphs; keep the break, drop the tag.
    div: 'p',
    h5: 'h4',
    h6: 'h4',
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener noreferrer' }),
  },
  // Ashby pads with empty `<p style="min-height:1.5em"></p>`; they render as gaps.
  exclusiveFilter: (frame) => frame.tag === 'p' && frame.text.trim() === '' && !frame.mediaChildren?.length,
};

const TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...BLOCK_TAGS, 'br'],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  nonTextTags: SAFE_OPTIONS.nonTextTags ?? [],
};

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

/** Allow-listed HTML: basic formatting and http/https/mailto links only. */
export function toSafeHtml(input: unknown): string {
  const html = unescapeHtmlOnce(asString(input));
  if (html.trim() === '') return '';
  return sanitizeHtml(html, SAFE_OPTIONS).trim();
}

/**
 * Plain text: block elements and <br> become line breaks, entities are decoded, runs of
 * spaces collapse, and at most one blank line separates paragraphs.
 */
export function htmlToText(input: unknown): string {
  const html = unescapeHtmlOnce(asString(input));
  if (html.trim() === '') return '';
  // After sanitizing, only bare block tags and <br> remain, so the regexes below see
  // well-formed markup without attributes.
  const blocks = sanitizeHtml(html, TEXT_OPTIONS)
    .replace(/<br\s*\/?>/gi, '\n')
    // List items: one per line with a bullet, no blank line between items.
    .replace(/<li>/gi, '\n• ')
    .replace(/<\/li>/gi, '')
    .replace(/<\/?[a-z][a-z0-9]*\s*\/?>/gi, '\n');
  return tidyText(decodeEntities(blocks));
}

/**
 * Plain text from markup that toSafeHtml produced. Only the allow-listed tags can be
 * in it (attributes only on <a>), so regexes are enough and no second parse is needed.
 */
export function safeHtmlToText(safeHtml: string): string {
  if (safeHtml === '') return '';
  const blocks = safeHtml
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li>/gi, '\n• ')
    .replace(/<\/li>/gi, '')
    .replace(/<\/?(?:p|ul|ol|h[1-4])>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return tidyText(decodeEntities(blocks));
}

// Runs of spaces within a line, except lone spaces (most of a text's spaces: replacing
// each by itself was most of this function's time).
const SPACE_RUN = /[\t\f\v\u00a0\u200b][ \t\f\v\u00a0\u200b]*| [ \t\f\v\u00a0\u200b]+/g;
// Whitespace other than spaces and line breaks left after SPACE_RUN (an em space, say).
const OTHER_SPACE = /[^\S \n]/;
const LINE_EDGE_SPACE = /[^\S\n]+(?=\n|$)|(?<=^|\n)[^\S\n]+/g;

/**
 * Collapses spaces within lines, trims every line (as String#trim does) and keeps at
 * most one blank line between paragraphs. It runs on every description stored, so it
 * works on the whole text rather than line by line; a test checks it against the
 * line-by-line definition.
 */
export function tidyText(text: string): string {
  const collapsed = (text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text).replace(SPACE_RUN, ' ');
  // After SPACE_RUN a line starts or ends with at most one plain space, unless other
  // whitespace is left: then the general (slower) pattern.
  const trimmed = OTHER_SPACE.test(collapsed)
    ? collapsed.replace(LINE_EDGE_SPACE, '')
    : collapsed.replace(/ ?\n ?/g, '\n');
  return trimmed.replace(/\n{3,}/g, '\n\n').trim();
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
