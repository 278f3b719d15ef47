/**
 * Places from the comma list of one piece of a location string: "San Francisco, CA",
 * "665 Clyde Avenue, Mountain View, CA", "Mexico, Mexico City", "Amsterdam, Berlin,
 * Munich". Countries, then states and provinces, are read first, wherever they stand; the
 * city is the part the gazetteer knows in that state or country (cities.ts says which of
 * several of one name). Street addresses, employment words and areas never become a city.
 */
import type { PlaceParts } from '../../domain/job.ts';
import { collapseWhitespace } from '../../domain/text.ts';
import { isAmbiguous, lookupAlias, resolveCity, type CityInfo } from './cities.ts';
import { countryCode } from './countries.ts';
import { isNameLike, isNotAPlace, isStreet, SITE_WORDS, streetTail } from './place-words.ts';
import { isRegionAbroad, lookupRegion } from './regions.ts';

/** A place as the normalizer resolves it: the stored parts, and the city's coordinates. */
export interface ResolvedPlace extends PlaceParts {
  /** WGS84 degrees of the gazetteer city; absent when the city is not in the gazetteer. */
  latitude?: number;
  longitude?: number;
}

export interface Ctx {
  prefer: readonly string[];
  guessed: boolean;
}

export const isNorthAmerica = (code: string | null) => code === null || code === 'US' || code === 'CA';

function cityPlace(place: PlaceParts, info: CityInfo): ResolvedPlace {
  return {
    city: info.name,
    region: place.region ?? info.region,
    countryCode: place.countryCode ?? info.countryCode,
    latitude: info.latitude,
    longitude: info.longitude,
  };
}

/** The gazetteer's city for a name in the place's state or country, or null. */
function resolveIn(place: PlaceParts, name: string, ctx: Ctx): CityInfo | null {
  const region = isNorthAmerica(place.countryCode) && lookupRegion(place.region ?? '') ? place.region : null;
  const bare = region === null && place.countryCode === null;
  const info = resolveCity(name, {
    region,
    countryCode: place.countryCode,
    preferCountries: bare ? ctx.prefer : [],
  });
  if (info && bare && lookupAlias(name) === null && isAmbiguous(name)) ctx.guessed = true;
  return info;
}

/**
 * The place with its city: the gazetteer's when it knows the name there, else the name as
 * written when `keepUnknown` and it looks like a name ("Smallville").
 */
export function withCity(place: PlaceParts, cityText: string, ctx: Ctx, keepUnknown = true): ResolvedPlace {
  const written = collapseWhitespace(cityText.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}.)]+$/gu, ''));
  // "Dublin 2", "Paris 75008", "Warsaw 00-001": a postal code after a city the gazetteer
  // knows is no part of it (an unknown name with a number, "Route 66", is kept by nobody).
  const city = written.replace(/\s+\d[\d\s-]*$/, '');
  // Leftovers of separators ("/ or") and postal codes are not cities.
  if (!/\p{L}{2}/u.test(city) || /^(?:or|and|to|in)(?:\s|$)/i.test(city) || isNotAPlace(city)) return place;
  // "Chantilly/Herndon", "Islamabad & Lahore": the first the gazetteer knows.
  const names = city.split(/\s*[/&]\s*/);
  for (const name of names) {
    if (isNotAPlace(name)) continue;
    const info = resolveIn(place, name, ctx);
    if (info) return cityPlace(place, info);
  }
  const first = names[0] as string;
  return keepUnknown && city === written && isNameLike(first) && !isNotAPlace(first)
    ? { ...place, city: first }
    : place;
}

/** The part without site words ("Office", "HQ", "Preferred", "based"). */
export function cleanPart(part: string): string {
  let p = part;
  let before: string;
  do {
    before = p;
    p = p.replace(SITE_WORDS, '').trim();
  } while (p !== before);
  return p;
}

