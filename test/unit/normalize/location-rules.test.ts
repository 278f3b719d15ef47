/**
 * resolveLocations, parsePiece and locatePlace rules that mutation testing (npm run mutate,
 * issue 11 item 9) found unpinned: the separators feeds use, the structured fields, the
 * company's domain as evidence, duplicates, and the point the `near` filter gets for a
 * place name. Expected values are what the posting's location text says.
 */
import { describe, expect, it } from 'vitest';
import type { PlaceParts } from '../../../src/domain/job.ts';
import { locatePlace } from '../../../src/ingest/normalize/locate-place.ts';
import {
  countryOfDomain,
  resolveLocations,
  splitLocationText,
  type StructuredLocation,
} from '../../../src/ingest/normalize/location.ts';
import { p, parts, places } from '../../helpers/places.ts';

describe('splitLocationText: the separators feeds use', () => {
  it.each([
    ['Austin, TX • Denver, CO', ['Austin, TX', 'Denver, CO']],
    ['Austin, TX\nDenver, CO', ['Austin, TX', 'Denver, CO']],
    ['Austin, TX | Denver, CO', ['Austin, TX', 'Denver, CO']],
    ['Austin, TX;Denver, CO', ['Austin, TX', 'Denver, CO']],
    ['Berlin OR Munich', ['Berlin', 'Munich']],
    ['London / Berlin', ['London', 'Berlin']],
    // No spaces around the slash: cities sharing the state after them, each with it.
    ['Chantilly/Herndon, VA', ['Chantilly, VA', 'Herndon, VA']],
    ['Dallas/Fort Worth, TX', ['Dallas, TX', 'Fort Worth, TX']],
    // Not every part a city of the state: one piece, read by the piece rules.
    ['Remote/Austin, TX', ['Remote/Austin, TX']],
    ['NYC and Remote', ['NYC', 'Remote']],
    ['Austin & Hybrid', ['Austin', 'Hybrid']],
    ['Trinidad and Tobago', ['Trinidad and Tobago']],
    ['Montréal ou Québec', ['Montréal', 'Québec']],
    // A state code glued to the next "City, ST".
    ['Des Moines, IA Denver, CO', ['Des Moines, IA', 'Denver, CO']],
    ['New York, NY   Denver, CO', ['New York, NY', 'Denver, CO']],
    ['Bethesda, MD, Boston, MA', ['Bethesda, MD', 'Boston, MA']],
    ['St. Louis, MO Kansas City, MO', ['St. Louis, MO', 'Kansas City, MO']],
    // A slash after "City, X" and before the next "City,": two places.
    ['Cheltenham , UK/ Manchester, UK', ['Cheltenham , UK', 'Manchester, UK']],
    ['New York, NY/San Francisco, CA', ['New York, NY', 'San Francisco, CA']],
    ['Remote - US/Canada', ['Remote - US/Canada']],
    ['Toronto, ON/Remote', ['Toronto, ON/Remote']],
    // Between two cities ("Berlin/Munich"), or after a city ("Hershey/"), a slash splits nothing.
    ['London, Berlin/Munich, New York', ['London, Berlin/Munich, New York']],
    [
      'Dallas/Fort Worth, TX, Hershey/Mechanicsburg, PA',
      ['Dallas/Fort Worth, TX, Hershey/Mechanicsburg, PA'],
    ],
    // "Oregon" is a word here, not "or".
    ['Portland, Oregon', ['Portland, Oregon']],
    ['  ; Berlin ;; ', ['Berlin']],
    ['  Berlin ', ['Berlin']],
  ])('%j → %j', (text, expected) => {
    expect(splitLocationText(text)).toEqual(expected);
  });

  it('glues no lower-case words or codes that are not followed by a city and state', () => {
    expect(splitLocationText('Austin, TX Metro Area')).toEqual(['Austin, TX Metro Area']);
    expect(splitLocationText('Austin, tx Denver, CO')).toEqual(['Austin, tx Denver, CO']);
    expect(splitLocationText('Austin, TX Denver')).toEqual(['Austin, TX Denver']);
  });
});

