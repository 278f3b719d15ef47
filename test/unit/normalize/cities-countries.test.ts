/**
 * The city aliases and the namesake rules of cities.ts, and the country table of
 * countries.ts (issue 11 item 9: rules that mutation testing found unpinned). Expected
 * values are what a posting that writes the name means.
 */
import { describe, expect, it } from 'vitest';
import {
  isAmbiguous,
  lookupAlias,
  lookupCity,
  resolveCity,
  type CityInfo,
} from '../../../src/ingest/normalize/cities.ts';
import {
  countryCode,
  currencyForCountry,
  isKnownCountryCode,
} from '../../../src/ingest/normalize/countries.ts';

const where = (c: CityInfo | null) => c && [c.name, c.region, c.countryCode];

describe('city aliases: the names postings use, the name the store keeps', () => {
  it.each([
    ['SF', 'San Francisco', 'CA', 'US'],
    ['San Francisco Bay Area', 'San Francisco', 'CA', 'US'],
    ['Bay Area', 'San Francisco', 'CA', 'US'],
    ['SF Bay Area', 'San Francisco', 'CA', 'US'],
    ['SFO', 'San Francisco', 'CA', 'US'],
    ['NYC', 'New York', 'NY', 'US'],
    ['NY City', 'New York', 'NY', 'US'],
    ['New York City', 'New York', 'NY', 'US'],
    ['Manhattan', 'New York', 'NY', 'US'],
    ['Brooklyn', 'New York', 'NY', 'US'],
    ['LA', 'Los Angeles', 'CA', 'US'],
    ['L.A.', 'Los Angeles', 'CA', 'US'],
    ['Washington DC', 'Washington', 'DC', 'US'],
    ['Washington D.C.', 'Washington', 'DC', 'US'],
    ['DC', 'Washington', 'DC', 'US'],
    ['D.C.', 'Washington', 'DC', 'US'],
    ['SLC', 'Salt Lake City', 'UT', 'US'],
    ['Quebec City', 'Quebec City', 'QC', 'CA'],
    ['Québec', 'Quebec City', 'QC', 'CA'],
    ['Montréal', 'Montreal', 'QC', 'CA'],
    ['CDMX', 'Mexico City', null, 'MX'],
    ['Ciudad de México', 'Mexico City', null, 'MX'],
    ['München', 'Munich', null, 'DE'],
    ['Muenchen', 'Munich', null, 'DE'],
    ['Frankfurt am Main', 'Frankfurt', null, 'DE'],
    ['Köln', 'Cologne', null, 'DE'],
    ['Koeln', 'Cologne', null, 'DE'],
    ['Duesseldorf', 'Düsseldorf', null, 'DE'],
    ['Den Haag', 'The Hague', null, 'NL'],
    ['Bruxelles', 'Brussels', null, 'BE'],
    ['Brussel', 'Brussels', null, 'BE'],
    ['Antwerpen', 'Antwerp', null, 'BE'],
    ['Gent', 'Ghent', null, 'BE'],
    ['Luxembourg City', 'Luxembourg City', null, 'LU'],
    ['Genève', 'Geneva', null, 'CH'],
    ['Zürich', 'Zurich', null, 'CH'],
    ['Wien', 'Vienna', null, 'AT'],
    ['Lisboa', 'Lisbon', null, 'PT'],
    ['Milano', 'Milan', null, 'IT'],
    ['Roma', 'Rome', null, 'IT'],
    ['Göteborg', 'Gothenburg', null, 'SE'],
    ['København', 'Copenhagen', null, 'DK'],
    ['Warszawa', 'Warsaw', null, 'PL'],
    ['Cracow', 'Kraków', null, 'PL'],
    ['Praha', 'Prague', null, 'CZ'],
    ['București', 'Bucharest', null, 'RO'],
    ['Cluj', 'Cluj-Napoca', null, 'RO'],
    ['Kiev', 'Kyiv', null, 'UA'],
    ['Tel Aviv-Yafo', 'Tel Aviv', null, 'IL'],
    ['Tel-Aviv', 'Tel Aviv', null, 'IL'],
    ['Bangalore', 'Bengaluru', null, 'IN'],
    ['Bombay', 'Mumbai', null, 'IN'],
    ['Gurgaon', 'Gurugram', null, 'IN'],
    ['Delhi', 'New Delhi', null, 'IN'],
    ['Saigon', 'Ho Chi Minh City', null, 'VN'],
    ['Makati City', 'Makati', null, 'PH'],
    ['Cebu City', 'Cebu', null, 'PH'],
  ])('%j is %s (%s, %s)', (text, name, region, country) => {
    expect(where(resolveCity(text))).toEqual([name, region, country]);
  });

  it('knows the aliases as aliases, and a bare "Washington" as none (the state, more often)', () => {
    expect(where(lookupAlias('Bay Area'))).toEqual(['San Francisco', 'CA', 'US']);
    expect(where(lookupAlias('Greater NYC Area'))).toEqual(['New York', 'NY', 'US']);
    expect(lookupAlias('Washington')).toBeNull();
    expect(lookupAlias('Boston')).toBeNull();
    expect(lookupAlias('Narnia')).toBeNull();
  });

  it('takes an alias only where it fits the context', () => {
    expect(where(resolveCity('LA', { countryCode: 'US' }))).toEqual(['Los Angeles', 'CA', 'US']);
    expect(resolveCity('LA', { countryCode: 'CL' })).toBeNull();
    expect(resolveCity('SF', { region: 'TX' })).toBeNull();
  });
});

