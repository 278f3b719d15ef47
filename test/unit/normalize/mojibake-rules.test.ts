/**
 * repairMojibake on UTF-8 read as Windows-1252 (issue 11 item 9: pinned where mutation
 * testing found the rules unchecked). The garbled forms are made here with the WHATWG
 * windows-1252 decoder, the way a feed's wrong charset makes them.
 */
import { describe, expect, it } from 'vitest';
import { repairHtmlEscapes, repairMojibake, repairText } from '../../../src/ingest/normalize/mojibake.ts';

const cp1252 = new TextDecoder('windows-1252');
const garble = (text: string) => cp1252.decode(new TextEncoder().encode(text));

describe('repairMojibake', () => {
  // À..ß are C3 80..C3 9F in UTF-8: every byte of Windows-1252's 0x80–0x9F block
  // ("Ã‰cole" for "École", "Ã€ Paris" for "À Paris").
  const capitals = Array.from({ length: 32 }, (_, i) => String.fromCodePoint(0xc0 + i));
  it.each(capitals)('%s garbled is repaired', (char) => {
    const text = `${char}cole ${char}`;
    expect(garble(text)).not.toBe(text);
    expect(repairMojibake(garble(text))).toBe(text);
  });

  it.each([
    ['École à Genève', 'Ã‰cole Ã\u00a0 GenÃ¨ve'],
    ['“Quoted” – dash', 'â€œQuotedâ€\u009d â€“ dash'],
    ['Team 😀 fun', 'Team ðŸ˜€ fun'],
    ['Ünïcödé ß', 'ÃœnÃ¯cÃ¶dÃ© ÃŸ'],
    ['€50k', 'â‚¬50k'],
  ])('%j garbled once is repaired', (text, garbled) => {
    expect(garble(text)).toBe(garbled);
    expect(repairMojibake(garbled)).toBe(text);
  });

  it('three layers deep are repaired, each layer once', () => {
    const three = garble(garble(garble('Company’s café')));
    expect(repairMojibake(three)).toBe('Company’s café');
    // A fourth layer is more than the repair undoes.
    expect(repairMojibake(garble(three))).toBe(garble('Company’s café'));
  });

  it.each([
    // A lead byte followed by too few continuation bytes, or by a plain letter.
    ['Ã©tÃ', 'étÃ'],
    ['â€ only two of three', 'â€ only two of three'],
    // Decodes to a control character: not a misread sequence.
    ['Â\u0085 Â\u0080', 'Â\u0085 Â\u0080'],
    // An overlong (C0) or surrogate (ED A0 80) or out-of-range (F4 90) encoding is invalid UTF-8.
    ['À\u00af', 'À\u00af'],
    ['í\u00a0\u0080', 'í\u00a0\u0080'],
    ['ô\u0090\u0080\u0080', 'ô\u0090\u0080\u0080'],
  ])('%j → %j', (input, expected) => {
    expect(repairMojibake(input)).toBe(expected);
  });
});

describe('repairHtmlEscapes and repairText', () => {
  it('numeric and named references escaped twice are escaped once', () => {
    expect(repairHtmlEscapes('&amp;#x2019; &amp;#8217; &amp;eacute; &amp;#X41;')).toBe(
      '&#x2019; &#8217; &eacute; &#X41;',
    );
    // Without its ";" it is text that says "&amp", not a reference.
    expect(repairHtmlEscapes('Q&amp;A &amp;nbsp')).toBe('Q&amp;A &amp;nbsp');
  });

  it('plain text: references and mojibake both repaired', () => {
    expect(repairText('Caf&eacute; Ã\u00a0 Paris')).toBe('Café à Paris');
    expect(repairText('Ã‰cole')).toBe('École');
  });
});
