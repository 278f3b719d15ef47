/**
 * Lists of places in one location string, and the readings of a comma list that mutation
 * testing of place.ts and gazetteer.ts found unpinned or wrong (issue 11 item 9). Expected
 * values are what the posting's location text says.
 */
import { describe, expect, it } from 'vitest';
import { placeKey } from '../../../src/ingest/normalize/gazetteer.ts';
import { resolveLocations } from '../../../src/ingest/normalize/location.ts';
import { p, parts, places } from '../../helpers/places.ts';

describe('several cities of one state, the state named once', () => {
  it.each([
    [
      'Dallas, Houston, Austin, TX',
      [p('Dallas', 'TX', 'US'), p('Houston', 'TX', 'US'), p('Austin', 'TX', 'US')],
    ],
    ['Dallas, Houston, TX', [p('Dallas', 'TX', 'US'), p('Houston', 'TX', 'US')]],
    [
      'Texas - Dallas, Houston, San Antonio',
      [p('Dallas', 'TX', 'US'), p('Houston', 'TX', 'US'), p('San Antonio', 'TX', 'US')],
    ],
    [
      'Los Angeles, California, United States, San Francisco, California, United States',
      [p('Los Angeles', 'CA', 'US'), p('San Francisco', 'CA', 'US')],
    ],
    [
      'Mountain View, CA, United States, 605 W Maude Ave, Sunnyvale, California',
      [p('Mountain View', 'CA', 'US'), p('Sunnyvale', 'CA', 'US')],
    ],
    // Swansea is in Massachusetts: not one of Rhode Island's cities.
    ['Providence, Swansea, Newport, RI', [p('Providence', 'RI', 'US'), p('Newport', 'RI', 'US')]],
    // A city of another state is none of the state's ("New York" is no town in Colorado).
    ['Los Angeles, New York, Colorado', [p('Los Angeles', 'CO', 'US')]],
    // One city and the state: one place.
    ['Austin, TX', [p('Austin', 'TX', 'US')]],
    ['Amerant Bank Arena, Sunrise, FL', [p('Sunrise', 'FL', 'US')]],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });
});

describe('a list of state codes is a place per state', () => {
  const states = (...codes: string[]) => codes.map((c) => p(null, c, 'US'));
  it.each([
    // These were a city "ME" in New Hampshire, Morocco; "CA" in New Mexico; Pennsylvania only.
    ['Remote - ME, NH, MA', states('ME', 'NH', 'MA')],
    ['Remote - CA, AZ, NM', states('CA', 'AZ', 'NM')],
    ['IN, NC, PA', states('IN', 'NC', 'PA')],
    ['Remote - KY, TN', states('KY', 'TN')],
    ['Remote - CO, FL, GA, MA, MD', states('CO', 'FL', 'GA', 'MA', 'MD')],
    ['WA, OR, ID, NV, UT, AZ, NM, TX, CA', states('WA', 'OR', 'ID', 'NV', 'UT', 'AZ', 'NM', 'TX', 'CA')],
    ['NY, US, CA, US, IL, US - Remote', states('NY', 'CA', 'IL')],
    // A state written twice is that state (not a city named "NY").
    ['Remote - NY, NY, NJ', states('NY', 'NJ')],
    // Not all state codes: the comma list as before.
    ['Toronto, ON', [p('Toronto', 'ON', 'CA')]],
    ['NY, US', states('NY')],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });
});

describe('a code that is a state and a country, after two parts', () => {
  it.each([
    // After a city of the state, the state (these were the country Canada, with the city
    // "United States" or "Bayview").
    ['United States, Santa Monica, CA', [p('Santa Monica', 'CA', 'US')]],
    ['Bayview, San Francisco, CA', [p('Bayview', 'CA', 'US')]],
    ['Wilmington, New Castle, DE', [p('Wilmington', 'DE', 'US')]],
    // After a province or a region of the country, the country.
    ['Toronto, Ontario, CA', [p('Toronto', 'ON', 'CA')]],
    ['London, Ontario, CA', [p('London', 'ON', 'CA')]],
    ['Munich, Bavaria, DE', [p('Munich', 'Bavaria', 'DE')]],
    ['Mumbai, Maharashtra, IN', [p('Mumbai', 'Maharashtra', 'IN')]],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });
});

describe('"City, ST" places joined by "&", "and" or "or"', () => {
  it.each([
    // The second state was read as the first city's ("San Francisco, NY").
    ['San Francisco, CA & New York, NY', [p('San Francisco', 'CA', 'US'), p('New York', 'NY', 'US')]],
    ['Boston, MA and New York, NY', [p('Boston', 'MA', 'US'), p('New York', 'NY', 'US')]],
    [
      'New York, NY, Boston, MA and Charlotte, NC',
      [p('New York', 'NY', 'US'), p('Boston', 'MA', 'US'), p('Charlotte', 'NC', 'US')],
    ],
    // "Or" and "or" after a state code ("OR" itself is Oregon).
    ['New York, NY Or Los Angeles, CA', [p('New York', 'NY', 'US'), p('Los Angeles', 'CA', 'US')]],
    ['Portland, OR or Seattle, WA', [p('Portland', 'OR', 'US'), p('Seattle', 'WA', 'US')]],
    // A city before the "&" takes the country after the last one.
    ['Islamabad & Lahore, Pakistan', [p('Islamabad', null, 'PK'), p('Lahore', null, 'PK')]],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });
});

