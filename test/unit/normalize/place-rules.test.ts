/**
 * The comma list of one place (place.ts): which part is the country, the state or the
 * region abroad, and which the city (issue 11 item 9: rules that mutation testing found
 * unpinned, and the readings it led to that were wrong). Expected values are what the
 * posting's location text says.
 */
import { describe, expect, it } from 'vitest';
import { parseLocations } from '../../../src/ingest/normalize/location.ts';
import { p, places } from '../../helpers/places.ts';

describe('a list of countries is a place per country', () => {
  it.each([
    ['US, Canada', [p(null, null, 'US'), p(null, null, 'CA')]],
    ['US, UK', [p(null, null, 'US'), p(null, null, 'GB')]],
    ['UK, Ireland', [p(null, null, 'GB'), p(null, null, 'IE')]],
    ['USA, Canada, Mexico', [p(null, null, 'US'), p(null, null, 'CA'), p(null, null, 'MX')]],
    ['Germany, Austria, Switzerland', [p(null, null, 'DE'), p(null, null, 'AT'), p(null, null, 'CH')]],
    ['Remote (US, Canada)', [p(null, null, 'US'), p(null, null, 'CA')]],
    // A city-state named twice is the city and its country.
    ['Luxembourg, Luxembourg', [p('Luxembourg City', null, 'LU')]],
    ['Singapore, Singapore', [p('Singapore', null, 'SG')]],
    // A state is no country here.
    ['Georgia, US', [p(null, 'GA', 'US')]],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });
});

describe('a name that is a state and a country', () => {
  it.each([
    ['Tbilisi, Georgia', [p('Tbilisi', null, 'GE')]],
    ['Batumi, Georgia', [p('Batumi', null, 'GE')]],
    ['Atlanta, Georgia', [p('Atlanta', 'GA', 'US')]],
    ['Rome, Georgia', [p('Rome', 'GA', 'US')]],
    ['Columbus, Georgia', [p('Columbus', 'GA', 'US')]],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });
});

describe('a postal code after the city', () => {
  it.each([
    ['Dublin 2, Ireland', [p('Dublin', null, 'IE')]],
    ['Dublin 2', [p('Dublin', null, 'IE')]],
    ['Paris 75008', [p('Paris', null, 'FR')]],
    ['Berlin 10115, Germany', [p('Berlin', null, 'DE')]],
    ['Warsaw 00-001', [p('Warsaw', null, 'PL')]],
    ['10115 Berlin', [p('Berlin', null, 'DE')]],
    ['Berlin, 10115', [p('Berlin', null, 'DE')]],
    ['Austin, TX 78701', [p('Austin', 'TX', 'US')]],
    // An unknown name with a number is no city.
    ['Route 66', []],
    ['Smallville 12345', []],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });
});

