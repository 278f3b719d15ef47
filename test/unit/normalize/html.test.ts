import { describe, expect, it } from 'vitest';
import { decodeEntities } from '../../../src/ingest/normalize/entities.ts';
import {
  isEntityEscapedHtml,
  sanitizedDescription,
  textToSafeHtml,
  tidyText,
} from '../../../src/ingest/normalize/html.ts';

const toSafeHtml = (input: unknown) => sanitizedDescription(input).html;
const htmlToText = (input: unknown) => sanitizedDescription(input).text;

describe('decodeEntities', () => {
  it.each([
    ['a &amp; b', 'a & b'],
    ['&#x2F;path&#x2F;', '/path/'],
    ['We&#x27;re &#39;here&#39;', "We're 'here'"],
    ['&lt;p&gt;', '<p>'],
    ['&amp;lt;', '&lt;'], // once, not twice
    ['a&nbsp;b', 'a\u00a0b'],
    ['&ndash; &mdash; &hellip; &rsquo;', '– — … ’'],
    ['AT&T and R&D', 'AT&T and R&D'],
    ['&unknown; &#0; &#xD800;', '&unknown; &#0; &#xD800;'],
  ])('%j → %j', (input, expected) => {
    expect(decodeEntities(input)).toBe(expected);
  });
});

describe('isEntityEscapedHtml', () => {
  it.each([
    ['&lt;p&gt;Build&lt;/p&gt;', true],
    ['&lt;div class=&quot;x&quot;&gt;hi&lt;/div&gt;', true],
    ['<p>Use &lt;div&gt; wisely</p>', false], // real tags: a code sample, not escaping
    ['plain text with 3 &lt; 4', false],
  ])('%j → %s', (input, expected) => {
    expect(isEntityEscapedHtml(input)).toBe(expected);
  });
});

describe('toSafeHtml', () => {
  it.each([
    [
      'Greenhouse escaped body becomes real tags',
      '&lt;p&gt;Build&lt;/p&gt;&lt;ul&gt;&lt;li&gt;APIs&lt;/li&gt;&lt;/ul&gt;',
      '<p>Build</p><ul><li>APIs</li></ul>',
    ],
    ['double-escaped ampersand decodes once', '&lt;p&gt;R&amp;amp;D&lt;/p&gt;', '<p>R&amp;D</p>'],
    [
      'script and style dropped with content',
      '<p>Hi</p><script>alert(1)</script><style>p{color:red}</style>',
      '<p>Hi</p>',
    ],
    ['event handlers and styles stripped', '<p onclick="x()" style="color:red">Hi</p>', '<p>Hi</p>'],
    ['iframes dropped', '<p>a</p><iframe src="https://evil.test"></iframe>', '<p>a</p>'],
    [
      'javascript: links lose href',
      '<a href="javascript:alert(1)">x</a>',
      '<a rel="nofollow noopener noreferrer">x</a>',
    ],
    [
      'https links kept with rel',
      '<a href="https://acme.com" target="_blank">apply</a>',
      '<a href="https://acme.com" rel="nofollow noopener noreferrer">apply</a>',
    ],
    [
      'mailto kept',
      '<a href="mailto:jobs@acme.com">mail</a>',
      '<a href="mailto:jobs@acme.com" rel="nofollow noopener noreferrer">mail</a>',
    ],
    [
      'divs become paragraphs, spans unwrap',
      '<div><span>Own pipelines.</span></div>',
      '<p>Own pipelines.</p>',
    ],
    [
      'empty Ashby spacer paragraphs removed',
      '<p style="min-height:1.5em"></p><p><strong>About</strong></p>',
      '<p><strong>About</strong></p>',
    ],
    [
      'headings and emphasis kept',
      '<h2>Role</h2><p><em>x</em> <b>y</b> <i>z</i><br/></p>',
      '<h2>Role</h2><p><em>x</em> <b>y</b> <i>z</i><br /></p>',
    ],
    ['h5 folds into h4', '<h5>Perks</h5>', '<h4>Perks</h4>'],
    ['img removed', '<p>a<img src=x onerror=alert(1)></p>', '<p>a</p>'],
  ])('%s', (_name, input, expected) => {
    expect(toSafeHtml(input)).toBe(expected);
  });

  it('returns empty string for non-strings and blanks', () => {
    expect(toSafeHtml(null)).toBe('');
    expect(toSafeHtml(42)).toBe('');
    expect(toSafeHtml('   ')).toBe('');
  });
});