/**
 * Street parts dropped; one that ends in a known city ("2116 Penn Ave Pittsburgh") keeps it,
 * and a city whose name reads like a street ("100 Mile House") stays.
 */
function withoutStreets(parts: string[]): string[] {
  return parts.flatMap((part) => {
    if (!isStreet(part) || resolveCity(part) !== null) return [part];
    const tail = streetTail(part).find((t) => resolveCity(t) !== null);
    return tail ? [tail] : [];
  });
}

function isCountryOnly(part: string): boolean {
  // "US, California, Los Angeles": a code too, unless it is a state's ("CA", "DE").
  return countryCode(part) !== null && lookupRegion(part.toUpperCase()) === null;
}

/** One part alone: a city alias, a state, a country, a city, or a name as written. */
function solePart(place: PlaceParts, only: string, ctx: Ctx): ResolvedPlace {
  if (lookupAlias(only)) return withCity(place, only, ctx);
  const region = lookupRegion(only, place.countryCode);
  if (region) return { city: null, region: region.code, countryCode: region.countryCode };
  const country = countryCode(only);
  if (country) return { ...place, countryCode: country };
  // "Walnut CA", "Austin TX 78701": city and state code without a comma.
  const glued = /^(.+?)\s+([A-Z]{2})$/.exec(only.replace(/\s+\d[\d\s-]*$/, ''));
  const gluedRegion = glued ? lookupRegion(glued[2] as string, place.countryCode) : null;
  if (glued && gluedRegion && !resolveIn(place, only, { ...ctx })) {
    return withCity(
      { city: null, region: gluedRegion.code, countryCode: gluedRegion.countryCode },
      glued[1] as string,
      ctx,
    );
  }
  return withCity(place, only, ctx);
}

/**
 * The last part(s) as country and state: "…, CA", "…, Berlin, DE", "…, Ontario, Canada".
 * Returns the part read as a state, if any.
 */
function takeCountryAndRegion(parts: string[], place: PlaceParts): string | null {
  let regionPart: string | null = null;
  const last = parts[parts.length - 1] as string;
  const asCode = last.toUpperCase();
  const first = parts[0] as string;
  const firstCity =
    /^[A-Z]{2}$/.test(last) && asCode !== 'US' ? resolveCity(first, { countryCode: asCode }) : null;
  // "Berlin, DE", "Mumbai, IN", "Toronto, CA": a code that is the city's country is the
  // country, even though DE, IN and CA are also US state codes, unless the state has a
  // city of that name too ("Richmond, CA").
  if (firstCity && asCode !== 'PR' && !resolveCity(first, { region: asCode, countryCode: 'US' })) {
    place.countryCode = asCode;
    parts.pop();
  } else if (/^[A-Z]{2}$/.test(last) && lookupRegion(last) === null && isElsewhere(first, asCode)) {
    // "Munich, BY": Bavaria's code, not Belarus; the city says where it is.
    parts.pop();
  } else {
    const region = lookupRegion(last, place.countryCode);
    const country = countryCode(last);
    // "Tbilisi, Georgia": the country, when its city is there and not in the state (Puerto
    // Rico, a state here and a country in the gazetteer, stays the state).
    const cityOfCountry =
      region !== null &&
      country !== null &&
      country !== region.code &&
      resolveCity(first, { region: region.code, countryCode: region.countryCode }) === null &&
      resolveCity(first, { countryCode: country }) !== null;
    // "Toronto, Ontario, CA", "Munich, Bavaria, DE": after a province or a region the code is
    // the country; "Bayview, San Francisco, CA" and "United States, Santa Monica, CA" name a
    // city of the state before it.
    const before = parts[parts.length - 2] as string;
    const codeIsCountry =
      region !== null &&
      country !== null &&
      /^[A-Z]{2}$/.test(last) &&
      parts.length >= 3 &&
      (lookupRegion(before, country) !== null ||
        resolveCity(before, { region: region.code, countryCode: region.countryCode }) === null);
    if (region && !cityOfCountry && !codeIsCountry) {
      place.region = region.code;
      place.countryCode = region.countryCode;
      regionPart = parts.pop() ?? null;
    } else if (country) {
      place.countryCode = country;
      parts.pop();
    }
  }
  if (parts.length >= 2 && place.region === null) {
    const next = parts[parts.length - 1] as string;
    const region = lookupRegion(next, place.countryCode);
    const abroad = !isNorthAmerica(place.countryCode ?? resolveCity(parts[0] as string)?.countryCode ?? null);
    if (region) {
      place.region = region.code;
      place.countryCode = region.countryCode;
      regionPart = parts.pop() ?? null;
    } else if (!isCityThere(place, next) && !/\d/.test(next) && abroad) {
      // A first-level region outside the US and Canada, kept as written ("England",
      // "Bengaluru, Karnataka").
      place.region = collapseWhitespace(next);
      parts.pop();
    }
  }
  return regionPart;
}

