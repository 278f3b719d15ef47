/**
 * When a description arrived entity-escaped, and the HTML made for text-only feeds
 * (issue 11 item 9: pinned where mutation testing found the rules unchecked).
 */
import { describe, expect, it } from 'vitest';
import {
  isEntityEscapedHtml,
  sanitizedDescription,
  textToSafeHtml,
  unescapeHtmlOnce,
} from '../../../src/ingest/normalize/html.ts';

describe('isEntityEscapedHtml', () => {
  it.each([
    ['&lt;/p&gt;', true],
    ['&lt;br/&gt;', true],
    ['&lt;br /&gt;', true],
    ['&lt;P&gt;Build&lt;/P&gt;', true],
    ['&lt;h2&gt;About&lt;/h2&gt;', true],
    ['&lt;p class=&quot;x&quot;&gt;', true],
    ['&lt;p&gt;Salary: 3 < 4 > 2&lt;/p&gt;', true],
    // Not a tag: "<3", "a &lt; b", an escaped "<" before a digit or a space.
    ['I &lt;3 Python', false],
    ['a &lt; b', false],
    ['&lt;-- arrow', false],
    // One real tag, with or without attributes, and the body is real HTML.
    ['&lt;p&gt;x&lt;/p&gt;<br>', false],
    ['&lt;p&gt;x&lt;/p&gt;<br/>', false],
    ['&lt;p&gt;x&lt;/p&gt;<a href="https://x.test">y</a>', false],
    ['&lt;p&gt;x&lt;/p&gt;</div>', false],
    ['&lt;p&gt;x&lt;/p&gt;<H2>', false],
  ])('%j → %s', (input, expected) => {
    expect(isEntityEscapedHtml(input)).toBe(expected);
  });
});

describe('unescapeHtmlOnce and sanitizedDescription', () => {
  it('decodes one level only', () => {
    expect(unescapeHtmlOnce('&lt;p&gt;R&amp;amp;D&lt;/p&gt;')).toBe('<p>R&amp;D</p>');
    expect(unescapeHtmlOnce('<p>R&amp;D</p>')).toBe('<p>R&amp;D</p>');
  });

  it('no description, a blank one, or one whose escaped markup is empty gives empty HTML and text', () => {
    expect(sanitizedDescription(undefined)).toEqual({ html: '', text: '' });
    expect(sanitizedDescription(42)).toEqual({ html: '', text: '' });
    expect(sanitizedDescription(' \n ')).toEqual({ html: '', text: '' });
    expect(sanitizedDescription('&lt;p&gt; &lt;/p&gt;')).toEqual({ html: '', text: '' });
  });
});

describe('textToSafeHtml', () => {
  it('blank lines separate paragraphs, single line breaks stay inside one', () => {
    expect(textToSafeHtml('About us\n\n\n\nWhat you do\nand how')).toBe(
      '<p>About us</p><p>What you do<br />and how</p>',
    );
  });

  it('escapes every &, < and >', () => {
    expect(textToSafeHtml('R&D & QA: a<b, c>d <script>')).toBe(
      '<p>R&amp;D &amp; QA: a&lt;b, c&gt;d &lt;script&gt;</p>',
    );
  });

  it('blank text gives no paragraphs', () => {
    expect(textToSafeHtml('')).toBe('');
    expect(textToSafeHtml(' \n\n \t ')).toBe('');
  });
});
