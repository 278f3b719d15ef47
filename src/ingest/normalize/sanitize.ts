/**
 * Description HTML → allow-listed HTML and its plain text, from one parse.
 *
 * The policy is sanitize-html's with our options (it was the implementation until it
 * turned out to be the largest single cost of normalizing a posting: its per-call option
 * set-up, per-tag frames and closures, several escaping passes, then a second pass of
 * regexes over its output for the text). Parsing stays with htmlparser2, the parser
 * sanitize-html uses, and a test compares both implementations' output on real
 * descriptions and on generated tag soup (test/unit/normalize/sanitize.test.ts).
 *
 * Safety does not depend on how odd input parses: the output is written here, from the
 * allow-list only — text escaped, tags from the list, on links only `href` (http,
 * https, mailto or relative, the scheme checked by launder as sanitize-html does) and
 * our own `rel`.
 *
 * The policy:
 * - kept: p ul ol li b strong em i br h1–h4 a; div becomes p, h5/h6 become h4;
 * - dropped with everything inside: script style textarea option noscript iframe object
 *   embed template svg (a noscript is dropped up to where a browser ends it, which can
 *   be after htmlparser2 closes it);
 * - any other tag: dropped, its text kept (a block one — table cell, section, pre — still
 *   separates its text from the next in the plain text);
 * - a <p> with only whitespace in it goes, with what is inside (Ashby's spacers);
 * - text: block tags and <br> are line breaks, list items "• ", whitespace tidied.
 */
import { Parser } from 'htmlparser2';
import { naughtyHref } from 'launder';
import { tidyText } from './tidy-text.ts';

const KEPT: Readonly<Record<string, string>> = {
  p: 'p',
  div: 'p',
  ul: 'ul',
  ol: 'ol',
  li: 'li',
  b: 'b',
  strong: 'strong',
  em: 'em',
  i: 'i',
  br: 'br',
  h1: 'h1',
  h2: 'h2',
  h3: 'h3',
  h4: 'h4',
  h5: 'h4',
  h6: 'h4',
  a: 'a',
};

/** Tags dropped with everything inside them (the rest of the unlisted tags keep their text). */
export const DROPPED_WITH_CONTENT: readonly string[] = [
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
];
const DROPPED = new Set(DROPPED_WITH_CONTENT);

/**
 * Block elements outside the allow-list (tables, sections, <pre>…): dropped from the HTML
 * like any other tag, but their edges are line breaks in the text, so that
 * `<td>Python</td><td>SQL</td>` is two words there, not "PythonSQL".
 */
export const TEXT_BREAKING_TAGS: readonly string[] = [
  'address',
  'article',
  'aside',
  'blockquote',
  'caption',
  'dd',
  'details',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'header',
  'hgroup',
  'hr',
  'main',
  'nav',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
];
const BLOCKS = new Set(TEXT_BREAKING_TAGS);

const LINK_REL = 'nofollow noopener noreferrer';
const LINK_SCHEMES = { allowedSchemes: ['http', 'https', 'mailto'], allowProtocolRelative: false };