describe('country, state and city in a comma list', () => {
  it.each([
    ['Austin, Texas, USA', [p('Austin', 'TX', 'US')]],
    ['Austin, USA', [p('Austin', 'TX', 'US')]],
    ['Austin, TX, United States of America', [p('Austin', 'TX', 'US')]],
    ['Portland, US', [p('Portland', 'OR', 'US')]],
    ['Boston, MA  USA', [p('Boston', 'MA', 'US')]],
    ['Boston, MA USA', [p('Boston', 'MA', 'US')]],
    ['Springfield, MO, US', [p('Springfield', 'MO', 'US')]],
    ['Springfield, Missouri, USA', [p('Springfield', 'MO', 'US')]],
    ['New York, New York', [p('New York', 'NY', 'US')]],
    ['New York, NY, USA', [p('New York', 'NY', 'US')]],
    ['Brooklyn, NY', [p('New York', 'NY', 'US')]],
    ['Manhattan, KS', [p('Manhattan', 'KS', 'US')]],
    ['Kansas City, MO', [p('Kansas City', 'MO', 'US')]],
    ['Kansas City, KS', [p('Kansas City', 'KS', 'US')]],
    ['Vancouver, Canada', [p('Vancouver', 'BC', 'CA')]],
    ['Vancouver, WA', [p('Vancouver', 'WA', 'US')]],
    ['Vancouver, BC', [p('Vancouver', 'BC', 'CA')]],
    ['Kitchener, Ontario', [p('Kitchener', 'ON', 'CA')]],
    ['London, Ontario, Canada', [p('London', 'ON', 'CA')]],
    ['London, ON', [p('London', 'ON', 'CA')]],
    ['Sydney, Nova Scotia', [p('Sydney', 'NS', 'CA')]],
    ['San Juan, PR', [p('San Juan', 'PR', 'US')]],
    ['San Juan, Puerto Rico', [p('San Juan', 'PR', 'US')]],
    ['Baton Rouge, LA', [p('Baton Rouge', 'LA', 'US')]],
    ['Cambridge, England', [p('Cambridge', null, 'GB')]],
    ['Manchester, England, UK', [p('Manchester', 'England', 'GB')]],
    ['Perth, Australia', [p('Perth', null, 'AU')]],
    ['Perth, Scotland', [p('Perth', null, 'GB')]],
    ['Perth, Western Australia', [p('Perth', 'Western Australia', 'AU')]],
    ['Sydney, NSW, Australia', [p('Sydney', 'NSW', 'AU')]],
    ['Munich, Bavaria', [p('Munich', 'Bavaria', 'DE')]],
    ['Munich, Bavaria, Germany', [p('Munich', 'Bavaria', 'DE')]],
    ['Frankfurt, Hesse', [p('Frankfurt', 'Hesse', 'DE')]],
    ['Bengaluru, Karnataka', [p('Bengaluru', 'Karnataka', 'IN')]],
    ['Bengaluru, Karnataka, India', [p('Bengaluru', 'Karnataka', 'IN')]],
    ['São Paulo, SP, Brazil', [p('São Paulo', 'SP', 'BR')]],
    ['Sao Paulo, Brazil', [p('São Paulo', null, 'BR')]],
    ['Guadalajara, Jalisco, Mexico', [p('Guadalajara', 'Jalisco', 'MX')]],
    ['Zurich, ZH', [p('Zurich', null, 'CH')]],
    ['Mexico City, CDMX', [p('Mexico City', null, 'MX')]],
    ['Tel Aviv, Israel', [p('Tel Aviv', null, 'IL')]],
    ['Vic, Spain', [p('Vic', null, 'ES')]],
    // A region written as a region: no city.
    ['Tel Aviv District, Israel', [p(null, 'Tel Aviv District', 'IL')]],
    ['Tokyo Prefecture, Japan', [p(null, 'Tokyo Prefecture', 'JP')]],
    ['Brussels-Capital, Belgium', [p(null, 'Brussels-Capital', 'BE')]],
    ['Washington', [p(null, 'WA', 'US')]],
    ['Washington, US', [p(null, 'WA', 'US')]],
    ['Washington, DC, US', [p('Washington', 'DC', 'US')]],
    ['Remote, TX', [p(null, 'TX', 'US')]],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });
});

describe('several cities, words that are no city', () => {
  it.each([
    ['Dallas, Houston, Austin', [p('Dallas', 'TX', 'US'), p('Houston', 'TX', 'US'), p('Austin', 'TX', 'US')]],
    ['Madrid, Barcelona', [p('Madrid', null, 'ES'), p('Barcelona', null, 'ES')]],
    [
      'Islamabad, Lahore, Karachi',
      [p('Islamabad', null, 'PK'), p('Lahore', null, 'PK'), p('Karachi', null, 'PK')],
    ],
    ['Amsterdam, Berlin', [p('Amsterdam', null, 'NL'), p('Berlin', null, 'DE')]],
    ['Boston, New York', [p('Boston', 'MA', 'US'), p('New York', 'NY', 'US')]],
    ['Chantilly / Herndon, VA', [p('Chantilly', 'VA', 'US'), p('Herndon', 'VA', 'US')]],
    ['Islamabad & Lahore, Pakistan', [p('Islamabad', null, 'PK'), p('Lahore', null, 'PK')]],
    ['Austin, Smallville', [p('Austin', 'TX', 'US')]],
    ['Smallville, Austin', [p('Austin', 'TX', 'US')]],
    ['Austin, Remote', [p('Austin', 'TX', 'US')]],
    ['Austin, Full-time', [p('Austin', 'TX', 'US')]],
    ['Suite 100, Austin, TX', [p('Austin', 'TX', 'US')]],
    ['Austin, TX, Suite 100', [p('Austin', 'TX', 'US')]],
    ['Paris, France, Europe', [p('Paris', null, 'FR')]],
    ['Walnut Creek CA', [p('Walnut Creek', 'CA', 'US')]],
    // City, state code and postal code without commas.
    ['Walnut Creek CA 94596', [p('Walnut Creek', 'CA', 'US')]],
    ['Austin TX 78701', [p('Austin', 'TX', 'US')]],
    ['Portland ME', [p('Portland', 'ME', 'US')]],
    // A trailing comma: the state or the country alone.
    ['Texas,', [p(null, 'TX', 'US')]],
    ['Germany,', [p(null, null, 'DE')]],
    // A town the gazetteer lacks beside "Georgia": the state.
    ['Smallville, Georgia', [p('Smallville', 'GA', 'US')]],
    // "or" splits inside parentheses too; the parenthesis is no part of the city.
    ['Hybrid (Austin or Dallas)', [p('Austin', 'TX', 'US'), p('Dallas', 'TX', 'US')]],
    ['Austin TX', [p('Austin', 'TX', 'US')]],
    ['New York NY', [p('New York', 'NY', 'US')]],
    ['or Berlin', []],
    ['and Munich', []],
    ['Saint Louis', [p('St. Louis', 'MO', 'US')]],
    ['London Office Preferred', [p('London', null, 'GB')]],
    ['TBD/Austin, TX', [p('Austin', 'TX', 'US')]],
    ['Narnia/Herndon, VA', [p('Herndon', 'VA', 'US')]],
    ['USA, California, Los Angeles', [p('Los Angeles', 'CA', 'US')]],
    // The country first as a code ("US" made the French village of Us).
    ['US, California, Los Angeles', [p('Los Angeles', 'CA', 'US')]],
    ['UK, London', [p('London', null, 'GB')]],
    // A state's code after a city that is nowhere in the country of that code: Bavaria
    // ("BY") and Baden-Württemberg ("BW"), not Belarus, for a city of 15,000 or more.
    ['Bamberg, BY', [p('Bamberg', null, 'DE')]],
    ['Munich, BY', [p('Munich', null, 'DE')]],
    ['Stuttgart, BW', [p('Stuttgart', null, 'DE')]],
    ['Minsk, BY', [p('Minsk', null, 'BY')]],
    ['DC', [p('Washington', 'DC', 'US')]],
    ['Brisbane, QLD', [p('Brisbane', 'QLD', 'AU')]],
    ['Kraków, Lesser Poland', [p('Kraków', 'Lesser Poland', 'PL')]],
    // A town the gazetteer lacks, in a state or a country: kept as written.
    ['Smallville, KS', [p('Smallville', 'KS', 'US')]],
    ['Smallville, Germany', [p('Smallville', null, 'DE')]],
    ['Frankfurt am Main', [p('Frankfurt', null, 'DE')]],
    ['Köln, Germany', [p('Cologne', null, 'DE')]],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });
});

