/**
 * One piece of a multi-place string: "ES - Barcelona, Spain", "Remote - United States",
 * "Onsite (Burlingame, CA)", "Remote (EU)", "US - MA - Wilmington". Dashes and
 * parentheses split it into segments; countries, states and areas bigger than a country
 * among them are hints, and the segment naming a known city is the place (place.ts).
 * Workplace words ("Remote", "Hybrid") are stripped; an area is returned apart, as where a
 * remote job may be.
 */
import { collapseWhitespace } from '../../domain/text.ts';
import { isCityIn, lookupAlias, resolveCity } from './cities.ts';
import { countryCode } from './countries.ts';
import { cleanPart, isNorthAmerica, parseCommaList, type Ctx, type ResolvedPlace } from './place.ts';
import { isNotAPlace, isPartOfUS, remoteArea, WORKPLACE_WORDS } from './place-words.ts';
import { lookupRegion } from './regions.ts';

export interface ParsedPiece {
  places: ResolvedPlace[];
  /** Areas bigger than a country the piece names ("EU", "Worldwide"). */
  areas: string[];
  /** True when a city was chosen among namesakes with nothing in the piece to go by. */
  guessed: boolean;
}

// "Multiple US Locations", "Various UK offices".
const MULTIPLE_IN = /^(?:multiple|various|several)\s+(.+?)\s+(?:locations?|offices|cities|sites)$/i;

interface Hints {
  country: string | null;
  /** Several countries at once ("US/Canada"): the first, when no place says more. */
  countries: string | null;
  region: string | null;
  code: string | null;
  areas: string[];
}

/** A country, state, area or several countries ("US & CAN", "US/Canada"): hints, no main. */
function readHint(segment: string, hints: Hints): boolean {
  // "in the", "from", "within" before the country or area.
  const named = segment.replace(/^(?:(?:in|from|within)\s+)?(?:the\s+)?/i, '');
  // "EU", "EU/Asia/Americas", "within the EU".
  const areas = named.split(/\s*[/&,]\s*/).map(remoteArea);
  if (areas.every((a) => a !== null)) {
    hints.areas.push(...(areas as string[]));
    return true;
  }
  if (isPartOfUS(named)) {
    hints.country ??= 'US';
    return true;
  }
  const multiple = MULTIPLE_IN.exec(segment);
  const tokens = (multiple ? (multiple[1] as string) : named)
    // "US & Canada only", "US only / Canada": after any of the names.
    .replace(/\s+only\b/gi, '')
    .split(/\s*(?:&|\/|\+|\band\b)\s*/i)
    .filter((t) => t !== '');
  const countries = tokens.map((t) => (t.includes(',') ? null : countryCode(t)));
  // "EU & UK", "Europe/US": areas beside countries (the UK is no town of Uk in Russia).
  const tokenAreas = tokens.map((t, i) => (countries[i] === null ? remoteArea(t) : null));
  if (tokens.length > 1 && countries.every((c, i) => c !== null || tokenAreas[i] !== null)) {
    hints.areas.push(...tokenAreas.filter((a) => a !== null));
    const first = countries.find((c) => c !== null);
    if (first) hints.countries ??= first;
    return true;
  }
  // "US - MA - Wilmington": after the US, MA is Massachusetts, not Morocco.
  const stateAfterCountry = hints.country !== null ? lookupRegion(segment, hints.country) : null;
  if (stateAfterCountry && /^[A-Z]{2}$/.test(segment)) {
    hints.region ??= stateAfterCountry.code;
    return true;
  }
  if (tokens.length === 1 && countries[0]) {
    hints.country ??= countries[0];
    if (/^[A-Za-z]{2}$/.test(segment)) hints.code = segment.toUpperCase();
    return true;
  }
  const region = segment.includes(',') ? null : lookupRegion(segment);
  if (region && !lookupAlias(segment)) {
    hints.region ??= region.code;
    hints.country ??= region.countryCode;
    if (/^[A-Za-z]{2}$/.test(segment)) hints.code = segment.toUpperCase();
    return true;
  }
  return !segment.includes(',') && isNotAPlace(segment);
}

// Pieces repeat across postings ("San Francisco, CA", "Remote - US": 13,000 distinct
// strings in 74,000 rows of ../shared/data): each is parsed once per thread, for each set
// of preferred countries. Emptied when it grows past the bound.
const parsed = new Map<string, ParsedPiece>();
const MAX_PIECES = 20_000;

/**
 * Empties the memo of parsed pieces. For tests: mutation testing switches code inside a
 * running process, where remembered pieces would hide the change.
 */
export function forgetParsedPieces(): void {
  parsed.clear();
}

/** Places and areas of one piece of a multi-place string (copies: callers may keep them). */
export function parsePiece(piece: string, prefer: readonly string[] = []): ParsedPiece {
  const key = prefer.length === 0 ? piece : `${prefer.join(',')}\u0000${piece}`;
  let result = parsed.get(key);
  if (result === undefined) {
    result = withCityInParentheses(piece, parseNew(piece, prefer));
    if (parsed.size >= MAX_PIECES) parsed.clear();
    parsed.set(key, result);
  }
  return { places: result.places.map((p) => ({ ...p })), areas: [...result.areas], guessed: result.guessed };
}