describe('cities joined by a plus', () => {
  it.each([
    ['Hybrid - Berlin + Munich', [p('Berlin', null, 'DE'), p('Munich', null, 'DE')]],
    [
      'Berlin + Munich + Hamburg',
      [p('Berlin', null, 'DE'), p('Munich', null, 'DE'), p('Hamburg', null, 'DE')],
    ],
    ['Austin, TX + Dallas, TX', [p('Austin', 'TX', 'US'), p('Dallas', 'TX', 'US')]],
    // Not a place after the plus: one piece.
    ['Dallas, TX + Travel', [p('Dallas', 'TX', 'US')]],
    // A plus inside parentheses joins an area's parts, not places.
    [
      'Mountain View, CA / Remote (Continental US + Hawaii + Canada Only)',
      [p('Mountain View', 'CA', 'US'), p(null, 'HI', 'US')],
    ],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });
});

describe('a city in parentheses beside its country or state', () => {
  it.each([
    ['Germany - Remote (Berlin)', [p('Berlin', null, 'DE')]],
    ['Remote - Canada (Toronto)', [p('Toronto', 'ON', 'CA')]],
    ['Remote - Mexico (Mexico City ONLY)', [p('Mexico City', null, 'MX')]],
    ['Australia (Melbourne & Sydney)', [p('Melbourne', null, 'AU'), p('Sydney', null, 'AU')]],
    ['California (Bay Area)', [p('San Francisco', 'CA', 'US')]],
    ['Texas (Austin)', [p('Austin', 'TX', 'US')]],
    // A city of another country or state is not read into this one.
    ['Germany - Remote (Paris)', [p(null, null, 'DE')]],
    ['Texas (Seattle)', [p(null, 'TX', 'US')]],
    // Hints in parentheses stay hints.
    ['United States (Remote)', [p(null, null, 'US')]],
    ['Remote - Canada (Alberta, British Columbia, Ontario Only)', [p(null, null, 'CA')]],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });

  it('keeps the coordinates of the city found in parentheses', () => {
    const [berlin] = resolveLocations('Germany - Remote (Berlin)').places;
    expect(berlin?.latitude).toBeCloseTo(52.52, 1);
    expect(berlin?.longitude).toBeCloseTo(13.41, 1);
  });
});

describe('gazetteer keys: which spellings of a name meet', () => {
  it.each([
    // An abbreviation of two letters or more glued to the next word is a word of its own.
    ['St.Petersburg', 'st petersburg'],
    ['St. Petersburg', 'st petersburg'],
    ['Mt.Kisco', 'mt kisco'],
    // Every "Saint" of a name is "St"; "saint" inside a word is not.
    ['Saint-Just-Saint-Rambert', 'st just st rambert'],
    ['St-Just-St-Rambert', 'st just st rambert'],
    ['Lieusaint', 'lieusaint'],
    ['Kersaint-Plabennec', 'kersaint plabennec'],
    // Digits are part of the name.
    ['100 Mile House', '100 mile house'],
    ['Dublin-10', 'dublin 10'],
  ])('placeKey(%j) = %j', (name, key) => {
    expect(placeKey(name)).toBe(key);
  });

  it.each([
    ['St-Just-St-Rambert', p('Saint-Just-Saint-Rambert', null, 'FR')],
    ['Lieusaint', p('Lieusaint', null, 'FR')],
  ])('%j is found as %j', (text, expected) => {
    expect(places(text)).toEqual([expected]);
  });
});

describe('an abbreviation glued to the name', () => {
  it.each([
    ['St.Petersburg', [p('Saint Petersburg', null, 'RU')]],
    ['St.Petersburg, FL', [p('St. Petersburg', 'FL', 'US')]],
    ['St. Petersburg', [p('Saint Petersburg', null, 'RU')]],
  ])('%j', (text, expected) => {
    expect(parts(resolveLocations(text).places)).toEqual(expected);
  });
});

describe('"based": where the job is based is the place, not part of a name', () => {
  it.each([
    // These were cities named "US Based", "Bangkok based", "UK Based".
    ['Remote US Based', [p(null, null, 'US')]],
    ['US Based - Remote', [p(null, null, 'US')]],
    ['Remote (US-Based)', [p(null, null, 'US')]],
    ['UK Based | Remote', [p(null, null, 'GB')]],
    ['Bangkok based', [p('Bangkok', null, 'TH')]],
    ['Remote, based in the US', [p(null, null, 'US')]],
    ['Hybrid - based in Atlanta, GA', [p('Atlanta', 'GA', 'US')]],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });
});