describe('the city chosen in its state: coordinates', () => {
  it.each([
    // Springfield, IL (39.8 N), not Springfield, MO (37.2 N); London, ON, not London, GB.
    ['Springfield, IL', 39.8, -89.64],
    ['London, ON', 42.98, -81.23],
    ['Portland ME', 43.66, -70.26],
  ])('%j is at %f, %f', (text, latitude, longitude) => {
    const [place] = parseLocations(text);
    expect(place?.latitude).toBeCloseTo(latitude, 0);
    expect(place?.longitude).toBeCloseTo(longitude, 0);
  });
});

describe('a place stated with a namesake tells where the other namesakes are', () => {
  it('"Cambridge, ON; Waterloo": Waterloo, Ontario', () => {
    expect(places('Cambridge, ON; Waterloo')).toEqual([
      p('Cambridge', 'ON', 'CA'),
      p('Waterloo', 'ON', 'CA'),
    ]);
  });
});

describe('leftovers of a split are no city', () => {
  it.each([
    // One letter ("Building A, Germany" after the building is dropped; an initial).
    ['Z, Germany', [p(null, null, 'DE')]],
    ['X, CA', [p(null, 'CA', 'US')]],
    // The joining word of "Seattle or Tacoma" left alone before the state or country.
    ['Or, WA', [p(null, 'WA', 'US')]],
    ['And, Germany', [p(null, null, 'DE')]],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });
});

describe('a region or a city named alone before its country, and codes that name cities', () => {
  it.each([
    // A state alone before its country is the state, not a city named after it…
    ['Colorado, United States', [p(null, 'CO', 'US')]],
    ['Texas, United States', [p(null, 'TX', 'US')]],
    // …unless the name is a city's own (its alias): New York is the city.
    ['New York, United States', [p('New York', 'NY', 'US')]],
    // A district, prefecture or province word names a region the gazetteer lacks.
    ['Tel Aviv District, Israel', [p(null, 'Tel Aviv District', 'IL')]],
    // Two cities, not Boston in New York State.
    ['Boston, New York', [p('Boston', 'MA', 'US'), p('New York', 'NY', 'US')]],
    // LA the city, not Louisiana.
    ['Hollywood, LA', [p('Hollywood', 'CA', 'US')]],
    // Two state codes are two states; the same code twice is the city named by it.
    ['NJ, NY', [p(null, 'NJ', 'US'), p(null, 'NY', 'US')]],
    ['NY, NY', [p('New York', 'NY', 'US')]],
    ['DC, DC', [p('Washington', 'DC', 'US')]],
    // One part alone: a state, a country, or a city with its state's code and postal code glued on.
    ['Colorado', [p(null, 'CO', 'US')]],
    ['Ontario', [p(null, 'ON', 'CA')]],
    ['Germany', [p(null, null, 'DE')]],
    ['Walnut CA', [p('Walnut', 'CA', 'US')]],
    ['Springfield IL', [p('Springfield', 'IL', 'US')]],
    ['Portland ME 04101', [p('Portland', 'ME', 'US')]],
  ])('%s', (text, want) => {
    expect(places(text)).toEqual(want);
  });
});