/**
 * "IL-Bloomington", "DE-Berlin", "US-CA-San Jose" (Workday and Taleo write codes and a city
 * joined by hyphens): the segments a dash between spaces makes, so that the codes are read
 * as hints ("US - MA - Wilmington"; "US-SF", "US-CA" too). Only codes of two capitals
 * before a capital: "Winston-Salem", "Aix-en-Provence", "Al-Khobar" and "ON-SITE" stay whole.
 */
const CODES_JOINED = /^([A-Z]{2})-(?:([A-Z]{2,3})-)?(?=\p{Lu})(?!SITE\b|Site\b)/u;

/**
 * "Toronto Canada", "Austin Texas", "London UK": a city and its country or state written
 * without a comma, as "City, Country" when the last one to three words name a country or a
 * state that has a city of the leading words' name, or the first word is such a code ("MA
 * Boston"). Null when they do not.
 */
function withComma(main: string): string | null {
  const words = main.split(' ');
  if (words.length < 2 || main.includes(',') || resolveCity(main) !== null) return null;
  for (let k = Math.min(3, words.length - 1); k >= 1; k--) {
    const city = words.slice(0, -k).join(' ');
    const after = words.slice(-k).join(' ');
    if (isCityIn(city, after)) return `${city}, ${after}`;
  }
  // "MA Boston", "UK London": a state's or country's code first.
  const [code, ...rest] = words as [string, ...string[]];
  if (/^[A-Z]{2}$/.test(code) && isCityIn(rest.join(' '), code)) return `${rest.join(' ')}, ${code}`;
  return null;
}

/**
 * "Paris-France", "India-Bangalore", "Washington-Seattle": a city and its country or state
 * joined by a hyphen, as "City, Country" when the one names a city in the other.
 * "Winston-Salem", "Dallas-Fort Worth" have no country or state on either side.
 */
function nameJoined(piece: string): string | null {
  return cityAndWhere(/^(\p{Lu}[\p{L}.' ]*)-(\p{Lu}[\p{L}.' ]*)$/u.exec(piece), false);
}

// "Canada/Toronto", "US/Austin", "Cambridge/UK": a country and a city joined by a slash.
const SLASH_JOINED = /^(\p{Lu}[\p{L}.' ]*?)\s*\/\s*(\p{Lu}[\p{L}.' ]*)$/u;

/**
 * A city and its country joined by a slash, either way round, as "City, Country" when the
 * country has a city of that name; null otherwise ("Chantilly/Herndon", "New York/Boston":
 * two cities, the first the gazetteer knows is the place, as the comma list reads them).
 */
function slashJoined(main: string): string | null {
  return cityAndWhere(SLASH_JOINED.exec(main), true);
}

/** "City, Where" from a joined pair, either way round, when one side is a city in the other. */
function cityAndWhere(pair: RegExpExecArray | null, countryOnly: boolean): string | null {
  if (!pair) return null;
  const [, left, right] = pair as unknown as [string, string, string];
  for (const [city, where] of [
    [left, right],
    [right, left],
  ] as const)
    if ((!countryOnly || countryCode(where) !== null) && isCityIn(city, where)) return `${city}, ${where}`;
  return null;
}

/**
 * "Germany - Remote (Berlin)": a city in parentheses beside a country or state, which the
 * piece read as a hint only, is the place, when it is in that country or state.
 */
function withCityInParentheses(piece: string, parsed: ParsedPiece): ParsedPiece {
  const only = parsed.places.length === 1 ? (parsed.places[0] as ResolvedPlace) : null;
  const inner = /\(([^()]*)\)/.exec(piece)?.[1];
  if (only === null || only.city !== null || only.countryCode === null || inner === undefined) return parsed;
  // "Australia (Melbourne & Sydney)": each city.
  const cities = inner
    .split(/\s+(?:&|and)\s+|\s*\/\s*/i)
    .flatMap((name) => parsePiece(name, [only.countryCode as string]).places)
    .filter(
      (p) =>
        // A gazetteer city (it has coordinates) of the country and state named.
        p.latitude !== undefined &&
        p.countryCode === only.countryCode &&
        (only.region === null || p.region === only.region),
    );
  return cities.length > 0 ? { ...parsed, places: cities } : parsed;
}

