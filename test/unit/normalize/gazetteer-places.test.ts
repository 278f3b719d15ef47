import { describe, expect, it } from 'vitest';
import { isAmbiguous, resolveCity } from '../../../src/ingest/normalize/cities.ts';
import { countryOfDomain, parseLocations, resolveLocations } from '../../../src/ingest/normalize/location.ts';
import { p, parts, places } from '../../helpers/places.ts';

// Places resolved through the GeoNames gazetteer (issue 11 item 2): the classes of
// location strings the hand-written table got wrong.

describe('street addresses keep the city and drop the street', () => {
  it.each([
    ['665 Clyde Avenue, Mountain View,  CA, USA', [p('Mountain View', 'CA', 'US')]],
    ['2116 Penn Ave Pittsburgh, PA 15222', [p('Pittsburgh', 'PA', 'US')]],
    ['600 Superior Ave Suite #1000 10th Floor Cleveland, OH 44114', [p('Cleveland', 'OH', 'US')]],
    ['53061 Nadine St., South Bend, IN 46637', [p('South Bend', 'IN', 'US')]],
    ['7510 South Federal Hwy. Port St. Lucie, FL 34952', [p('Port Saint Lucie', 'FL', 'US')]],
    ['Melbourne, FL 32901', [p('Melbourne', 'FL', 'US')]], // FL is no floor
    ['12-40 Main Street', []],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });
});

describe('names the table cut or turned around', () => {
  it.each([
    ['Des Moines', [p('Des Moines', 'IA', 'US')]],
    ['Des Moines, IA Denver, CO', [p('Des Moines', 'IA', 'US'), p('Denver', 'CO', 'US')]],
    ['Mexico, Mexico City', [p('Mexico City', null, 'MX')]],
    ['Mexico', [p(null, null, 'MX')]],
    ['United States, California, Los Angeles', [p('Los Angeles', 'CA', 'US')]],
    ['Movable Ink - Toronto', [p('Toronto', 'ON', 'CA')]],
    ['Halifax Regional Municipality, NS, Canada', [p('Halifax', 'NS', 'CA')]],
    ['Colorado, United States', [p(null, 'CO', 'US')]],
    ['Nicosia', [p('Nicosia', null, 'CY')]],
    ['Greater Noida', [p('Greater Noida', null, 'IN')]],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });

  it('drops a structured city the gazetteer lacks in its stated country ("Des" for Des Moines)', () => {
    expect(places('Remote', { city: 'Des', country: 'USA' })).toEqual([p(null, null, 'US')]);
    expect(places('Portugal', { city: 'Portugal', country: 'Portugal' })).toEqual([p(null, null, 'PT')]);
    expect(places('Singapore', { city: 'Singapore', country: 'Singapore' })).toEqual([
      p('Singapore', null, 'SG'),
    ]);
  });
});

describe('"City, ST": US states and Canadian provinces', () => {
  it.each([
    ['Paris, TX', [p('Paris', 'TX', 'US')]],
    ['Cambridge, MA', [p('Cambridge', 'MA', 'US')]],
    ['Cambridge, UK', [p('Cambridge', null, 'GB')]],
    ['Cambridge, Ontario, Canada', [p('Cambridge', 'ON', 'CA')]],
    ['Toronto, CA', [p('Toronto', 'ON', 'CA')]], // Canada: no Toronto in California
    ['Richmond, CA', [p('Richmond', 'CA', 'US')]], // both have one: the state
    ['Hollywood, LA', [p('Hollywood', 'CA', 'US')]], // LA the city, not Louisiana
    ['Munich, BY', [p('Munich', null, 'DE')]], // Bavaria, not Belarus
    ['US - MA - Wilmington', [p('Wilmington', 'MA', 'US')]], // MA after US is no Morocco
    ['Walnut CA', [p('Walnut', 'CA', 'US')]],
    ['Albany, New York', [p('Albany', 'NY', 'US')]],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });
});

describe('multi-location strings', () => {
  it.each([
    [
      'Amsterdam, Berlin, Munich, Ghent (EU) On-site/hybrid',
      [p('Amsterdam', null, 'NL'), p('Berlin', null, 'DE'), p('Munich', null, 'DE'), p('Ghent', null, 'BE')],
    ],
    [
      'Boston (Onsite), New York (Onsite) Preferred, or Remote',
      [p('Boston', 'MA', 'US'), p('New York', 'NY', 'US')],
    ],
    ['Bethesda, MD, Boston, MA', [p('Bethesda', 'MD', 'US'), p('Boston', 'MA', 'US')]],
    ['Chantilly/Herndon, VA', [p('Chantilly', 'VA', 'US'), p('Herndon', 'VA', 'US')]],
    ['Melbourne, VIC; Sydney, NSW', [p('Melbourne', 'VIC', 'AU'), p('Sydney', 'NSW', 'AU')]],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });
});

