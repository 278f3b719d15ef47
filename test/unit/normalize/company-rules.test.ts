/**
 * Company names and domains as feeds send them (issue 11 item 9: pinned where mutation
 * testing found the rules unchecked). The normalized name is a dedup key part: one
 * company's spellings must give one key.
 */
import { describe, expect, it } from 'vitest';
import {
  cleanCompanyName,
  normalizeCompanyName,
  normalizeDomain,
} from '../../../src/ingest/normalize/company.ts';

describe('cleanCompanyName: Glassdoor rating lines', () => {
  it.each([
    ['Tecolote Research\n3.8\n', 'Tecolote Research'],
    ['Acme\n3.8\n  ', 'Acme'],
    ['Acme\n\n4.5 ★', 'Acme'],
    ['Acme\n4,2 stars', 'Acme'],
    ['Acme\n4*', 'Acme'],
    ['Acme\nLabs', 'Acme Labs'],
  ])('%j → %j', (name, expected) => {
    expect(cleanCompanyName(name)).toBe(expected);
  });
});

describe('normalizeCompanyName: legal forms of many countries', () => {
  it.each([
    ['Example Technologies(Shenzhen)Co.,Ltd', 'example technologies'],
    ['Acme Inc 4.2', 'acme'],
    ['The Acme Company', 'acme company'],
    ['Acme Co. LLC', 'acme'],
    ['Acme and Co', 'acme'],
    ['Acme & Co. KG', 'acme'],
    ['Acme Pty Ltd', 'acme'],
    ['Acme Pvt. Ltd.', 'acme'],
    ['Acme Private Limited', 'acme'],
    ['Acme Pte. Ltd.', 'acme'],
    ['Acme AB', 'acme'],
    ['Acme Oyj', 'acme'],
    ['Novo Nordisk A/S', 'novo nordisk'],
    ['Acme ApS', 'acme'],
    ['Acme K.K.', 'acme'],
    ['Acme s.r.o.', 'acme'],
    ['Acme Kft.', 'acme'],
    ['Acme S.p.A.', 'acme'],
    ['Acme SAS', 'acme'],
    ['Acme N.V.', 'acme'],
    ['Acme UG (haftungsbeschränkt)', 'acme'],
    ['Acme plc.', 'acme'],
    // Luxembourg's form, written with and without its spaces and accent.
    ['Acme S.à r.l.', 'acme'],
    ['Acme S. à r.l.', 'acme'],
    ['Acme S.à.r.l.', 'acme'],
    ['Acme SARL', 'acme'],
    // Not the form: initials that only begin like it stay.
    ['Acme S.A. Resources', 'acme sa resources'],
  ])('%j → %j', (name, expected) => {
    expect(normalizeCompanyName(name)).toBe(expected);
  });

  it('a glue word goes only together with a legal form, and a name is never emptied', () => {
    expect(normalizeCompanyName('Acme and')).toBe('acme and');
    expect(normalizeCompanyName('Acme Z')).toBe('acme z');
    expect(normalizeCompanyName('The')).toBe('the');
    expect(normalizeCompanyName('AB')).toBe('ab');
    expect(normalizeCompanyName('Co & Co')).toBe('co');
    expect(normalizeCompanyName('Inc.')).toBe('inc');
  });

  it('a rating joined onto the name goes, with its star; a number inside the name stays', () => {
    expect(normalizeCompanyName('Acme 4.2 ★')).toBe('acme');
    expect(normalizeCompanyName('Acme 4,5 stars')).toBe('acme');
    expect(normalizeCompanyName('Acme 3.9 star')).toBe('acme');
    expect(normalizeCompanyName('Acme 4.2*')).toBe('acme');
    expect(normalizeCompanyName('Web 2.0 Solutions')).toBe('web 2 0 solutions');
  });

  it('a name in a script without Latin letters keeps its own key (two such companies stay two)', () => {
    expect(normalizeCompanyName('株式会社メルカリ')).toBe('株式会社メルカリ');
    expect(normalizeCompanyName('小米集团')).toBe('小米集团');
  });

  it('"J.Crew" and "J. Crew" are one company', () => {
    expect(normalizeCompanyName('J.Crew')).toBe('j crew');
    expect(normalizeCompanyName('J. Crew')).toBe('j crew');
  });

  it('"Novo Nordisk A/S" and "Novo Nordisk" are one company', () => {
    expect(normalizeCompanyName('Novo Nordisk A/S')).toBe(normalizeCompanyName('Novo Nordisk'));
  });
});

describe('normalizeDomain', () => {
  it.each([
    ['https://www.acme.com.', 'acme.com'],
    ['HTTPS://ACME.COM', 'acme.com'],
    ['acme.com:8080', 'acme.com'],
    ['www3.acme.com', 'acme.com'],
    ['https://user@acme.com', 'acme.com'],
    [' acme.com ', 'acme.com'],
    ['a.co', 'a.co'],
    ['jobs.acme.com/', 'jobs.acme.com'],
    ['https://xn--bcher-kva.de', 'xn--bcher-kva.de'],
    ['https://acme.technology', 'acme.technology'],
    ['acme.co.uk.', 'acme.co.uk'],
    [`https://${'a'.repeat(63)}.com`, `${'a'.repeat(63)}.com`],
    // A colon or a URL later in the text is no scheme of its own.
    ['https://acme.com/jobs?team=eng:platform', 'acme.com'],
    ['acme.com/apply?next=https://ats.test', 'acme.com'],
    ['acme.com//careers', 'acme.com'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeDomain(input)).toBe(expected);
  });

  it.each([
    ['http://acme'],
    ['http://1.2.3.4'],
    ['acme..com'],
    ['localhost:3000'],
    ['data:text/html,x'],
    ['javascript:alert(1)'],
    ['sftp://acme.com'],
    ['https://-acme.com'],
    ['https://acme-.com'],
    ['acme.c'],
    ['acme.123'],
    ['acme.com/a b'],
    [`https://${'a'.repeat(64)}.com`],
    // Longer than DNS allows (253 characters), or ending in a hyphen.
    [`${Array.from({ length: 5 }, () => 'a'.repeat(50)).join('.')}.com`],
    ['acme.com-'],
    [`https://acme.com/${'x'.repeat(2_000)}`],
  ])('%j is no company site', (input) => {
    expect(normalizeDomain(input)).toBeNull();
  });
});