describe('countryOfDomain: a country-code domain', () => {
  it.each([
    ['acme.de', 'DE'],
    ['ACME.DE ', 'DE'],
    ['acme.co.uk', 'GB'],
    ['acme.uk', 'GB'],
    ['acme.fr', 'FR'],
    ['acme.ca', 'CA'],
    ['acme.ch', 'CH'],
    ['acme.in', 'IN'],
  ])('%j → %s', (domain, country) => {
    expect(countryOfDomain(domain)).toBe(country);
  });

  // Country-code domains that companies everywhere use as generic ones (.io, .ai, .co, …).
  it.each([
    'io',
    'co',
    'ai',
    'me',
    'tv',
    'ly',
    'gg',
    'sh',
    'so',
    'to',
    'fm',
    'am',
    'cc',
    'ws',
    'la',
    'vc',
    'ac',
    'is',
  ])('acme.%s says nothing about the country', (tld) => {
    expect(countryOfDomain(`acme.${tld}`)).toBeNull();
  });

  it.each([['acme.com'], ['acme.xyz'], ['acme.zz'], ['de'], [''], [null], [undefined]])(
    '%j names no country',
    (domain) => {
      expect(countryOfDomain(domain)).toBeNull();
    },
  );
});

describe('structured location fields', () => {
  const structured = (s: StructuredLocation) => places(null, s);

  it.each<[StructuredLocation, PlaceParts[]]>([
    // "UK" in the region field is the country.
    [{ region: 'UK' }, [p(null, null, 'GB')]],
    [{ region: 'U.K.' }, [p(null, null, 'GB')]],
    [{ region: 'N.Y.' }, [p(null, 'NY', 'US')]],
    // A state's code in lower case beside its country is the state, not Canada or India.
    [{ region: 'ca', country: 'US' }, [p(null, 'CA', 'US')]],
    [{ region: 'in', country: 'USA' }, [p(null, 'IN', 'US')]],
    // A code that is no state of the stated country is that country again.
    [{ region: 'CA', country: 'Canada' }, [p(null, null, 'CA')]],
    [{ region: 'IN', country: 'India' }, [p(null, null, 'IN')]],
    [{ region: 'California' }, [p(null, 'CA', 'US')]],
    [{ region: 'Bavaria', country: 'DE' }, [p(null, 'Bavaria', 'DE')]],
    [{ city: 'Portland', region: 'Oregon' }, [p('Portland', 'OR', 'US')]],
    [{ city: 'Portland', region: 'ME' }, [p('Portland', 'ME', 'US')]],
    [{ city: 'Paris', region: 'TX' }, [p('Paris', 'TX', 'US')]],
    [{ city: 'Paris', country: 'FR' }, [p('Paris', null, 'FR')]],
    [{ city: '  New   York ' }, [p('New York', 'NY', 'US')]],
    [{ city: 'Washington', region: 'DC' }, [p('Washington', 'DC', 'US')]],
    [{ city: 'Dublin', region: 'Leinster', country: 'IE' }, [p('Dublin', 'Leinster', 'IE')]],
    // "London, UK" in the city field.
    [{ city: 'London, UK' }, [p('London', null, 'GB')]],
    [{ city: 'Springfield, IL', region: 'Illinois' }, [p('Springfield', 'IL', 'US')]],
    [{ city: 'Berlin, Germany', country: 'Germany', region: 'Berlin' }, [p('Berlin', 'Berlin', 'DE')]],
    // A city field that contradicts the country: the country stays, the city goes.
    [{ city: 'London, UK', country: 'France' }, [p(null, null, 'FR')]],
    // A name the gazetteer lacks: kept without a country, or with a state; dropped in a stated country.
    [{ city: 'Smallville' }, [p('Smallville', null, null)]],
    [{ city: 'Smallville', region: 'KS' }, [p('Smallville', 'KS', 'US')]],
    [{ city: 'Smallville', country: 'US' }, [p(null, null, 'US')]],
    // A state or a country in the city field is no city: it is the state or the country.
    [{ city: 'Georgia', country: 'US' }, [p(null, 'GA', 'US')]],
    [{ city: 'Texas' }, [p(null, 'TX', 'US')]],
    [{ city: 'Portugal' }, [p(null, null, 'PT')]],
    [{ city: 'Texas', region: 'CA' }, [p(null, 'CA', 'US')]],
    // A region abroad without its country.
    [{ region: 'Bavaria' }, [p(null, 'Bavaria', null)]],
    [{ city: 'Bavaria', country: 'DE' }, [p(null, null, 'DE')]],
    [{ city: 'New York', country: 'US' }, [p('New York', 'NY', 'US')]],
    [{ city: '', region: '', country: '' }, []],
    [{ city: null, region: null, country: null }, []],
  ])('%j', (s, expected) => {
    expect(structured(s)).toEqual(expected);
  });

  it('lists the structured place first, then the text', () => {
    expect(places('London', { city: 'Paris, France' })).toEqual([
      p('Paris', null, 'FR'),
      p('London', null, 'GB'),
    ]);
    expect(places('London, UK', { city: 'Cambridge' })).toEqual([
      p('Cambridge', null, 'GB'),
      p('London', null, 'GB'),
    ]);
  });

  it('ignores a structured value that is not an object or a country that is not text', () => {
    expect(places('Berlin', 'Germany' as unknown as StructuredLocation)).toEqual([p('Berlin', null, 'DE')]);
    expect(places('Berlin', { country: 42 } as unknown as StructuredLocation)).toEqual([
      p('Berlin', null, 'DE'),
    ]);
  });

  it('keeps the employer’s city beside a remote area, but not its country alone', () => {
    expect(resolveLocations('Remote - EU', { country: 'Estonia' })).toEqual({ places: [], areas: ['EU'] });
    expect(parts(resolveLocations('Remote - EU', { city: 'Tallinn' }).places)).toEqual([
      p('Tallinn', null, 'EE'),
    ]);
    // A place in the text as well: the structured country is a place of its own.
    expect(places('EU; Berlin', { country: 'Estonia' })).toEqual([
      p(null, null, 'EE'),
      p('Berlin', null, 'DE'),
    ]);
    expect(places('Remote', { country: 'Estonia' })).toEqual([p(null, null, 'EE')]);
  });
});

