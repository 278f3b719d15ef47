/**
 * sanitizeDescription's text and drop rules, tag by tag (issue 11 item 9: pinned where
 * mutation testing found them unchecked; the comparison with sanitize-html in
 * sanitize.test.ts ignores whitespace in the text around blocks outside the allow-list).
 */
import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from '../../../src/ingest/normalize/sanitize.ts';

describe('block elements outside the allow-list separate words in the text', () => {
  // HTML's block-level elements a description uses for layout.
  it.each([
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
  ])('<%s>', (tag) => {
    const { html, text } = sanitizeDescription(`Python<${tag}>SQL</${tag}>Go`);
    expect(text).toBe('Python\nSQL\nGo');
    expect(html).toBe('PythonSQLGo');
  });

  it('<hr> is a paragraph break', () => {
    expect(sanitizeDescription('Python<hr>SQL').text).toBe('Python\n\nSQL');
  });

  it('an inline element does not', () => {
    expect(sanitizeDescription('Py<span>thon</span> and <u>SQL</u>').text).toBe('Python and SQL');
  });
});

describe('dropped with everything inside', () => {
  it.each(['script', 'style', 'textarea', 'option', 'iframe', 'object', 'template', 'svg'])('<%s>', (tag) => {
    expect(sanitizeDescription(`<p>Keep</p><${tag}>secret</${tag}><p>this</p>`)).toEqual({
      html: '<p>Keep</p><p>this</p>',
      text: 'Keep\n\nthis',
    });
  });

  it('<embed> has no content and goes', () => {
    expect(sanitizeDescription('<p>Keep<embed src="x.swf"></p>').html).toBe('<p>Keep</p>');
  });

  it('a tag nested inside a dropped one does not end the drop', () => {
    expect(sanitizeDescription('<p>a</p><svg><g><text>x</text></g>y</svg><p>b</p>').text).toBe('a\n\nb');
  });

  it('<noscript> is dropped up to its own end tag, even with elements inside', () => {
    expect(sanitizeDescription('<p>a</p><noscript><p>enable JS</p></noscript><p>b</p>')).toEqual({
      html: '<p>a</p><p>b</p>',
      text: 'a\n\nb',
    });
  });
});

describe('<noscript> as a browser reads it: raw text up to "</noscript"', () => {
  // htmlparser2 ends the noscript early at an end tag of an element opened before it; a
  // browser (scripting on) shows none of it up to "</noscript". "secret" is the
  // enable-JavaScript notice a posting page hides.
  it.each([
    ['<p>a<noscript></p>secret<b>x</b></noscript>after</p>', '<p>a</p>after', 'a\nafter'],
    [
      '<ul><li>a<noscript></li><li>secret</li></noscript><li>b</li></ul>',
      '<ul><li>a</li><li>b</li></ul>',
      '• a\n• b',
    ],
    ['<b>a<noscript></b>secret</noscript>c</b>', '<b>a</b>c', 'ac'],
    ['<p>x</p><noscript><p>y</noscript>z', '<p>x</p>z', 'x\nz'],
  ])('%j', (input, html, text) => {
    expect(sanitizeDescription(input)).toEqual({ html, text });
  });
});

describe('kept tags and their text', () => {
  it('headings, lists and line breaks', () => {
    expect(
      sanitizeDescription('<h1>A</h1><h3>B</h3><h5>C</h5><ol><li>one</li><li>two</li></ol>x<br>y'),
    ).toEqual({
      html: '<h1>A</h1><h3>B</h3><h4>C</h4><ol><li>one</li><li>two</li></ol>x<br />y',
      text: 'A\n\nB\n\nC\n\n• one\n• two\nx\ny',
    });
  });

  it('links keep a safe href and get our rel; others lose the href', () => {
    expect(sanitizeDescription('<a href="mailto:jobs@acme.test" target="_blank">mail</a>').html).toBe(
      '<a href="mailto:jobs@acme.test" rel="nofollow noopener noreferrer">mail</a>',
    );
    expect(sanitizeDescription('<a href="javascript:alert(1)">x</a>').html).toBe(
      '<a rel="nofollow noopener noreferrer">x</a>',
    );
    expect(sanitizeDescription('<a href="/jobs?a=1&b=&quot;2&quot;">x</a>').html).toBe(
      '<a href="/jobs?a=1&amp;b=&quot;2&quot;" rel="nofollow noopener noreferrer">x</a>',
    );
  });

  it('"<" and ">" in a link are escaped in the attribute', () => {
    expect(sanitizeDescription('<a href="https://x.test/?q=<b>">x</a>').html).toBe(
      '<a href="https://x.test/?q=&lt;b&gt;" rel="nofollow noopener noreferrer">x</a>',
    );
  });

  it('an empty paragraph goes, a paragraph with a link or text stays', () => {
    expect(sanitizeDescription('<p> </p><p><b> </b></p><p>x</p>').html).toBe('<p>x</p>');
    expect(sanitizeDescription('<div> </div>x').html).toBe('<p> </p>x');
  });

  it('only markup and spaces: nothing', () => {
    expect(sanitizeDescription('<p> </p><script>x</script>')).toEqual({ html: '', text: '' });
  });
});