describe('resolveCity: which of several cities of one name', () => {
  it('takes the state or the country written with it', () => {
    expect(where(resolveCity('Portland'))).toEqual(['Portland', 'OR', 'US']);
    expect(where(resolveCity('Portland', { region: 'ME' }))).toEqual(['Portland', 'ME', 'US']);
    expect(resolveCity('Portland', { region: 'ME', countryCode: 'CA' })).toBeNull();
    expect(where(resolveCity('Richmond', { countryCode: 'CA' }))).toEqual(['Richmond', 'BC', 'CA']);
  });

  it('weighs population, a US city 3×, a city of a country the posting names 10×', () => {
    // Richmond, VA (220,000 × 3) against Richmond, BC (182,000).
    expect(where(resolveCity('Richmond'))).toEqual(['Richmond', 'VA', 'US']);
    expect(where(resolveCity('Richmond', { preferCountries: ['CA'] }))).toEqual(['Richmond', 'BC', 'CA']);
    expect(where(resolveCity('Richmond', { preferCountries: ['GB'] }))).toEqual(['Richmond', 'VA', 'US']);
    // Birmingham, GB (984,000) against Birmingham, AL (212,000 × 3).
    expect(where(resolveCity('Birmingham'))).toEqual(['Birmingham', null, 'GB']);
    expect(where(resolveCity('Birmingham', { preferCountries: ['US'] }))).toEqual(['Birmingham', 'AL', 'US']);
    // London, GB stays London beside a US office (London, KY and OH are small).
    expect(where(resolveCity('London', { preferCountries: ['US'] }))).toEqual(['London', null, 'GB']);
    expect(where(resolveCity('Cambridge', { preferCountries: ['GB'] }))).toEqual(['Cambridge', null, 'GB']);
  });

  it('gives the coordinates and population of the city', () => {
    const portland = resolveCity('Portland', { region: 'ME' });
    expect(portland?.latitude).toBeCloseTo(43.66, 1);
    expect(portland?.longitude).toBeCloseTo(-70.26, 1);
    expect(portland?.population).toBeGreaterThan(50_000);
  });

  it.each([[null], [undefined], [''], ['   '], ['Narnia']])('%j is no city', (text) => {
    expect(resolveCity(text)).toBeNull();
  });
});

describe('isAmbiguous: namesakes that weigh a tenth of the heaviest or more', () => {
  // Córdoba (AR, ES), Valencia (ES, VE), Hyderabad (IN, PK): namesakes in two countries outside North America.
  it.each([
    'Cambridge',
    'Waterloo',
    'Portland',
    'Springfield',
    'Birmingham',
    'Richmond',
    'Vancouver',
    'Córdoba',
    'Valencia',
    'Hyderabad',
  ])('%j is ambiguous', (name) => {
    expect(isAmbiguous(name)).toBe(true);
  });

  it.each(['Toronto', 'London', 'Paris', 'Berlin', 'Sydney', 'Perth', 'Narnia'])('%j is not', (name) => {
    expect(isAmbiguous(name)).toBe(false);
  });
});