describe('evidence for a namesake', () => {
  it("takes the company's country from its domain", () => {
    expect(places('Cambridge', null, { companyDomain: 'acme.ca' })).toEqual([p('Cambridge', 'ON', 'CA')]);
    expect(places('Cambridge', null, { companyDomain: 'acme.de' })).toEqual([p('Cambridge', 'MA', 'US')]);
    expect(places('Cambridge', null, { companyDomain: null })).toEqual([p('Cambridge', 'MA', 'US')]);
    expect(places('Cambridge', { country: 'Canada' })).toEqual([p('Cambridge', 'ON', 'CA')]);
  });

  it('takes the countries from the places the posting states, not from guessed ones', () => {
    expect(places('Waterloo')).toEqual([p('Waterloo', 'IA', 'US')]);
    expect(places('Waterloo; Toronto')).toEqual([p('Waterloo', 'ON', 'CA'), p('Toronto', 'ON', 'CA')]);
    expect(places('Toronto; Waterloo')).toEqual([p('Toronto', 'ON', 'CA'), p('Waterloo', 'ON', 'CA')]);
    // Two guesses: neither says where the other is.
    expect(places('Cambridge; Waterloo')).toEqual([p('Cambridge', 'MA', 'US'), p('Waterloo', 'IA', 'US')]);
  });
});

