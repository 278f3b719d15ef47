/**
 * The word lists and tables under the location parser (issue 11 item 9: rules that
 * mutation testing found unpinned): what a location string's words mean — a remote area,
 * an employment word, a street, a state or province, a region abroad — and the gazetteer's
 * keys and cities. Expected values are what the posting's text says.
 */
import { describe, expect, it } from 'vitest';
import { citiesNamed, placeKey, unwrappedKey } from '../../../src/ingest/normalize/gazetteer.ts';
import {
  isNameLike,
  isNotAPlace,
  isStreet,
  remoteArea,
  streetTail,
} from '../../../src/ingest/normalize/place-words.ts';
import { isRegionAbroad, lookupRegion } from '../../../src/ingest/normalize/regions.ts';

describe('remoteArea: the area a remote job is open to', () => {
  it.each([
    ['EU', 'EU'],
    ['European Union', 'EU'],
    ['Europe only', 'Europe'],
    ['Eastern Europe', 'Europe'],
    ['EMEA time zones', 'EMEA'],
    ['EMEA timezone', 'EMEA'],
    ['EMEA Region', 'EMEA'],
    ['Americas hours', 'Americas'],
    ['LATAM based', 'Latin America'],
    ['South America', 'Latin America'],
    ['APAC region', 'APAC'],
    ['EMEA region only', 'EMEA'],
    ['Latin  America', 'Latin America'],
    ['Asia Pacific', 'APAC'],
    ['North America', 'North America'],
    ['Global', 'Worldwide'],
    ['Anywhere', 'Worldwide'],
  ])('%j → %s', (text, area) => {
    expect(remoteArea(text)).toBe(area);
  });

  it.each([['Germany'], ['Berlin'], ['Remote'], ['']])('%j is no area', (text) => {
    expect(remoteArea(text)).toBeNull();
  });
});

describe('isNotAPlace: employment words, time zones and placeholders', () => {
  it.each([
    'Full-time',
    'Part time',
    'Fulltime',
    'Contract',
    'Contractor',
    'Internship',
    'Intern',
    'Temporary',
    'Permanent',
    'Freelance',
    'Relocation assistance',
    'Visa sponsorship available',
    'GMT+2',
    'UTC-5',
    'PST hours',
    'CET',
    'EST time zone',
    'Multiple Locations',
    'Multiple  Locations',
    'Various',
    'TBD',
    'N/A',
    'Nationwide',
    'Pacific Northwest',
    'Midwest',
    'West Coast',
    'HQ',
    'EMEA',
    'Worldwide',
    '',
    ' - ',
  ])('%j is not a place', (text) => {
    expect(isNotAPlace(text)).toBe(true);
  });

  it.each(['Berlin', 'Contract Street', 'Internship Town', 'Estonia', 'Westminster', 'Centralia'])(
    '%j may be a place',
    (text) => {
      expect(isNotAPlace(text)).toBe(false);
    },
  );
});

describe('isStreet: street addresses and premises', () => {
  it.each([
    '665 Clyde Avenue',
    '665  Clyde Avenue',
    '12-40 Main Street',
    '12A Main Street',
    '1 Market St',
    'Suite #1000',
    'Suite 200',
    '10th Floor',
    'Building 5',
    'Bldg 40',
    'PO Box 123',
    'Unit 4',
    'Ste 300',
    '#12',
  ])('%j is a street or premises', (text) => {
    expect(isStreet(text)).toBe(true);
  });

  it.each(['Berlin', 'Suite', 'Floor Plan', 'Building Services', 'St. Louis', 'Main Street'])(
    '%j is no address',
    (text) => {
      expect(isStreet(text)).toBe(false);
    },
  );
});

describe('streetTail: the city at the end of a street part', () => {
  it('offers the last words that are no street words, longest first', () => {
    expect(streetTail('2116 Penn Ave Pittsburgh')).toEqual(['Penn Ave Pittsburgh', 'Pittsburgh']);
    // "Hwy." and "St." start no city; "Port St. Lucie" is one.
    expect(streetTail('7510 South Federal Hwy. Port St. Lucie')).toEqual(['Port St. Lucie', 'Lucie']);
  });

  it('keeps digits and suite numbers out of the city', () => {
    expect(streetTail('600 Superior Ave Suite #1000 Cleveland')).toEqual(['Cleveland']);
    expect(streetTail('Building 5 Redmond')).toEqual(['Redmond']);
  });

  it('looks at most maxWords back and never takes the whole part', () => {
    expect(streetTail('100 Main St Fort Worth', 1)).toEqual(['Worth']);
    expect(streetTail('100 Elm Grove Lake Forest Park')).toEqual([
      'Grove Lake Forest Park',
      'Lake Forest Park',
      'Forest Park',
      'Park',
    ]);
    expect(streetTail('Redmond')).toEqual([]);
    expect(streetTail('  ')).toEqual([]);
  });
});