describe('lookupCity: well-known cities only', () => {
  it.each([
    ['SF', 'San Francisco'],
    ['Bangalore', 'Bengaluru'],
    ['Austin', 'Austin'],
    ['Boise', 'Boise'],
    ['Palo Alto', 'Palo Alto'],
    ['Mountain View', 'Mountain View'],
  ])('%j is %s', (text, name) => {
    expect(lookupCity(text)?.name).toBe(name);
  });

  // Small towns (Burlingame: 30,000), states and names the gazetteer lacks.
  it.each([
    ['Burlingame'],
    ['Lead'],
    ['Georgia'],
    ['Washington'],
    ['Texas'],
    ['Nevada'],
    ['Narnia'],
    [''],
    [null],
  ])('%j is none', (text) => {
    expect(lookupCity(text)).toBeNull();
  });
});

describe('countryCode: names, aliases and codes', () => {
  it.each([
    ['uk', 'GB'],
    ['Uk', 'GB'],
    [' gb ', 'GB'],
    ['U.S.', 'US'],
    ['u.s.a.', 'US'],
    ['Estados Unidos', 'US'],
    ['United  Kingdom', 'GB'],
    ['united-kingdom', 'GB'],
    ['Great Britain', 'GB'],
    ['Scotland', 'GB'],
    ['Northern Ireland', 'GB'],
    ["Côte d'Ivoire", 'CI'],
    ['Ivory Coast', 'CI'],
    ["People's Republic of China", 'CN'],
    ['Korea', 'KR'],
    ['Viet Nam', 'VN'],
    ['The Philippines', 'PH'],
    ['Türkiye', 'TR'],
    ['Turkiye', 'TR'],
    ['Hong Kong SAR', 'HK'],
    ['Macao', 'MO'],
    ['KSA', 'SA'],
    ['U.A.E.', 'AE'],
    ['Brasil', 'BR'],
    ['Perú', 'PE'],
    ['Bosnia and Herzegovina', 'BA'],
    ['Schweiz', 'CH'],
    ['Holland', 'NL'],
    ['CAN', 'CA'],
    ['MEX', 'MX'],
    // Codes of the main table, also where a US state shares them.
    ['CA', 'CA'],
    ['DE', 'DE'],
    ['IN', 'IN'],
    ['CO', 'CO'],
    ['AR', 'AR'],
    ['ID', 'ID'],
    ['IL', 'IL'],
    ['MA', 'MA'],
    ['MT', 'MT'],
    ['EC', 'EC'],
    ['GE', 'GE'],
    ['PR', 'PR'],
  ])('%j → %s', (text, code) => {
    expect(countryCode(text)).toBe(code);
  });

  // Further countries' codes that are US states' as well: in job feeds, the state.
  it.each(['PA', 'AZ', 'MD', 'AL', 'ME', 'MN', 'MO'])('%j is no country code', (code) => {
    expect(countryCode(code)).toBeNull();
    expect(isKnownCountryCode(code)).toBe(true);
  });

  it.each([['ZZ'], ['Xx'], [''], [' '], ['Narnia'], ['Cote dIvoire'], [null], [undefined]])(
    '%j names no country',
    (text) => {
      expect(countryCode(text)).toBeNull();
    },
  );

  it('gives the local currency of a country', () => {
    expect(currencyForCountry('US')).toBe('USD');
    expect(currencyForCountry('gb')).toBe('GBP');
    expect(currencyForCountry('PA')).toBe('USD');
    expect(currencyForCountry('MO')).toBe('MOP');
    expect(currencyForCountry('CH')).toBe('CHF');
    expect(currencyForCountry('XX')).toBeNull();
    expect(currencyForCountry('')).toBeNull();
    expect(currencyForCountry(null)).toBeNull();
    expect(isKnownCountryCode('US')).toBe(true);
    expect(isKnownCountryCode('us')).toBe(false);
    expect(isKnownCountryCode('ZZ')).toBe(false);
  });
});