describe('htmlToText', () => {
  it.each([
    ['paragraphs separated by a blank line', '<p>One</p><p>Two</p>', 'One\n\nTwo'],
    ['list items one per line with bullets', '<ul><li>A</li><li>B</li></ul>', '• A\n• B'],
    ['br is a line break', 'a<br>b<br/>c', 'a\nb\nc'],
    ['entities decoded', '<p>Tom &amp; Jerry &#x2F; co&nbsp;op</p>', 'Tom & Jerry / co op'],
    ['whitespace collapsed', '<p>  lots   of\t\tspace  </p>', 'lots of space'],
    ['script content never leaks', '<p>ok</p><script>var secret=1</script>', 'ok'],
    [
      'Greenhouse escaped content',
      '&lt;p&gt;Build &lt;strong&gt;APIs&lt;/strong&gt;&lt;/p&gt;',
      'Build APIs',
    ],
    [
      'HN comment with <p> and &#x2F;',
      'Acme | Engineer | Remote<p>We&#x27;re hiring &#x2F; building.<p>Apply: https:&#x2F;&#x2F;acme.com',
      "Acme | Engineer | Remote\nWe're hiring / building.\n\nApply: https://acme.com",
    ],
    ['plain text passes through', 'Just text & more', 'Just text & more'],
  ])('%s', (_name, input, expected) => {
    expect(htmlToText(input)).toBe(expected);
  });

  it('never leaves tags or escaped tags behind', () => {
    const out = htmlToText('&lt;div&gt;&lt;h2&gt;Role&lt;/h2&gt;&lt;p&gt;x&lt;/p&gt;&lt;/div&gt;');
    expect(out).not.toMatch(/<|&lt;/);
    expect(out).toBe('Role\n\nx');
  });
});

describe('textToSafeHtml', () => {
  it('wraps paragraphs and escapes markup', () => {
    expect(textToSafeHtml('a <b>\n\nline1\nline2')).toBe('<p>a &lt;b&gt;</p><p>line1<br />line2</p>');
  });
});

describe('sanitizedDescription', () => {
  it.each([
    [
      '<p>Build&nbsp;APIs</p><ul><li>TypeScript</li><li>SQL &amp; Go</li></ul><p>Pay: $1</p>',
      '<p>Build\u00a0APIs</p><ul><li>TypeScript</li><li>SQL &amp; Go</li></ul><p>Pay: $1</p>',
      'Build APIs\n\n• TypeScript\n• SQL & Go\n\nPay: $1',
    ],
    [
      '&lt;p&gt;Escaped &amp;amp; body&lt;/p&gt;&lt;br&gt;next',
      '<p>Escaped &amp; body</p><br />next',
      'Escaped & body\n\nnext',
    ],
    [
      '<div>Lever <b>style</b></div><div><a href="https://x.test" onclick="e()">link</a></div><script>alert(1)</script>',
      '<p>Lever <b>style</b></p><p><a href="https://x.test" rel="nofollow noopener noreferrer">link</a></p>',
      'Lever style\n\nlink',
    ],
    [
      '<h2>Title</h2>Line one<br/>Line two',
      '<h2>Title</h2>Line one<br />Line two',
      'Title\nLine one\nLine two',
    ],
    // A blank paragraph goes from both, with the line break inside it.
    ['<p>a</p><p>   </p><p><br></p><p>b</p>', '<p>a</p><p>b</p>', 'a\n\nb'],
    // Blocks outside the allow-list go from the HTML but still separate words in the text.
    [
      '<table><tr><td>Python</td><td>SQL</td></tr></table><section>About</section><pre>x</pre>',
      'PythonSQLAboutx',
      'Python\n\nSQL\n\nAbout\n\nx',
    ],
    // Text that looks like markup stays text: escaped in the HTML, literal in the text.
    ['<p>&amp;lt;b&amp;gt; &lt;i&gt;</p>', '<p>&amp;lt;b&amp;gt; &lt;i&gt;</p>', '&lt;b&gt; <i>'],
  ])('%j', (input, html, text) => {
    expect(sanitizedDescription(input)).toEqual({ html, text });
  });
});

describe('tidyText', () => {
  // The definition, line by line; tidyText does the same on the whole text at once.
  const byLines = (text: string) =>
    text
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .map((line) => line.replace(/[ \t\f\v\u00a0\u200b]+/g, ' ').trim())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();

  it.each([
    ['  a   b  \n\n\n\n  c\t\td  ', 'a b\n\nc d'],
    ['a\r\nb\rc', 'a\nb\nc'],
    ['a\u2003\n\u3000b', 'a\nb'], // String#trim's whitespace at line edges
    ['a\u200b\u200bb', 'a b'],
    ['\u2028a\u2028', 'a'],
  ])('%j → %j', (input, expected) => {
    expect(tidyText(input)).toBe(expected);
    expect(byLines(input)).toBe(expected);
  });

  it('equals the line-by-line definition on any mix of whitespace', () => {
    const alphabet = [
      ' ',
      '\t',
      '\n',
      '\r',
      '\r\n',
      '\f',
      '\v',
      '\u00a0',
      '\u200b',
      '\u2003',
      '\u3000',
      '\u2028',
      '\u2029',
      '\ufeff',
      'a',
      '•',
      '.',
    ];
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 50_000; i++) {
      let s = '';
      for (let k = Math.floor(next() * 14); k > 0; k--) s += alphabet[Math.floor(next() * alphabet.length)];
      if (tidyText(s) !== byLines(s))
        expect({ input: s, got: tidyText(s) }).toEqual({ input: s, got: byLines(s) });
    }
  });
});
