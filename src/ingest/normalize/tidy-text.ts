/** Whitespace tidying for plain text made from descriptions (html.ts, sanitize.ts). */

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