function parseNew(piece: string, prefer: readonly string[]): ParsedPiece {
  piece =
    nameJoined(piece) ??
    piece.replace(CODES_JOINED, (_m, first: string, second?: string) =>
      second ? `${first} - ${second} - ` : `${first} - `,
    );
  const ctx: Ctx = { prefer, guessed: false };
  const hints: Hints = { country: null, countries: null, region: null, code: null, areas: [] };
  if (/\b(?:anywhere|worldwide|globally)\b(?!\s+(?:in|within)\b)/i.test(piece)) hints.areas.push('Worldwide');
  // "(US)", "(Remote - EU)", "(Burlingame, CA)": hints, or the place when nothing is outside.
  const inner: string[] = [];
  let text = piece.replace(/\(([^()]*)\)/g, (_m, content: string) => {
    const cleaned = collapseWhitespace(
      content.replace(WORKPLACE_WORDS, ' ').replace(/^[\s,:–—-]+|[\s,:–—-]+$/g, ''),
    );
    if (cleaned !== '' && !readHint(cleaned, hints)) inner.push(cleaned);
    return ' ';
  });
  text = collapseWhitespace(text.replace(WORKPLACE_WORDS, ' - '));
  // Segments outside hints; "Movable Ink - Toronto": the main is the one naming a known city.
  const mainsOf = (t: string) =>
    t
      .split(/\s*[-–—:+]\s+|\s+[-–—:+]\s*|^\s*[-–—]\s*/)
      .map((s) => s.replace(/^[,\s–—-]+|[,\s–—-]+$/g, ''))
      .filter((s) => s !== '' && !readHint(s, hints));
  const cityIn = (segments: string[], countryCode: string | null = null, region: string | null = null) =>
    segments.find((m) => resolveCity(cleanPart(m.split(',')[0] as string), { countryCode, region }) !== null);
  const mains = mainsOf(text);
  let main = cityIn(mains);
  // "Germany - Remote (Berlin)", "US (Austin, TX)", "Movable Ink (Toronto)": when nothing
  // outside the parentheses names a city, a city inside them (in the country named, if
  // one is: "Singapore (East Side)" is no East Side elsewhere) is the place; so is any
  // place there when nothing but workplace words is outside ("Remote (Tri-Cities, WA)").
  const innerPlace = inner.find((s) => /\p{Lu}/u.test(s));
  if (main === undefined && innerPlace !== undefined) {
    const innerMains = mainsOf(innerPlace);
    // In the state named, too: "Texas (Seattle)" is no Seattle, Texas.
    const state = isNorthAmerica(hints.country) ? hints.region : null;
    main = cityIn(innerMains, hints.country, state) ?? (/\p{L}{2}/u.test(text) ? undefined : innerMains[0]);
  }
  main ??= mains[0];
  const areas = [...new Set(hints.areas)];
  if (main === undefined) {
    hints.country ??= hints.countries;
    // A state hint always comes with its country.
    if (hints.country === null) return { places: [], areas, guessed: false };
    return {
      places: [{ city: null, region: hints.region, countryCode: hints.country }],
      areas,
      guessed: false,
    };
  }
  // "CA - San Francisco", "DE - Wilmington": the code was the state, not Canada or Germany,
  // when the state has a city of that name and the country none, or the state has the
  // biggest of the US cities of that name.
  if (hints.code && hints.country === hints.code) {
    const name = main.split(',')[0] as string;
    const biggest = lookupAlias(name) ?? resolveCity(name, { countryCode: 'US' });
    const inCountry = resolveCity(name, { countryCode: hints.country }) !== null;
    // A town the country lacks and the state has ("DE - Wilmington"), or one the gazetteer
    // has in another state, or nowhere ("IL-Edwards"): a state code beside a US town name
    // is likelier than a country's code beside a town that country lacks.
    const inState =
      (biggest?.countryCode === 'US' && biggest.region === hints.code) ||
      (!inCountry &&
        lookupRegion(hints.code, 'US') !== null &&
        (resolveCity(name) === null || resolveCity(name, { countryCode: 'US' }) !== null));
    if (inState) {
      hints.country = 'US';
      hints.region ??= hints.code;
    } else if (!inCountry && resolveCity(name) !== null) {
      // "Curitiba (PR)", "Joinville (SC)": a Brazilian state's code that is also a
      // country's (Puerto Rico, Seychelles), beside a city that country lacks and another
      // has: no country here; the city is read on its own.
      hints.country = null;
    }
  }
  // "Florianópolis (SC)": a bare state code (Santa Catarina's is South Carolina's too)
  // beside a city that state's country lacks and another has: no state here either.
  if (hints.code !== null && hints.region === hints.code && hints.country !== hints.code) {
    const name = main.split(',')[0] as string;
    if (resolveCity(name, { countryCode: hints.country }) === null && resolveCity(name) !== null) {
      hints.country = null;
      hints.region = null;
    }
  }
  main = withComma(main) ?? nameJoined(main) ?? slashJoined(main) ?? main;
  const regionHint = hints.region !== null && isNorthAmerica(hints.country) ? hints.region : null;
  const places = parseCommaList(main, { city: null, region: regionHint, countryCode: hints.country }, ctx);
  return {
    places: places.filter((p) => p.city !== null || p.region !== null || p.countryCode !== null),
    areas,
    guessed: ctx.guessed,
  };
}
