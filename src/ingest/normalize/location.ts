/**
 * Free location text → places (city, region, ISO country, the city's coordinates) and the
 * areas a remote job is open to.
 *
 * Feeds pack several places into one string with mixed separators (`;`, `|`, ` or `,
 * ` / `; 8.3% of Greenhouse location names in one sample), glue two places together
 * ("Des Moines, IA Denver, CO") and prefix countries ("ES - Barcelona, Spain"). This file
 * splits the string, parses each piece (place.ts), adds the structured fields and removes
 * duplicates; a piece that is only "Remote" yields no place, and "Remote — EU" yields the
 * area "EU", not a country. A city named with nothing beside it is chosen among its
 * namesakes by the countries the rest of the posting names, then its company's (cities.ts).
 */
import { collapseWhitespace, foldText } from '../../domain/text.ts';
import { isCityIn, lookupAlias, resolveCity } from './cities.ts';
import { countryCode, isKnownCountryCode } from './countries.ts';
import { parsePiece } from './place-piece.ts';
import { isNotAPlace } from './place-words.ts';
import { withCity, type ResolvedPlace } from './place.ts';
import { lookupRegion } from './regions.ts';

export type { ResolvedPlace } from './place.ts';

export interface StructuredLocation {
  city?: string | null;
  region?: string | null;
  /** A country name or an ISO code. */
  country?: string | null;
}

export interface LocationEvidence {
  /** The company's domain: a country-code domain ("acme.co.uk", "acme.de") is a hint. */
  companyDomain?: string | null;
}

export interface ResolvedLocations {
  places: ResolvedPlace[];
  /** Areas bigger than a country the text names ("EU", "EMEA", "Worldwide"). */
  areas: string[];
}

// Also "NYC and Remote", "Paris and Remote in Europe": a conjunction before a workplace
// word and a short tail joins two pieces (not "Trinidad and Tobago", nor a sentence: "…
// and ONSITE in Denver, CO, USA, details…", nor after a comma: "Detroit, MI, Washington D.C.,
// and Remote US" is read whole); French and Portuguese "ou" is "or".
const SEPARATORS =
  /\s*(?:;|\||\n|•|\s+(?:or|ou)\s+|\s+\/\s+|(?<!,)\s+(?:and|&)\s+(?=(?:remote|hybrid|on-?site|in[- ]office)\b[^,;()]{0,20}$))\s*/i;