/** True when a city of that name (15,000 people or more) is nowhere in the state or country `code` names. */
function isElsewhere(name: string, code: string): boolean {
  const city = lookupAlias(name) ?? resolveCity(name);
  if (city === null || city.population < 15_000) return false;
  return resolveCity(name, { countryCode: countryCode(code) ?? code }) === null;
}

/** A city big enough that a list of such names is a list of places, not city + region. */
function isCityThere(place: PlaceParts, name: string): boolean {
  // In a state named with the list, a city of that state only.
  const region = place.region !== null && lookupRegion(place.region) ? place.region : null;
  const alias = lookupAlias(name);
  if (alias) return region === null || alias.region === region;
  // "VIC", "NSW": a code, not the town of Vic.
  if (/^[A-Z]{2,3}$/.test(name)) return false;
  const info = resolveCity(name, { region, countryCode: place.countryCode });
  return info !== null && info.population >= 15_000;
}

/** "San Francisco, CA", "London, England, United Kingdom", "Berlin", "SF", "A, B, C". */
export function parseCommaList(text: string, hint: PlaceParts, ctx: Ctx): ResolvedPlace[] {
  let parts = withoutStreets(
    text
      .split(',')
      .map(cleanPart)
      .filter((p) => !isNotAPlace(p) && !/^\d[\d -]*$/.test(p)),
  );
  // "United States, California, Los Angeles", "Mexico, Mexico City", "United States, FL": the
  // country first; not "Lebanon, Ohio", "Peru, Indiana", a town of the state named so.
  const last = parts[parts.length - 1] ?? '';
  const lastRegion = lookupRegion(last);
  const first = parts[0] as string;
  if (
    parts.length >= 2 &&
    isCountryOnly(first) &&
    // "US, CA": a code the first country has a state of is that state, not Canada.
    (!countryCode(last) || (/^[A-Z]{2}$/.test(last) && lookupRegion(last, countryCode(first)) !== null)) &&
    (lastRegion === null ||
      resolveCity(first, { region: lastRegion.code, countryCode: lastRegion.countryCode }) === null)
  ) {
    parts = parts.reverse();
  }
  // "US, Canada", "Germany, Austria, Switzerland": a list of countries, each a place
  // ("Luxembourg, Luxembourg" is the city and its country).
  const countries = parts.map((part) => (lookupRegion(part) === null ? countryCode(part) : null));
  if (parts.length >= 2 && countries.every((c) => c !== null) && new Set(countries).size === parts.length) {
    return countries.map((c) => ({ city: null, region: null, countryCode: c }));
  }
  // "CO, FL, GA", "Remote - ME, NH, MA": a list of state codes, a place per state (they
  // were read as a city "CO" in Florida, or Morocco).
  // "NY, NY" is how New York City is written (the city by its state's code).
  if (parts.length === 2 && parts[0] === 'NY' && parts[1] === 'NY') parts = ['New York City', 'NY'];
  // Not "LA, CA" (Los Angeles: a city's alias first) nor "NY, NY", "DC, DC" (the city
  // named by its state's code, then the state).
  const states = parts.map((part) => (/^[A-Z]{2}$/.test(part) ? lookupRegion(part, hint.countryCode) : null));
  if (
    parts.length >= 2 &&
    states.every((s) => s !== null) &&
    (parts.length > 2 || parts[0] !== parts[1]) &&
    lookupAlias(parts[0] as string) === null
  ) {
    return states.map((s) => ({ city: null, region: s.code, countryCode: s.countryCode }));
  }
  const place: PlaceParts = { city: null, region: hint.region, countryCode: hint.countryCode };
  if (parts.length === 0) return [place];
  if (parts.length === 1) return [solePart(place, parts[0] as string, ctx)];
  const regionPart = takeCountryAndRegion(parts, place);
  // "Boston, New York": two cities, not Boston in New York State (8,000 people).
  const stateCity = regionPart && regionPart.length > 2 ? lookupAlias(regionPart) : null;
  if (stateCity && parts.length === 1) {
    const inState = resolveIn(place, parts[0] as string, { ...ctx });
    const anywhere = resolveCity(parts[0] as string, { countryCode: place.countryCode });
    if (anywhere && anywhere.population >= 100_000 && (inState?.population ?? 0) * 50 < anywhere.population) {
      const country: PlaceParts = { city: null, region: null, countryCode: place.countryCode };
      return [withCity(country, parts[0] as string, ctx), withCity(country, regionPart as string, ctx)];
    }
  }
  if (parts.length === 1 && place.region === null && place.countryCode !== null) {
    return [solePartIn(place, parts[0] as string, ctx)];
  }
  // "Amsterdam, Berlin, Munich, Ghent", "Dallas, Houston, Austin, TX": several cities (of
  // the state, when one is named), each a place; a name the gazetteer lacks among them is
  // dropped.
  const cities =
    place.region === null || lookupRegion(place.region) ? parts.filter((p) => isCityThere(place, p)) : [];
  if (cities.length >= 2 && cities.length * 2 >= parts.length) {
    return cities.map((p) => withCity(place, p, ctx));
  }
  const known = parts.find((p) => resolveIn(place, p, { ...ctx }) !== null);
  if (known) return [withCity(place, known, ctx)];
  // "Hollywood, LA": LA the city, not Louisiana.
  const regionCity = place.region ? lookupAlias(place.region) : null;
  if (regionCity && resolveCity(parts[0] as string, { region: regionCity.region, countryCode: 'US' })) {
    return [withCity({ city: null, region: regionCity.region, countryCode: 'US' }, parts[0] as string, ctx)];
  }
  return [withCity(place, parts[0] ?? '', ctx)];
}

// "Tel Aviv District", "Tokyo Prefecture", "Brussels-Capital": a region, not a city.
const REGION_WORDS = /[\s-](?:district|province|prefecture|state|county|region|capital|voivodeship|oblast)$/i;

/** "Colorado, United States", "New York, United States", "Tel Aviv District, Israel". */
function solePartIn(place: PlaceParts, only: string, ctx: Ctx): ResolvedPlace {
  if (lookupAlias(only)) return withCity(place, only, ctx);
  const region = lookupRegion(only, place.countryCode);
  if (region) return { city: null, region: region.code, countryCode: region.countryCode };
  if (REGION_WORDS.test(only) && !resolveIn(place, only, { ...ctx })) {
    return { ...place, region: collapseWhitespace(only) };
  }
  // "Queensland, Australia": a region of the country, unless a town of that name is there
  // ("Dublin, Ireland", "Hamburg, Germany" are the cities).
  if (isRegionAbroad(only, place.countryCode) && !isCityThere(place, only)) {
    return { ...place, region: collapseWhitespace(only) };
  }
  return withCity(place, only, ctx);
}