describe('"Remote — EU/US/anywhere": an area is no country', () => {
  it.each([
    ['Remote — EU', [], ['EU']],
    ['Remote (Europe)', [], ['Europe']],
    ['REMOTE (EU/Asia/Americas)', [], ['EU', 'Asia', 'Americas']],
    ['Remote, anywhere', [], ['Worldwide']],
    ['Remote - EMEA', [], ['EMEA']],
    ['Remote — US', [p(null, null, 'US')], []],
    ['Remote (US/Canada)', [p(null, null, 'US')], []],
    ['Remote (in the U.S.)', [p(null, null, 'US')], []],
    ['Remote in US & CAN', [p(null, null, 'US')], []],
    ['Anywhere in the United States', [p(null, null, 'US')], []],
    ['Multiple US Locations', [p(null, null, 'US')], []],
    ['Greece - Remote – Full-Time', [p(null, null, 'GR')], []],
    ['REMOTE (all remote); Hiring GMT-8 to GMT+2', [], []],
    ['Hybrid (NYC)', [p('New York', 'NY', 'US')], []],
    ['Onsite (Burlingame, CA)', [p('Burlingame', 'CA', 'US')], []],
  ])('%j', (text, expectedPlaces, expectedAreas) => {
    const result = resolveLocations(text);
    expect(parts(result.places)).toEqual(expectedPlaces);
    expect(result.areas).toEqual(expectedAreas);
  });

  it('does not take the employer address for the place of a job remote from the EU', () => {
    const result = resolveLocations('Remote from EU', { country: 'Estonia' });
    expect(result).toEqual({ places: [], areas: ['EU'] });
  });
});

describe('namesakes: the posting’s evidence, then weighted population', () => {
  it('weighs population, a US city 3×', () => {
    expect(places('Cambridge')).toEqual([p('Cambridge', 'MA', 'US')]); // 110k × 3 > 158k (GB), 120k (ON)
    expect(places('London')).toEqual([p('London', null, 'GB')]);
    expect(places('Paris')).toEqual([p('Paris', null, 'FR')]);
    expect(places('Santa Clara')).toEqual([p('Santa Clara', 'CA', 'US')]); // not Cuba
    expect(places('Springfield')).toEqual([p('Springfield', 'MO', 'US')]);
  });

  it("prefers the countries the posting's other places name", () => {
    expect(places('Cambridge; London, UK')).toEqual([p('Cambridge', null, 'GB'), p('London', null, 'GB')]);
    expect(places('Waterloo / Toronto')).toEqual([p('Waterloo', 'ON', 'CA'), p('Toronto', 'ON', 'CA')]);
    expect(places('Cambridge', { country: 'United Kingdom' })).toEqual([p('Cambridge', null, 'GB')]);
    // A preference is a weight, not a rule: London beside a US office is still London, GB.
    expect(places('San Francisco, CA; London')).toEqual([
      p('San Francisco', 'CA', 'US'),
      p('London', null, 'GB'),
    ]);
  });

  it("prefers the company's country (a country-code domain)", () => {
    expect(places('Cambridge', null, { companyDomain: 'acme.co.uk' })).toEqual([p('Cambridge', null, 'GB')]);
    expect(countryOfDomain('acme.co.uk')).toBe('GB');
    expect(countryOfDomain('acme.de')).toBe('DE');
    expect(countryOfDomain('acme.io')).toBeNull(); // used as a generic domain
    expect(countryOfDomain('acme.com')).toBeNull();
  });

  it('tells ambiguous names from clear ones', () => {
    expect(isAmbiguous('Cambridge')).toBe(true);
    expect(isAmbiguous('Toronto')).toBe(false);
    expect(resolveCity('Cambridge', { countryCode: 'GB' })?.countryCode).toBe('GB');
    expect(resolveCity('Cambridge', { region: 'ON' })?.countryCode).toBe('CA');
  });
});

describe('coordinates', () => {
  it("carries the gazetteer city's latitude and longitude, and none for a name it lacks", () => {
    const [berlin] = parseLocations('Berlin');
    expect(berlin?.latitude).toBeCloseTo(52.52, 1);
    expect(berlin?.longitude).toBeCloseTo(13.41, 1);
    const [sf] = parseLocations('SF');
    expect(sf).toMatchObject({ city: 'San Francisco', latitude: expect.closeTo(37.77, 1) });
    const [smallville] = parseLocations('Smallville');
    expect(smallville).toEqual({ city: 'Smallville', region: null, countryCode: null });
    const [country] = parseLocations('Germany');
    expect(country).toEqual({ city: null, region: null, countryCode: 'DE' });
  });
});