describe('isNameLike: a name a city could have', () => {
  it.each([
    'Smallville',
    "St. John's",
    'Coeur d’Alene',
    'Winston-Salem',
    'Salt Lake City',
    'Ōita',
    'Ciudad de Buenos Aires',
    'Ciudad de  Buenos Aires',
  ])('%j looks like a name', (text) => {
    expect(isNameLike(text)).toBe(true);
  });

  it.each(['smallville', 'Berlin 10115', 'A B C D E', 'Apply now!', 'Foo (Bar)', ' Leading'])(
    '%j does not',
    (text) => {
      expect(isNameLike(text)).toBe(false);
    },
  );
});

describe('lookupRegion: US states and Canadian provinces', () => {
  // Every state and province by its name and by its postal code.
  const US: [string, string][] = [
    ['AL', 'Alabama'],
    ['AK', 'Alaska'],
    ['AZ', 'Arizona'],
    ['AR', 'Arkansas'],
    ['CA', 'California'],
    ['CO', 'Colorado'],
    ['CT', 'Connecticut'],
    ['DE', 'Delaware'],
    ['FL', 'Florida'],
    ['GA', 'Georgia'],
    ['HI', 'Hawaii'],
    ['ID', 'Idaho'],
    ['IL', 'Illinois'],
    ['IN', 'Indiana'],
    ['IA', 'Iowa'],
    ['KS', 'Kansas'],
    ['KY', 'Kentucky'],
    ['LA', 'Louisiana'],
    ['ME', 'Maine'],
    ['MD', 'Maryland'],
    ['MA', 'Massachusetts'],
    ['MI', 'Michigan'],
    ['MN', 'Minnesota'],
    ['MS', 'Mississippi'],
    ['MO', 'Missouri'],
    ['MT', 'Montana'],
    ['NE', 'Nebraska'],
    ['NV', 'Nevada'],
    ['NH', 'New Hampshire'],
    ['NJ', 'New Jersey'],
    ['NM', 'New Mexico'],
    ['NY', 'New York'],
    ['NC', 'North Carolina'],
    ['ND', 'North Dakota'],
    ['OH', 'Ohio'],
    ['OK', 'Oklahoma'],
    ['OR', 'Oregon'],
    ['PA', 'Pennsylvania'],
    ['RI', 'Rhode Island'],
    ['SC', 'South Carolina'],
    ['SD', 'South Dakota'],
    ['TN', 'Tennessee'],
    ['TX', 'Texas'],
    ['UT', 'Utah'],
    ['VT', 'Vermont'],
    ['VA', 'Virginia'],
    ['WA', 'Washington'],
    ['WV', 'West Virginia'],
    ['WI', 'Wisconsin'],
    ['WY', 'Wyoming'],
    ['DC', 'District of Columbia'],
    ['PR', 'Puerto Rico'],
  ];
  const CA: [string, string][] = [
    ['AB', 'Alberta'],
    ['BC', 'British Columbia'],
    ['MB', 'Manitoba'],
    ['NB', 'New Brunswick'],
    ['NL', 'Newfoundland and Labrador'],
    ['NS', 'Nova Scotia'],
    ['NT', 'Northwest Territories'],
    ['NU', 'Nunavut'],
    ['ON', 'Ontario'],
    ['PE', 'Prince Edward Island'],
    ['QC', 'Quebec'],
    ['SK', 'Saskatchewan'],
    ['YT', 'Yukon'],
  ];

  it.each(US)('%s is %s, US', (code, name) => {
    expect(lookupRegion(name)).toEqual({ code, countryCode: 'US' });
    expect(lookupRegion(code)).toEqual({ code, countryCode: 'US' });
    expect(lookupRegion(name, 'CA')).toBeNull();
  });

  it.each(CA)('%s is %s, Canada', (code, name) => {
    expect(lookupRegion(name)).toEqual({ code, countryCode: 'CA' });
    expect(lookupRegion(code)).toEqual({ code, countryCode: 'CA' });
    expect(lookupRegion(code, 'US')).toBeNull();
  });

  it('reads the other ways postings write them', () => {
    expect(lookupRegion('TX 78701')).toEqual({ code: 'TX', countryCode: 'US' });
    expect(lookupRegion('Texas 75001-1234')).toEqual({ code: 'TX', countryCode: 'US' });
    expect(lookupRegion('MA  02110')).toEqual({ code: 'MA', countryCode: 'US' });
    expect(lookupRegion('  Texas  ')).toEqual({ code: 'TX', countryCode: 'US' });
    expect(lookupRegion(' TX ')).toEqual({ code: 'TX', countryCode: 'US' });
    // Postings in capitals: a name, not a code.
    expect(lookupRegion('TEXAS')).toEqual({ code: 'TX', countryCode: 'US' });
    expect(lookupRegion('NEW YORK')).toEqual({ code: 'NY', countryCode: 'US' });
    expect(lookupRegion('N.Y.')).toEqual({ code: 'NY', countryCode: 'US' });
    expect(lookupRegion('N.Y')).toEqual({ code: 'NY', countryCode: 'US' });
    expect(lookupRegion('D. C.')).toEqual({ code: 'DC', countryCode: 'US' });
    expect(lookupRegion('New  York')).toEqual({ code: 'NY', countryCode: 'US' });
    expect(lookupRegion('Washington DC')).toEqual({ code: 'DC', countryCode: 'US' });
    expect(lookupRegion('Washington D.C.')).toEqual({ code: 'DC', countryCode: 'US' });
    expect(lookupRegion('Québec')).toEqual({ code: 'QC', countryCode: 'CA' });
    expect(lookupRegion('Newfoundland')).toEqual({ code: 'NL', countryCode: 'CA' });
  });

  it('reads no lower-case code, no other text and no code of another country', () => {
    expect(lookupRegion('tx')).toBeNull();
    expect(lookupRegion('in')).toBeNull();
    expect(lookupRegion('UK')).toBeNull();
    expect(lookupRegion('TXS')).toBeNull();
    expect(lookupRegion('Bavaria')).toBeNull();
    expect(lookupRegion('')).toBeNull();
    expect(lookupRegion(null)).toBeNull();
    expect(lookupRegion(undefined)).toBeNull();
    expect(lookupRegion('Texas', 'US')).toEqual({ code: 'TX', countryCode: 'US' });
    expect(lookupRegion('Texas', null)).toEqual({ code: 'TX', countryCode: 'US' });
    expect(lookupRegion('Texas', 'DE')).toBeNull();
  });
});

