/**
 * The description sanitizer as it was, on sanitize-html: the reference that
 * normalize/sanitize.ts must match (test/unit/normalize/sanitize.test.ts).
 */
import sanitizeHtml from 'sanitize-html';
import { decodeEntities } from '../../src/ingest/normalize/entities.ts';
import { tidyText, unescapeHtmlOnce } from '../../src/ingest/normalize/html.ts';
import { DROPPED_WITH_CONTENT } from '../../src/ingest/normalize/sanitize.ts';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'ul', 'ol', 'li', 'b', 'strong', 'em', 'i', 'br', 'h1', 'h2', 'h3', 'h4', 'a'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...DROPPED_WITH_CONTENT],
  transformTags: {
    div: 'p',
    h5: 'h4',
    h6: 'h4',
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener noreferrer' }),
  },
  exclusiveFilter: (frame) => frame.tag === 'p' && frame.text.trim() === '' && !frame.mediaChildren?.length,
};

/** The text, from the sanitized HTML, as it was made: regexes over the allow-listed tags. */
function textOf(safeHtml: string): string {
  if (safeHtml === '') return '';
  const blocks = safeHtml
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li>/gi, '\n• ')
    .replace(/<\/li>/gi, '')
    .replace(/<\/?(?:p|ul|ol|h[1-4])>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return tidyText(decodeEntities(blocks));
}

export function referenceSanitize(input: string): { html: string; text: string } {
  const source = unescapeHtmlOnce(input);
  if (source.trim() === '') return { html: '', text: '' };
  const html = sanitizeHtml(source, OPTIONS).trim();
  return { html, text: textOf(html) };
}