// "Des Moines, IA Denver, CO", "Bethesda, MD, Boston, MA", "San Francisco, CA & New York,
// NY": a state code followed by the next "City, ST".
const GLUED =
  /,\s*([A-Z]{2})(?:\s*&\s*|\s+(?:[Aa]nd|[Oo]r)\s+|\s+|\s*,\s*)(?=\p{Lu}[\p{L}.' -]*,\s*[A-Z]{2}\b)/gu;

// "Cheltenham , UK/ Manchester, UK", "New York, NY/San Francisco, CA": a slash after a
// "City, Country" or "City, State" and before the next "City,"; not "London, Berlin/Munich,
// New York", whose slash is between two cities.
const SLASH_GLUED = /,([^,/;|()]+?)\s*\/\s*(?=\p{Lu}[\p{L}.' -]*,)/gu;
const splitAfterCountry = (match: string, where: string) =>
  countryCode(where.trim()) !== null || lookupRegion(where.trim()) !== null ? `,${where}; ` : match;

/** Splits a multi-place string on the separators feeds use. */
export function splitLocationText(text: string): string[] {
  // Most location strings have no slash: its two rules are skipped for them.
  const slash = text.includes('/');
  const glued = text.replace(GLUED, ', $1; ');
  const pieces = (slash ? glued.replace(SLASH_GLUED, splitAfterCountry) : glued)
    .split(SEPARATORS)
    .flatMap(splitJoinedCities);
  return (slash ? pieces.flatMap(splitSharedWhere) : pieces).map((p) => p.trim()).filter((p) => p !== '');
}

/** A city the gazetteer knows by that name, not a state or a country ("Munich", not "Canada"). */
function isCityName(text: string): boolean {
  const name = (text.split(',')[0] as string).trim();
  return countryCode(name) === null && lookupRegion(name) === null && resolveCity(name) !== null;
}

/**
 * "Hybrid - Berlin + Munich": a plus between places joins two pieces, when a known city
 * follows each plus; not "Dallas, TX + Travel", nor inside parentheses ("Remote (Continental
 * US + Hawaii)": one area). "San Francisco and New York City", "Berlin & Munich": so do
 * "and" and "&" between cities, when every part is one and the whole is no country or
 * state ("Trinidad and Tobago", "Bosnia and Herzegovina") and no part an area ("Asia &
 * Pacific").
 */
function splitJoinedCities(piece: string): string[] {
  if (/[()]/.test(piece)) return [piece];
  const parts = piece.split(/\s+\+\s+/);
  if (parts.length > 1) return parts.slice(1).every(isCityName) ? parts : [piece];
  const joined = piece.split(/\s+(?:and|&)\s+/i);
  if (
    joined.length < 2 ||
    countryCode(piece) !== null ||
    lookupRegion(piece) !== null ||
    joined.some(isNotAPlace) ||
    !joined.every(isCityName)
  )
    return [piece];
  // "Marion & Shelby, NC": the last part's state or country is the others' too, where it
  // has a city of that name.
  const last = joined.at(-1) as string;
  const where = last.includes(',') ? last.slice(last.lastIndexOf(',') + 1).trim() : '';
  return joined.map((part) =>
    where !== '' && !part.includes(',') && isCityIn(part, where) ? `${part}, ${where}` : part,
  );
}

// "Dallas/Fort Worth, TX", "Hershey/Mechanicsburg, PA": cities joined by slashes before
// the state or country they share.
const SHARED_WHERE = /^((?:\p{Lu}[\p{L}.' -]*?\s*\/\s*)+\p{Lu}[\p{L}.' -]*?)\s*,\s*([^,/()]+)$/u;

/** Each city of "A/B, Where" as its own "A, Where" when every one is a city there; else the piece. */
function splitSharedWhere(piece: string): string[] {
  const m = SHARED_WHERE.exec(piece.trim());
  if (!m) return [piece];
  const where = (m[2] as string).trim();
  const cities = (m[1] as string).split(/\s*\/\s*/);
  return cities.every((city) => isCityIn(city, where)) ? cities.map((city) => `${city}, ${where}`) : [piece];
}

// Country-code domains used as generic ones: no company country from them.
const GENERIC_TLDS = new Set([
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
]);

/** The country of a country-code domain ("acme.co.uk" → GB), or null. */
export function countryOfDomain(domain: string | null | undefined): string | null {
  const tld =
    typeof domain === 'string' ? /\.([a-z]{2})$/i.exec(domain.trim())?.[1]?.toLowerCase() : undefined;
  if (tld === undefined || GENERIC_TLDS.has(tld)) return null;
  const code = tld === 'uk' ? 'GB' : tld.toUpperCase();
  return isKnownCountryCode(code) ? code : null;
}

function structuredPlace(s: StructuredLocation, prefer: readonly string[]): ResolvedPlace | null {
  let country = countryCode(s.country ?? null);
  let regionText = typeof s.region === 'string' ? collapseWhitespace(s.region) : '';
  // A code in the region field is a state's whatever its case ("ca" beside "US" is California).
  const asRegion = (t: string) => (t.length === 2 ? t.toUpperCase() : t);
  // "UK" as the region: a country, not a region.
  if (
    /^[A-Za-z.]{2,4}$/.test(regionText) &&
    !lookupRegion(asRegion(regionText), country) &&
    countryCode(regionText)
  ) {
    country ??= countryCode(regionText);
    regionText = '';
  }
  const region = regionText ? lookupRegion(asRegion(regionText), country) : null;
  const place: ResolvedPlace = {
    city: null,
    region: region?.code ?? (regionText || null),
    countryCode: country ?? region?.countryCode ?? null,
  };
  const cityText = typeof s.city === 'string' ? collapseWhitespace(s.city) : '';
  let result: ResolvedPlace = place;
  if (cityText.includes(',')) {
    // "London, UK" in the city field.
    const first = parsePiece(cityText, prefer).places[0];
    if (
      first &&
      (place.countryCode === null || first.countryCode === null || first.countryCode === place.countryCode)
    ) {
      result = {
        ...first,
        region: first.region ?? place.region,
        countryCode: first.countryCode ?? place.countryCode,
      };
    }
  } else if (cityText) {
    // A country or a state in the city field is none ("Portugal"), unless it is also a
    // city there ("Singapore", "New York"); a name the gazetteer lacks in a stated
    // country is dropped ("Des" for Des Moines).
    const ctx = { prefer, guessed: false };
    const isCity =
      lookupAlias(cityText) !== null ||
      resolveCity(cityText, { countryCode: place.countryCode }) !== null ||
      (countryCode(cityText) === null && lookupRegion(cityText, place.countryCode) === null);
    if (isCity) result = withCity(place, cityText, ctx, place.countryCode === null || region !== null);
    else {
      // "Texas", "Portugal" in the city field: the state or the country, where the other
      // fields do not say it.
      const state = lookupRegion(cityText, place.countryCode);
      if (state && place.region === null) {
        result = { ...place, region: state.code, countryCode: state.countryCode };
      } else if (place.countryCode === null) result = { ...place, countryCode: countryCode(cityText) };
    }
  }
  if (result.city === null && result.region === null && result.countryCode === null) return null;
  return result;
}

function key(p: ResolvedPlace): string {
  return [p.city, p.region, p.countryCode].map((v) => (v ? foldText(v) : '')).join('|');
}

/** True when `a` says less than `b` and nothing that contradicts it. */
function subsumedBy(a: ResolvedPlace, b: ResolvedPlace): boolean {
  // A place compatible with another is one of fewer fields: the same fields would have
  // made the same key, and duplicates are gone by now.
  if (a === b) return false;
  const fields = ['city', 'region', 'countryCode'] as const;
  return fields.every(
    (f) => a[f] === null || (b[f] !== null && foldText(a[f] as string) === foldText(b[f] as string)),
  );
}

/**
 * All places named by the text (and the structured fields, listed first), deduplicated
 * (a place that only repeats part of a more specific one, "United States" next to
 * "Austin, TX, US", is dropped), and the areas the text names.
 */
export function resolveLocations(
  text: string | null | undefined,
  structured?: StructuredLocation | null,
  evidence: LocationEvidence = {},
): ResolvedLocations {
  // The domain matters only through its country: the key holds that, not the domain.
  const domainCountry = countryOfDomain(evidence.companyDomain);
  const key = JSON.stringify([
    text,
    structured?.city,
    structured?.region,
    structured?.country,
    domainCountry,
  ]);
  let found = remembered.get(key);
  if (!found) {
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(key, (found = frozen(resolveAnew(text, structured, domainCountry))));
  }
  return found;
}

// A feed repeats its location strings (a board's jobs share a few offices; "Remote"), and
// resolving one is about 15 µs of splitting and gazetteer lookups, the most of any field
// after the description's: each combination is resolved once per thread and kept. The
// result is shared by every job with that location, so it is frozen: no job can change
// another's places.
const remembered = new Map<string, ResolvedLocations>();
const MAX_REMEMBERED = 5_000;

function frozen(resolved: ResolvedLocations): ResolvedLocations {
  for (const place of resolved.places) Object.freeze(place);
  Object.freeze(resolved.places);
  Object.freeze(resolved.areas);
  return Object.freeze(resolved);
}

function resolveAnew(
  text: string | null | undefined,
  structured: StructuredLocation | null | undefined,
  domainCountry: string | null,
): ResolvedLocations {
  const pieces = typeof text === 'string' ? splitLocationText(text.slice(0, 5_000)) : [];
  const parsed = pieces.map((piece) => parsePiece(piece));
  const areas = [...new Set(parsed.flatMap((p) => p.areas))];
  const stated = parsed.filter((p) => !p.guessed).flatMap((p) => p.places.map((place) => place.countryCode));
  const structuredCountry =
    structured && typeof structured === 'object' ? countryCode(structured.country ?? null) : null;
  const prefer = [...new Set([...stated, structuredCountry, domainCountry])].filter(
    (c): c is string => c !== null,
  );
  const places: ResolvedPlace[] = [];
  if (structured && typeof structured === 'object') {
    const place = structuredPlace(structured, prefer);
    // "Remote from EU" with the employer's address in Estonia: the area, not the address.
    const onlyArea = areas.length > 0 && parsed.every((p) => p.places.length === 0);
    if (place && !(onlyArea && place.city === null)) places.push(place);
  }
  parsed.forEach((result, i) => {
    const again = result.guessed && prefer.length > 0 ? parsePiece(pieces[i] as string, prefer) : result;
    places.push(...again.places);
  });
  const seen = new Set<string>();
  const unique = places.filter((p) => {
    const k = key(p);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return { places: unique.filter((p) => !unique.some((other) => subsumedBy(p, other))), areas };
}

/** The places of `resolveLocations`. */
export function parseLocations(
  text: string | null | undefined,
  structured?: StructuredLocation | null,
  evidence: LocationEvidence = {},
): ResolvedPlace[] {
  return resolveLocations(text, structured, evidence).places;
}
