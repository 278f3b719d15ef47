/**
 * Every ISO 3166-1 country is a country (issue 11 item 2: places from a well-kept
 * package, not a hand-written list). The table countries.ts wrote by hand had 116, so
 * "Moscow, Russia", "Tehran, Iran" and a bare "RU" named no country, and "Palestine" was
 * the town in Texas (stop 23).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { countryCode, isKnownCountryCode } from '../../../src/ingest/normalize/countries.ts';
import { parseLocations } from '../../../src/ingest/normalize/location.ts';

const packageCountries = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('country-region-data/data.json'), 'utf8'),
) as { countryName: string; countryShortCode: string }[];

describe('countries from country-region-data', () => {
  it('knows every country of the package, by its code and by its full name', () => {
    for (const c of packageCountries) {
      expect(isKnownCountryCode(c.countryShortCode), c.countryShortCode).toBe(true);
      expect(countryCode(c.countryName), c.countryName).toBe(c.countryShortCode);
    }
  });

  it.each([
    ['Russia', 'RU'],
    ['RU', 'RU'],
    ['Iran', 'IR'],
    ['Syria', 'SY'],
    ['Laos', 'LA'],
    ['Macedonia', 'MK'],
    ['Burma', 'MM'],
    ['Holy See', 'VA'],
    ['DRC', 'CD'],
  ])('%j is %s', (name, code) => {
    expect(countryCode(name)).toBe(code);
  });

  it('a short name two countries share names neither ("Congo")', () => {
    expect(countryCode('Congo')).toBeNull();
  });

  it('a code that is a US state, a province or a word stays what it was', () => {
    for (const code of ['MS', 'NC', 'KY', 'NA', 'TO', 'ST']) expect(countryCode(code), code).toBeNull();
    expect(parseLocations('Jackson, MS').map((p) => [p.city, p.region, p.countryCode])).toEqual([
      ['Jackson', 'MS', 'US'],
    ]);
  });

  it('places in the countries the hand-written table lacked', () => {
    const places = (text: string) => parseLocations(text).map((p) => [p.city, p.countryCode]);
    expect(places('Moscow, Russia')).toEqual([['Moscow', 'RU']]);
    expect(places('Tehran, Iran')).toEqual([['Tehran', 'IR']]);
    expect(places('Palestine')).toEqual([[null, 'PS']]);
    expect(places('Remote (EU/LatAM/NA)')).toEqual([]);
  });
});
