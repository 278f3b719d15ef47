import { describe, expect, it } from 'vitest';
import {
  cleanCompanyName,
  normalizeCompanyName,
  normalizeDomain,
} from '../../../src/ingest/normalize/company.ts';

describe('cleanCompanyName', () => {
  it.each([
    ['Tecolote Research\n3.8', 'Tecolote Research'],
    ['  Acme   Co  ', 'Acme Co'],
    ['Acme\n4', 'Acme'],
    ['Acme\r\nLabs', 'Acme Labs'],
    ['3M', '3M'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(cleanCompanyName(input)).toBe(expected);
  });

  it('returns "" for non-strings', () => {
    expect(cleanCompanyName(42)).toBe('');
  });
});

describe('normalizeCompanyName', () => {
  it.each([
    ['Acme, Inc.', 'acme'],
    ['ACME Inc', 'acme'],
    ['Acme LLC', 'acme'],
    ['Acme Ltd', 'acme'],
    ['Acme GmbH', 'acme'],
    ['Acme SA', 'acme'],
    ['Acme S.A.', 'acme'],
    ['Acme B.V.', 'acme'],
    ['Acme Corp.', 'acme'],
    ['Acme Co.', 'acme'],
    ['Acme plc', 'acme'],
    ['Foo GmbH & Co. KG', 'foo'],
    ['Zeta sp. z o.o.', 'zeta'],
    ['Baz (formerly Qux) LLC', 'baz'],
    ['Tecolote Research\n3.8', 'tecolote research'],
    ['Société Générale', 'societe generale'],
    ['The Home Depot', 'home depot'],
    ['Johnson & Johnson', 'johnson and johnson'],
    ['Acme Holdings', 'acme holdings'],
    ['Co', 'co'], // never emptied
  ])('%j → %j', (input, expected) => {
    expect(normalizeCompanyName(input)).toBe(expected);
  });

  it('makes spelling variants of one company equal', () => {
    const keys = new Set(['Acme, Inc.', 'ACME INC', 'Acme', 'acme inc.'].map(normalizeCompanyName));
    expect(keys.size).toBe(1);
  });
});

describe('normalizeDomain', () => {
  it.each([
    ['https://www.acme.com/careers', 'acme.com'],
    ['http://acme.com', 'acme.com'],
    ['acme.com', 'acme.com'],
    ['WWW.Acme.CO.UK', 'acme.co.uk'],
    ['jobs.acme.io/path?x=1', 'jobs.acme.io'],
    ['//cdn.acme.io/x', 'cdn.acme.io'],
    ['https://www2.acme.com', 'acme.com'],
    ['mailto:jobs@acme.com', null],
    ['not a domain', null],
    ['http://localhost', null],
    ['ftp://acme.com', null],
    ['', null],
  ])('%j → %s', (input, expected) => {
    expect(normalizeDomain(input)).toBe(expected);
  });

  it('returns null for non-strings', () => {
    expect(normalizeDomain(null)).toBeNull();
    expect(normalizeDomain({})).toBeNull();
  });
});