describe('isRegionAbroad: first-level regions outside the US and Canada', () => {
  it.each([
    ['Queensland', 'AU'],
    ['Karnataka', 'IN'],
    ['  Karnataka ', 'IN'],
    ['Noord-Holland', 'NL'],
    ['Bayern', 'DE'],
    // English names, from the second package: postings in English use them.
    ['Bavaria', 'DE'],
    ['Catalonia', 'ES'],
    ['Scotland', 'GB'],
    ['Lombardy', 'IT'],
    ['Lower Saxony', 'DE'],
  ])('%j is a region of %s', (text, country) => {
    expect(isRegionAbroad(text, country)).toBe(true);
  });

  it.each([
    ['Bavaria', 'AT'],
    // The second package's `native` field is not read: for Tuvalu's Nui it says "Great".
    ['Great', 'TV'],
    ['Queensland', 'NZ'],
    ['Queensland', 'ZZ'],
    ['Queensland', null],
    ['Texas', 'US'],
    ['Ontario', 'CA'],
    ['Berlin', 'FR'],
  ])('%j is not one of %s', (text, country) => {
    expect(isRegionAbroad(text, country)).toBe(false);
  });
});

describe('gazetteer keys', () => {
  it.each([
    ['Saint Louis', 'st louis'],
    ['St. Louis', 'st louis'],
    ['SAINT PAUL', 'st paul'],
    ['Saint-Étienne', 'st etienne'],
    ['Saintes', 'saintes'],
    ['Zürich', 'zurich'],
    ['Winston-Salem', 'winston salem'],
    ["Coeur d'Alene", 'coeur d alene'],
    ['Coeur d’Alene', 'coeur d alene'],
    // Dots of abbreviations go without a space: "L.A." is "LA".
    ['L.A.', 'la'],
    ['D.C.', 'dc'],
    ['New  York', 'new york'],
    [' Berlin ', 'berlin'],
    ['Kraków', 'krakow'],
    ['Łódź', 'lodz'],
    ['Zürich 8090', 'zurich 8090'],
    ['-Berlin-', 'berlin'],
  ])('placeKey(%j) = %j', (name, key) => {
    expect(placeKey(name)).toBe(key);
    expect(placeKey(name)).toBe(key); // a second time from the cache
  });

  it.each([
    ['greater seattle area', 'seattle'],
    ['seattle metropolitan area', 'seattle'],
    ['seattle metro area', 'seattle'],
    ['toronto region', 'toronto'],
    ['halifax regional municipality', 'halifax'],
    ['greater noida', 'noida'],
    ['seattle', 'seattle'],
  ])('unwrappedKey(%j) = %j', (key, unwrapped) => {
    expect(unwrappedKey(key)).toBe(unwrapped);
  });
});