describe('separator words stay apart from names that begin with them', () => {
  it.each([
    // "or", "and", "to", "in" left over from a separator are no city ("or Berlin"); Orlando,
    // Andover, Toledo and Indianapolis are.
    ['Orlando', [p('Orlando', 'FL', 'US')]],
    ['Andover, MA', [p('Andover', 'MA', 'US')]],
    ['Toledo, OH', [p('Toledo', 'OH', 'US')]],
    ['Indianapolis', [p('Indianapolis', 'IN', 'US')]],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });
});

describe('the city part of a comma list', () => {
  it.each([
    // Postal codes written with a space ("111 22", "110 00") are no part of the city.
    ['Stockholm 111 22', [p('Stockholm', null, 'SE')]],
    ['Praha 110 00', [p('Prague', null, 'CZ')]],
    // An area before a slash is no city ("EU" is also the French town of Eu).
    ['EU/Berlin', [p('Berlin', null, 'DE')]],
    // A town whose name reads like a street address.
    ['100 Mile House, BC', [p('100 Mile House', 'BC', 'CA')]],
    // Spaces around the parts.
    [' Austin ,  TX ', [p('Austin', 'TX', 'US')]],
    ['Austin ,TX', [p('Austin', 'TX', 'US')]],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });

  it.each([
    // The town of the province named, not the bigger namesake of another province.
    ['Windsor, NS', 44.99, -64.13],
    ['Windsor, ON', 42.3, -83.02],
    ['Waterloo, QC', 45.35, -72.52],
  ])('%j is at %f, %f', (text, latitude, longitude) => {
    const [place] = resolveLocations(text).places;
    expect(place?.latitude).toBeCloseTo(latitude, 0);
    expect(place?.longitude).toBeCloseTo(longitude, 0);
  });
});

describe('the country written before its state', () => {
  it.each([
    // These were a city named "United States" (or "USA") in the state.
    ['USA, Texas', [p(null, 'TX', 'US')]],
    ['United States, FL', [p(null, 'FL', 'US')]],
    ['United States of America (USA), Alabama', [p(null, 'AL', 'US')]],
    // A town of the state named like a country stays the town.
    ['Lebanon, Ohio', [p('Lebanon', 'OH', 'US')]],
    ['Peru, Indiana', [p('Peru', 'IN', 'US')]],
    ['Holland, MI', [p('Holland', 'MI', 'US')]],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });
});

describe('the parts before the country: a region, a postal code or more cities', () => {
  it.each([
    // A postal code is no region.
    ['London, EC1A 1BB, United Kingdom', [p('London', null, 'GB')]],
    // Two cities of the country are two places, not a city in the region "Berlin".
    ['Munich, Berlin, Germany', [p('Munich', null, 'DE'), p('Berlin', null, 'DE')]],
    // A region of the country, written as the posting writes it.
    ['Gdansk, Pomerania, PL', [p('Gdańsk', 'Pomerania', 'PL')]],
    ['Potsdam, Brandenburg, DE', [p('Potsdam', 'Brandenburg', 'DE')]],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });
});

describe('a postal code as a part of its own', () => {
  it.each([
    ['977 Fox Street, Bronx, NY, 10459', [p('New York', 'NY', 'US')]],
    ['Huntsville AL, 35274', [p('Huntsville', 'AL', 'US')]],
    ['Redpoint Oxford, Oxford, Mississippi, 38655', [p('Oxford', 'MS', 'US')]],
    ['Austin, TX, 78701', [p('Austin', 'TX', 'US')]],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });
});

describe('"City, New York": the state, unless the city is far bigger elsewhere', () => {
  it.each([
    // Cities of the state: one place.
    ['Rochester, New York', [p('Rochester', 'NY', 'US')]],
    ['Buffalo, New York', [p('Buffalo', 'NY', 'US')]],
    ['Albany, New York', [p('Albany', 'NY', 'US')]],
    // No Boston in the state worth the name: two cities.
    ['Boston, New York', [p('Boston', 'MA', 'US'), p('New York', 'NY', 'US')]],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });
});

describe('two codes after each other', () => {
  // After the state-code lists ("ME, NH, MA") were read as states, "LA, CA" became
  // Louisiana and California and "DC, DC" lost Washington (stop 23).
  const read = (text: string) => resolveLocations(text).places.map((x) => [x.city, x.region, x.countryCode]);
  it.each([
    ['LA, CA', [['Los Angeles', 'CA', 'US']]],
    ['DC, DC', [['Washington', 'DC', 'US']]],
    ['NY, NY', [['New York', 'NY', 'US']]],
    ['US, CA', [[null, 'CA', 'US']]],
    ['US, TX', [[null, 'TX', 'US']]],
    [
      'CO, FL, GA',
      [
        [null, 'CO', 'US'],
        [null, 'FL', 'US'],
        [null, 'GA', 'US'],
      ],
    ],
    [
      'US, Canada',
      [
        [null, null, 'US'],
        [null, null, 'CA'],
      ],
    ],
  ])('%j is %j', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });
});
