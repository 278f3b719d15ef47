import { describe, expect, it } from 'vitest';
import { lookupCity } from '../../../src/ingest/normalize/cities.ts';
import { countryCode, currencyForCountry } from '../../../src/ingest/normalize/countries.ts';
import { parseLocations, splitLocationText } from '../../../src/ingest/normalize/location.ts';
import { lookupRegion } from '../../../src/ingest/normalize/regions.ts';
import { p, parts } from '../../helpers/places.ts';

describe('parseLocations', () => {
  it.each([
    ['ES - Barcelona, Spain', [p('Barcelona', null, 'ES')]],
    ['India - Bengaluru; India - Pune', [p('Bengaluru', null, 'IN'), p('Pune', null, 'IN')]],
    ['Remote - United States', [p(null, null, 'US')]],
    ['San Francisco, CA', [p('San Francisco', 'CA', 'US')]],
    ['New York, NY, US', [p('New York', 'NY', 'US')]],
    ['Berlin', [p('Berlin', null, 'DE')]],
    ['London, England, United Kingdom', [p('London', 'England', 'GB')]],
    // A region of the country outside North America, from country-region-data: no city.
    ['Queensland, Australia', [p(null, 'Queensland', 'AU')]],
    ['Karnataka, India', [p(null, 'Karnataka', 'IN')]],
    // ... and by its English name, from @countrystatecity/countries.
    ['Bavaria, Germany', [p(null, 'Bavaria', 'DE')]],
    ['Catalonia, Spain', [p(null, 'Catalonia', 'ES')]],
    ['Scotland, United Kingdom', [p(null, 'Scotland', 'GB')]],
    // A city of that name there is the city.
    ['Dublin, Ireland', [p('Dublin', null, 'IE')]],
    ['Hamburg, Germany', [p('Hamburg', null, 'DE')]],
    ['SF', [p('San Francisco', 'CA', 'US')]],
    ['NYC', [p('New York', 'NY', 'US')]],
    ['Remote in USA', [p(null, null, 'US')]],
    ['Beverly Hills, California, United States', [p('Beverly Hills', 'CA', 'US')]],
    ['San Francisco Bay Area', [p('San Francisco', 'CA', 'US')]],
    ['Bangalore', [p('Bengaluru', null, 'IN')]],
    ['Zürich', [p('Zurich', null, 'CH')]],
    ['Greater Seattle Area', [p('Seattle', 'WA', 'US')]],
    ['Berlin, DE', [p('Berlin', null, 'DE')]], // DE is the country here, not Delaware
    ['Wilmington, DE', [p('Wilmington', 'DE', 'US')]],
    ['Mumbai, IN', [p('Mumbai', null, 'IN')]],
    ['Paris, TX', [p('Paris', 'TX', 'US')]], // the state overrides the city table
    ['Toronto, ON', [p('Toronto', 'ON', 'CA')]],
    ['Toronto, ON, CA', [p('Toronto', 'ON', 'CA')]],
    ['CA - San Francisco', [p('San Francisco', 'CA', 'US')]],
    ['Austin, TX 78701', [p('Austin', 'TX', 'US')]],
    ['Washington, DC', [p('Washington', 'DC', 'US')]],
    ['Seattle, Washington', [p('Seattle', 'WA', 'US')]],
    ['Remote (US)', [p(null, null, 'US')]],
    ['Hybrid - NYC', [p('New York', 'NY', 'US')]],
    ['Lisbon, Portugal', [p('Lisbon', null, 'PT')]],
    ['Amsterdam, North Holland, Netherlands', [p('Amsterdam', 'North Holland', 'NL')]],
    ['Springfield, Illinois', [p('Springfield', 'IL', 'US')]],
    ['Smallville', [p('Smallville', null, null)]], // unknown city kept as text
    ['Germany', [p(null, null, 'DE')]],
    ['Texas', [p(null, 'TX', 'US')]],
  ])('%j', (text, expected) => {
    expect(parts(parseLocations(text))).toEqual(expected);
  });

  it.each([['Remote'], ['Anywhere'], ['EMEA'], ['Worldwide'], ['Multiple Locations'], [''], ['   ']])(
    '%j yields no place (remote words and regions are not cities)',
    (text) => {
      expect(parts(parseLocations(text))).toEqual([]);
    },
  );

  it('splits on every separator feeds use', () => {
    expect(parts(parseLocations('San Francisco, CA | New York, NY or Remote; London / Berlin'))).toEqual([
      p('San Francisco', 'CA', 'US'),
      p('New York', 'NY', 'US'),
      p('London', null, 'GB'),
      p('Berlin', null, 'DE'),
    ]);
  });

  it('deduplicates and drops places that only repeat part of another', () => {
    expect(parts(parseLocations('Austin, TX; Austin, Texas, United States; United States'))).toEqual([
      p('Austin', 'TX', 'US'),
    ]);
  });

  it('puts the structured place first and merges it with the same text place', () => {
    expect(
      parts(parseLocations('Austin, TX, United States', { city: 'Austin', region: 'TX', country: 'us' })),
    ).toEqual([p('Austin', 'TX', 'US')]);
    expect(parts(parseLocations('Munich', { city: 'Berlin', country: 'Germany' }))).toEqual([
      p('Berlin', null, 'DE'),
      p('Munich', null, 'DE'),
    ]);
    expect(
      parts(parseLocations(null, { city: 'London', region: 'England', country: 'United Kingdom' })),
    ).toEqual([p('London', 'England', 'GB')]);
  });

  it('ignores garbage input', () => {
    expect(parts(parseLocations(undefined))).toEqual([]);
    expect(parts(parseLocations(42 as unknown as string))).toEqual([]);
    expect(parts(parseLocations(';;; | / or'))).toEqual([]);
  });
});