describe('duplicates and places another one says more about', () => {
  it.each([
    ['Austin, TX; austin, tx', [p('Austin', 'TX', 'US')]],
    ['Texas; Austin', [p('Austin', 'TX', 'US')]],
    ['Austin, TX; Texas', [p('Austin', 'TX', 'US')]],
    ['Berlin; Germany', [p('Berlin', null, 'DE')]],
    ['Portland, OR; Oregon, US', [p('Portland', 'OR', 'US')]],
    ['United States; Canada', [p(null, null, 'US'), p(null, null, 'CA')]],
    ['US; Germany; Berlin, DE', [p(null, null, 'US'), p('Berlin', null, 'DE')]],
    // Two Portlands: neither says less than the other.
    ['Portland; Portland, ME', [p('Portland', 'OR', 'US'), p('Portland', 'ME', 'US')]],
    ['Texas; Ontario', [p(null, 'TX', 'US'), p(null, 'ON', 'CA')]],
    // A town the gazetteer lacks, written twice, once in capitals.
    ['Smallville; SMALLVILLE', [p('Smallville', null, null)]],
  ])('%j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });

  it('names each area once', () => {
    expect(resolveLocations('Remote (EU); Remote (EU)').areas).toEqual(['EU']);
    expect(resolveLocations('EU; EMEA').areas).toEqual(['EU', 'EMEA']);
  });

  it('reads the first 5,000 characters of a runaway location field', () => {
    const filler = 'x'.repeat(5_000);
    expect(places(`Berlin; ${filler}; Munich`)).toEqual([p('Berlin', null, 'DE')]);
    expect(places(`${'y'.repeat(4_980)}; Munich`)).toEqual([p('Munich', null, 'DE')]);
  });
});

describe('locatePlace: the point of a place name for the near filter', () => {
  it.each([
    ['Berlin', 52.52, 13.41, 'Berlin, DE'],
    ['Austin, TX', 30.27, -97.74, 'Austin, TX, US'],
    ['SF', 37.77, -122.42, 'San Francisco, CA, US'],
    ['Cambridge, UK', 52.2, 0.12, 'Cambridge, GB'],
    // The first place with a city: a country or a remote word before it gives no point.
    ['Germany; Berlin', 52.52, 13.41, 'Berlin, DE'],
    ['Remote; Berlin', 52.52, 13.41, 'Berlin, DE'],
    // A town the gazetteer lacks gives no point; the next place does.
    ['Smallville, KS or Wichita, KS', 37.69, -97.34, 'Wichita, KS, US'],
    // A country that is its own city: the city.
    ['Singapore', 1.29, 103.85, 'Singapore, SG'],
    ['Hong Kong', 22.28, 114.17, 'Hong Kong, HK'],
    ['Luxembourg', 49.61, 6.13, 'Luxembourg City, LU'],
  ])('%j → %f, %f (%s)', (text, latitude, longitude, name) => {
    const point = locatePlace(text);
    expect(point?.name).toBe(name);
    expect(point?.latitude).toBeCloseTo(latitude, 1);
    expect(point?.longitude).toBeCloseTo(longitude, 1);
  });

  // Armenia the country is not Armenia, the city in Colombia; Georgia is a state or a country.
  it.each([
    ['Germany'],
    ['Texas'],
    ['Georgia'],
    ['Armenia'],
    ['Mexico'],
    ['Singapore; Germany'],
    ['Remote'],
    ['Smallville'],
    [''],
  ])('%j has no point', (text) => {
    expect(locatePlace(text)).toBeNull();
  });
});

describe('resolutions remembered per thread', () => {
  it('answers each combination of text, fields and domain country for itself', () => {
    // Interleaved, so that a key missing any one input would hand one answer to another.
    expect(places('Remote')).toEqual([]);
    expect(places('Remote', { country: 'Estonia' })).toEqual([p(null, null, 'EE')]);
    expect(places('Remote', { region: 'Texas' })).toEqual([p(null, 'TX', 'US')]);
    expect(places('Remote', { city: 'Tallinn' })).toEqual([p('Tallinn', null, 'EE')]);
    expect(places('Remote')).toEqual([]);
    expect(places('Cambridge', null, { companyDomain: 'acme.co.uk' })).toEqual([p('Cambridge', null, 'GB')]);
    expect(places('Cambridge', null, { companyDomain: 'other.ca' })).toEqual([p('Cambridge', 'ON', 'CA')]);
    expect(places('Cambridge', null, { companyDomain: 'acme.co.uk' })).toEqual([p('Cambridge', null, 'GB')]);
  });

  it('shares one frozen answer, so no job can change the places of another', () => {
    const first = resolveLocations('Austin, TX; Remote - EU');
    expect(resolveLocations('Austin, TX; Remote - EU')).toBe(first);
    expect(() => first.places.push(p('Berlin', null, 'DE'))).toThrow(TypeError);
    expect(() => Object.assign(first.places[0] as object, { city: 'Dallas' })).toThrow(TypeError);
    expect(() => first.areas.push('Asia')).toThrow(TypeError);
    expect(resolveLocations('Austin, TX; Remote - EU').places[0]).toMatchObject({
      city: 'Austin',
      region: 'TX',
    });
  });

  it('gives the same answers after forgetting (the memory is bounded)', () => {
    const before = resolveLocations('Hamburg, Germany');
    // More distinct texts than are kept: the memory is emptied at least once.
    for (let i = 0; i < 6_000; i++) resolveLocations(`Office ${i}, Berlin`);
    const after = resolveLocations('Hamburg, Germany');
    expect(after).not.toBe(before);
    expect(after).toEqual(before);
  });
});