/** What each kept tag adds to the text where it closes and where it opens. */
const TEXT_AT_CLOSE: Readonly<Record<string, string>> = Object.fromEntries(
  ['p', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4'].map((tag) => [tag, '\n']),
);
const TEXT_AT_OPEN: Readonly<Record<string, string>> = { ...TEXT_AT_CLOSE, li: '\n• ', br: '\n' };

interface Frame {
  /** The tag as written (a <div> is a "div" here even though it is written as <p>). */
  tag: string;
  /** The tag written out, or null for a dropped one. */
  out: string | null;
  /** Where this element starts in the HTML and in the text (to take it back out). */
  htmlAt: number;
  textAt: number;
  /** All text inside it. */
  inner: string;
}

export interface SanitizedDescription {
  html: string;
  text: string;
}

function escapeText(s: string): string {
  return /[&<>]/.test(s) ? s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : s;
}

function escapeAttribute(s: string): string {
  return /[&<>"]/.test(s)
    ? s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
    : s;
}

/** ` href="…" rel="…"` in the order the attributes came (our rel takes an existing one's place). */
function linkAttributes(attribs: Record<string, string>): string {
  let out = '';
  for (const [name, value] of Object.entries({ ...attribs, rel: LINK_REL })) {
    if (name === 'rel') out += ` rel="${LINK_REL}"`;
    else if (name === 'href' && value !== '' && !naughtyHref(value, LINK_SCHEMES))
      out += ` href="${escapeAttribute(value)}"`;
  }
  return out;
}

/** Where a browser ends a <noscript> opened at `from`: its first `</noscript` end tag. */
function rawTextEnd(source: string, from: number): number {
  const re = /<\/noscript[\t\n\f\r />]/gi;
  re.lastIndex = from;
  const match = re.exec(source);
  return match ? match.index : Number.POSITIVE_INFINITY;
}

/** Allow-listed HTML (trimmed) and its plain text. The input is markup, not escaped markup. */
export function sanitizeDescription(source: string): SanitizedDescription {
  let html = '';
  let text = '';
  const stack: Frame[] = [];
  // Inside a tag dropped with its content: how many tags deep.
  let skipDepth = 0;
  // A dropped <noscript> whose content a browser reads as text up to this offset.
  let noscriptEnd: number | null = null;
  let inNoscriptText = false;

  const leaveNoscriptText = () => {
    if (noscriptEnd !== null && parser.startIndex >= noscriptEnd) {
      noscriptEnd = null;
      inNoscriptText = false;
    }
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        leaveNoscriptText();
        if (inNoscriptText) return;
        if (skipDepth > 0) {
          skipDepth++;
          return;
        }
        const out = KEPT[name] ?? null;
        stack.push({ tag: name, out, htmlAt: html.length, textAt: text.length, inner: '' });
        if (out === null) {
          if (DROPPED.has(name)) {
            skipDepth = 1;
            if (name === 'noscript') noscriptEnd = rawTextEnd(source, parser.endIndex + 1);
          } else if (BLOCKS.has(name)) text += '\n';
          return;
        }
        html += out === 'a' ? `<a${linkAttributes(attribs)}>` : out === 'br' ? '<br />' : `<${out}>`;
        text += TEXT_AT_OPEN[out] ?? '';
      },
      ontext(chunk) {
        leaveNoscriptText();
        if (skipDepth > 0 || inNoscriptText) return;
        html += escapeText(chunk);
        text += chunk;
        const last = stack.at(-1);
        if (last) last.inner += chunk;
      },
      onclosetag(name) {
        leaveNoscriptText();
        if (inNoscriptText) {
          // Still in what a browser reads as the noscript's text: only elements opened
          // before it close, so the output stays balanced.
          if (stack.at(-1)?.tag !== name) return;
        } else if (skipDepth > 0) {
          skipDepth--;
          if (skipDepth > 0) return;
          if (noscriptEnd !== null) inNoscriptText = true;
        }
        const frame = stack.pop();
        if (!frame) return;
        if (frame.tag !== name) {
          stack.push(frame);
          return;
        }
        const parent = stack.at(-1);
        if (frame.out === null) {
          if (parent) parent.inner += frame.inner;
          if (BLOCKS.has(name)) text += '\n';
          return;
        }
        if (frame.tag === 'p' && frame.inner.trim() === '') {
          html = html.slice(0, frame.htmlAt);
          text = text.slice(0, frame.textAt);
          return;
        }
        if (parent) parent.inner += frame.inner;
        if (frame.out === 'br') return;
        html += `</${frame.out}>`;
        text += TEXT_AT_CLOSE[frame.out] ?? '';
      },
    },
    { decodeEntities: true },
  );
  parser.write(source);
  parser.end();
  html = html.trim();
  return { html, text: html === '' ? '' : tidyText(text) };
}