describe('gazetteer cities', () => {
  it('lists namesakes most populous first, with their state', () => {
    const springfields = citiesNamed('Springfield');
    expect(springfields.slice(0, 3).map((c) => c.region)).toEqual(['MO', 'MA', 'IL']);
    for (let i = 1; i < springfields.length; i++) {
      expect(springfields[i - 1]!.population).toBeGreaterThanOrEqual(springfields[i]!.population);
    }
  });

  it('places cities on both sides of the equator and of Greenwich', () => {
    const [seattle] = citiesNamed('Seattle');
    expect(seattle).toMatchObject({ countryCode: 'US', region: 'WA' });
    expect(seattle!.latitude).toBeCloseTo(47.61, 1);
    expect(seattle!.longitude).toBeCloseTo(-122.33, 1);
    const [sydney] = citiesNamed('Sydney');
    expect(sydney).toMatchObject({ countryCode: 'AU', region: null });
    expect(sydney!.latitude).toBeCloseTo(-33.87, 1);
    expect(sydney!.longitude).toBeCloseTo(151.21, 1);
    expect(sydney!.population).toBeGreaterThan(4_000_000);
  });

  it.each([
    ['Calgary', 'AB'],
    ['Vancouver', 'BC'],
    ['Winnipeg', 'MB'],
    ['Fredericton', 'NB'],
    ["St. John's", 'NL'],
    ['Halifax', 'NS'],
    ['Toronto', 'ON'],
    ['Charlottetown', 'PE'],
    ['Montréal', 'QC'],
    ['Regina', 'SK'],
    ['Whitehorse', 'YT'],
    ['Yellowknife', 'NT'],
    ['Iqaluit', 'NU'],
  ])('%s is in %s, Canada', (name, province) => {
    expect(citiesNamed(name).find((c) => c.countryCode === 'CA')?.region).toBe(province);
  });

  it('finds no city under a country code (the package stores a second country code for 76 cities)', () => {
    // Laayoune and Dakhla (Western Sahara) carry "MA", Skalná (CZ) "DE", Vatican City "IT".
    for (const code of ['MA', 'DE', 'IT', 'GB', 'FI', 'IL', 'NO']) expect(citiesNamed(code)).toEqual([]);
    expect(citiesNamed('Laayoune')[0]?.countryCode).toBe('EH');
  });

  it('keeps abandoned and historical places out ("Okanagan" is a valley in BC, not a town)', () => {
    expect(citiesNamed('Okanagan')).toEqual([]);
    expect(citiesNamed('Troparëvo')).toEqual([]);
  });

  it('finds a city by its other name and by the name before its comma', () => {
    expect(citiesNamed('Washington').some((c) => c.region === 'DC')).toBe(true);
    expect(citiesNamed('Greater Seattle Area')[0]?.name).toBe('Seattle');
    expect(citiesNamed('Greater Noida')[0]?.countryCode).toBe('IN');
    expect(citiesNamed('Narnia')).toEqual([]);
  });
});
