/**
 * City names as postings write them and GeoNames does not (issue 11 item 2, real cases from
 * ../shared/data): an article one side drops, a borough for its city, a city named with its
 * country, and cities joined by a slash before the state they share. Expected values are what
 * the location text says.
 */
import { describe, expect, it } from 'vitest';
import { isCityIn, resolveCity } from '../../../src/ingest/normalize/cities.ts';
import { p, places } from '../../helpers/places.ts';

describe('an article GeoNames writes and the posting does not, or the reverse', () => {
  it.each([
    ['Al-Khobar', [p('Khobar', null, 'SA')]],
    ['Al Khobar, Saudi Arabia', [p('Khobar', null, 'SA')]],
    ['Woodlands, TX', [p('The Woodlands', 'TX', 'US')]],
    ['The Woodlands, TX', [p('The Woodlands', 'TX', 'US')]],
    // A name found as written is not looked for without its article.
    ['El Paso, TX', [p('El Paso', 'TX', 'US')]],
    ['El Segundo, CA', [p('El Segundo', 'CA', 'US')]],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });

  it('fits the article-less name to the context too: no Khobar in the US', () => {
    expect(resolveCity('Al-Khobar', { countryCode: 'SA' })?.name).toBe('Khobar');
    expect(resolveCity('Al-Khobar', { countryCode: 'US' })).toBeNull();
  });
});

describe('boroughs and names with their country', () => {
  it.each([
    ['Bronx', [p('New York', 'NY', 'US')]],
    ['The Bronx, NY', [p('New York', 'NY', 'US')]],
    ['Queens, NY', [p('New York', 'NY', 'US')]],
    ['Staten Island', [p('New York', 'NY', 'US')]],
    ['Santiago de Chile', [p('Santiago', null, 'CL')]],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });
});

describe('cities joined by a slash before the state or country they share', () => {
  it.each([
    ['Dallas/Fort Worth, TX', [p('Dallas', 'TX', 'US'), p('Fort Worth', 'TX', 'US')]],
    ['Hershey/Mechanicsburg, PA', [p('Hershey', 'PA', 'US'), p('Mechanicsburg', 'PA', 'US')]],
    ['Berlin/Munich, Germany', [p('Berlin', null, 'DE'), p('Munich', null, 'DE')]],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });

  it('keeps the piece whole when one part is no city there', () => {
    expect(places('Remote/Austin, TX')).toEqual([p('Austin', 'TX', 'US')]);
    expect(isCityIn('Remote', 'TX')).toBe(false);
    expect(isCityIn('Austin', 'Texas')).toBe(true);
    expect(isCityIn('Toronto', 'Canada')).toBe(true);
    expect(isCityIn('Toronto', 'Germany')).toBe(false);
  });
});

describe('a conjunction before a workplace word', () => {
  it.each([
    ['NYC and Remote', [p('New York', 'NY', 'US')]],
    ['Montréal ou Québec', [p('Montreal', 'QC', 'CA')]],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });
});

describe('"and" and "&" between cities', () => {
  it.each([
    ['San Francisco and New York City', [p('San Francisco', 'CA', 'US'), p('New York', 'NY', 'US')]],
    ['Riyadh & Jeddah', [p('Riyadh', null, 'SA'), p('Jeddah', null, 'SA')]],
    ['Cairo, Egypt & London, UK', [p('Cairo', null, 'EG'), p('London', null, 'GB')]],
    // The last part's state is the others' where it has a city of that name.
    ['Marion & Shelby, NC', [p('Marion', 'NC', 'US'), p('Shelby', 'NC', 'US')]],
    // Countries named with "and", and areas, are not split.
    ['Trinidad and Tobago', [p(null, null, 'TT')]],
    ['Bosnia and Herzegovina', [p(null, null, 'BA')]],
    ['Asia & Pacific', []],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });
});

describe("a Brazilian state's code that is also a country's or a US state's", () => {
  it.each([
    ['Curitiba (PR)', [p('Curitiba', null, 'BR')]],
    ['Florianópolis (SC)', [p('Florianópolis', null, 'BR')]],
    ['Salvador (BA)', [p('Salvador', null, 'BR')]],
    [
      'São Paulo (SP), Fortaleza (CE) ou Curitiba (PR)',
      [p('São Paulo', null, 'BR'), p('Fortaleza', null, 'BR'), p('Curitiba', null, 'BR')],
    ],
    // A city the code's country or state has keeps the code.
    ['San Juan (PR)', [p('San Juan', null, 'PR')]],
    ['Paris (TX)', [p('Paris', 'TX', 'US')]],
    ['Kingston (ON)', [p('Kingston', 'ON', 'CA')]],
    ['Springfield (IL)', [p('Springfield', 'IL', 'US')]],
    ['Lisbon (PT)', [p('Lisbon', null, 'PT')]],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });
});

describe('a state or country code first, a space, then a city', () => {
  it.each([
    ['MA Boston', [p('Boston', 'MA', 'US')]],
    ['UK London', [p('London', null, 'GB')]],
    ['DE Wilmington', [p('Wilmington', 'DE', 'US')]],
    ['DE Berlin', [p('Berlin', null, 'DE')]],
    ['Chicago; MA Boston', [p('Chicago', 'IL', 'US'), p('Boston', 'MA', 'US')]],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });

  it('a word after the code that is no city there makes no place of that state', () => {
    expect(places('LA Fitness').some((place) => place.region === 'LA' || place.countryCode === 'US')).toBe(
      false,
    );
  });
});
