import { describe, expect, it } from 'vitest';
import { normalizePosting } from '../../../src/ingest/normalize/index.ts';
import { repairHtmlEscapes, repairMojibake, repairText } from '../../../src/ingest/normalize/mojibake.ts';

describe('repairMojibake (issue 11)', () => {
  it.each([
    ['Companyâ€™s mission', 'Company’s mission'],
    ['CafÃ© in MÃ¼nchen', 'Café in München'],
    ['â€œQuotedâ€\u009d', '“Quoted”'],
    ['effectively â€¦â€¦..Eye', 'effectively ……..Eye'],
    // Twice over, as in the LinkedIn export: "•" read as Windows-1252, then as Latin-1.
    ['Ã¢â\u0082¬Â¢ Experience', '• Experience'],
    ['Â\u00a0non-breaking', '\u00a0non-breaking'],
  ])('%j → %j', (input, expected) => {
    expect(repairMojibake(input)).toBe(expected);
  });

  it.each([
    ['für'],
    ['café'],
    ['Zürich – Genève'],
    ['São Paulo'],
    ['naïve résumé'],
    ['Ã alone'],
    ['plain ascii'],
  ])('leaves correct text alone: %j', (text) => {
    expect(repairMojibake(text)).toBe(text);
  });
});

describe('twice-escaped entity references', () => {
  it('HTML: "&amp;#39;" and "&amp;nbsp;" are escaped once; a real "&amp;" stays', () => {
    expect(repairHtmlEscapes('<p>Let&amp;#39;s go&amp;nbsp;now, R&amp;D &amp;unknown;</p>')).toBe(
      '<p>Let&#39;s go&nbsp;now, R&amp;D &amp;unknown;</p>',
    );
  });

  it('plain text: references left after the field was decoded are decoded', () => {
    expect(repairText('Y Combinator&#39;s Work')).toBe("Y Combinator's Work");
    expect(repairText('one &ndash; in which')).toBe('one – in which');
    expect(repairText('AT&T and R&D')).toBe('AT&T and R&D');
  });
});

describe('normalizePosting repairs titles, companies and descriptions', () => {
  it('on every text field a job shows', () => {
    const result = normalizePosting({
      source: 'generic',
      board: 'b',
      externalId: '1',
      title: 'Engineer &amp;amp; Architect â€“ Platform',
      companyName: 'Ã‰cole Ltd',
      descriptionHtml: '<p>The Companyâ€™s team &amp;amp; Let&amp;#39;s go</p>',
      payload: {},
    });
    expect(result.ok && result.job).toMatchObject({
      title: 'Engineer & Architect – Platform',
      companyName: 'École Ltd',
      descriptionText: "The Company’s team & Let's go",
    });
  });
});