describe('splitLocationText', () => {
  it('keeps commas inside one place', () => {
    expect(splitLocationText('San Francisco, CA or Austin, TX')).toEqual(['San Francisco, CA', 'Austin, TX']);
  });
});

describe('country, region and city tables', () => {
  it.each([
    ['USA', 'US'],
    ['United States of America', 'US'],
    ['us', 'US'],
    ['UK', 'GB'],
    ['England', 'GB'],
    ['Deutschland', 'DE'],
    ['Österreich', 'AT'],
    ['DEU', 'DE'],
    ['The Netherlands', 'NL'],
    ['Narnia', null],
    ['XX', null],
  ])('countryCode(%j) = %s', (text, expected) => {
    expect(countryCode(text)).toBe(expected);
  });

  it('maps countries to local currencies', () => {
    expect(currencyForCountry('DE')).toBe('EUR');
    expect(currencyForCountry('gb')).toBe('GBP');
    expect(currencyForCountry('ZZ')).toBeNull();
  });

  it('reads upper-case state codes only, so English words stay words', () => {
    expect(lookupRegion('OR')).toEqual({ code: 'OR', countryCode: 'US' });
    expect(lookupRegion('or')).toBeNull();
    expect(lookupRegion('Ontario')).toEqual({ code: 'ON', countryCode: 'CA' });
    expect(lookupRegion('CA', 'US')).toEqual({ code: 'CA', countryCode: 'US' });
    expect(lookupRegion('ON', 'US')).toBeNull();
  });

  it('knows well-known cities and their aliases, and no village named like a word', () => {
    expect(lookupCity('bengaluru')?.countryCode).toBe('IN');
    expect(lookupCity('München')?.name).toBe('Munich');
    expect(lookupCity('Washington')).toBeNull(); // the state, more often than not
    expect(lookupCity('Narnia')).toBeNull();
    expect(lookupCity('Lead')).toBeNull(); // Lead, SD: 3,000 people
  });
});
