/**
 * decodeEntities on the references job postings use (issue 11 item 9: pinned where
 * mutation testing found the rules unchecked). The expected characters are the HTML
 * standard's for each name.
 */
import { describe, expect, it } from 'vitest';
import { decodeEntities } from '../../../src/ingest/normalize/entities.ts';

describe('named references', () => {
  it.each([
    ['amp', '&'],
    ['lt', '<'],
    ['gt', '>'],
    ['quot', '"'],
    ['apos', "'"],
    ['nbsp', '\u00a0'],
    ['ensp', '\u2002'],
    ['emsp', '\u2003'],
    ['thinsp', '\u2009'],
    ['zwnj', '\u200c'],
    ['zwj', '\u200d'],
    ['shy', '\u00ad'],
    ['ndash', '\u2013'],
    ['mdash', '\u2014'],
    ['hellip', '\u2026'],
    ['lsquo', '\u2018'],
    ['rsquo', '\u2019'],
    ['sbquo', '\u201a'],
    ['ldquo', '\u201c'],
    ['rdquo', '\u201d'],
    ['bdquo', '\u201e'],
    ['laquo', '\u00ab'],
    ['raquo', '\u00bb'],
    ['bull', '\u2022'],
    ['middot', '\u00b7'],
    ['copy', '\u00a9'],
    ['reg', '\u00ae'],
    ['trade', '\u2122'],
    ['deg', '\u00b0'],
    ['plusmn', '\u00b1'],
    ['times', '\u00d7'],
    ['divide', '\u00f7'],
    ['euro', '\u20ac'],
    ['pound', '\u00a3'],
    ['yen', '\u00a5'],
    ['cent', '\u00a2'],
    ['sect', '\u00a7'],
    ['para', '\u00b6'],
    ['frac12', '\u00bd'],
    ['frac14', '\u00bc'],
    ['frac34', '\u00be'],
    ['rarr', '\u2192'],
    ['larr', '\u2190'],
    ['check', '\u2713'],
    ['auml', '\u00e4'],
    ['ouml', '\u00f6'],
    ['uuml', '\u00fc'],
    ['Auml', '\u00c4'],
    ['Ouml', '\u00d6'],
    ['Uuml', '\u00dc'],
    ['szlig', '\u00df'],
    ['eacute', '\u00e9'],
    ['egrave', '\u00e8'],
    ['ecirc', '\u00ea'],
    ['Eacute', '\u00c9'],
    ['aacute', '\u00e1'],
    ['agrave', '\u00e0'],
    ['acirc', '\u00e2'],
    ['iacute', '\u00ed'],
    ['oacute', '\u00f3'],
    ['ocirc', '\u00f4'],
    ['uacute', '\u00fa'],
    ['ntilde', '\u00f1'],
    ['ccedil', '\u00e7'],
    ['aring', '\u00e5'],
    ['oslash', '\u00f8'],
    ['aelig', '\u00e6'],
  ])('&%s; is %j', (name, char) => {
    expect(decodeEntities(`a&${name};b`)).toBe(`a${char}b`);
  });

  it('names are case-sensitive and unknown ones stay as written ("AT&T", "&Eacute" ≠ "&eacute")', () => {
    expect(decodeEntities('&EURO; &Ntilde; &bogus; AT&T')).toBe('&EURO; &Ntilde; &bogus; AT&T');
  });
});

describe('references without the closing ";"', () => {
  it('only the legacy core set is decoded without it', () => {
    expect(decodeEntities('R&amp D &lt 5 &gt 3 &quot;x&quot &nbsp.')).toBe('R& D < 5 > 3 "x" \u00a0.');
    expect(decodeEntities('&copy 2026 &eacute &hellip')).toBe('&copy 2026 &eacute &hellip');
  });

  it('a longer word that starts like a name is not a reference ("&amplifier")', () => {
    expect(decodeEntities('Bass &amplifier')).toBe('Bass &amplifier');
  });
});

describe('numeric references', () => {
  it.each([
    ['&#39;', "'"],
    ['&#8217;', '\u2019'],
    ['&#x2019;', '\u2019'],
    ['&#X2019;', '\u2019'],
    ['&#xe9;', '\u00e9'],
    ['&#233', '\u00e9'],
    ['&#x1F600;', '\u{1f600}'],
    ['&#x10FFFF;', '\u{10ffff}'],
    ['&#xE000;', '\ue000'],
    ['&#1;', '\u0001'],
  ])('%j → %j', (ref, char) => {
    expect(decodeEntities(ref)).toBe(char);
  });

  it.each([['&#0;'], ['&#x110000;'], ['&#1114112;'], ['&#xD800;'], ['&#xDFFF;'], ['&#55296;']])(
    '%j is no character and stays as written',
    (ref) => {
      expect(decodeEntities(ref)).toBe(ref);
    },
  );
});
