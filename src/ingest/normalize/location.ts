/**
 * Free location text → places (city, region, ISO country).
 *
 * Feeds pack several places into one string with mixed separators (`;`, `|`, ` or `,
 * ` / `; 8.3% of Greenhouse location names in one sample) and prefix countries
 * ("ES - Barcelona, Spain", "India - Bengaluru"). Each place is parsed right to left:
 * country, then state/region, then city. Remote words are stripped, never taken as a
 * city; a piece that is only "Remote" yields no place.
 */
import type { PlaceParts } from '../../domain/job.ts';
import { collapseWhitespace, foldText } from '../../domain/text.ts';
import { lookupCity } from './cities.ts';
import { countryCode } from './countries.ts';
import { lookupRegion } from './regions.ts';

export interface StructuredLocation {
  city?: string | null;
  region?: string | null;
  /** A country name or an ISO code. */
  country?: string | null;
}

const SEPARATORS = /\s*(?:;|\||\n|•|\s+or\s+|\s+\/\s+)\s*/i;
const WORKPLACE_WORDS =
  /\b(?:(?:fully |100% )?remote(?:[- ]first| friendly| eligible| ok| only)?(?: in| from| within| based in| -)?|hybrid(?: in)?|on-?site(?: in)?|in[- ]office|anywhere(?: in)?|worldwide|work from home|wfh|home ?office|distributed|telecommute)\b/gi;
// Areas bigger than a country, and placeholders: no place to record.
const NOT_A_PLACE = new Set([
  'emea', 'apac', 'apj', 'latam', 'amer', 'americas', 'north america', 'south america', 'latin america',
  'europe', 'eu', 'asia', 'africa', 'middle east', 'oceania', 'global', 'international', 'multiple locations',
  'various', 'various locations', 'tbd', 'n a', 'na', 'nationwide', 'any', 'everywhere', 'other',
]);

function emptyPlace(): PlaceParts {
  return { city: null, region: null, countryCode: null };
}

/** Splits a multi-place string on the separators feeds use. */
export function splitLocationText(text: string): string[] {
  return text
    .split(SEPARATORS)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

function isNotAPlace(s: string): boolean {
  return NOT_A_PLACE.has(foldText(s).replace(/[^a-z0-9]+/g, ' ').trim());
}

/** Fills country/region and the canonical name from the city table when consistent. */
function withCity(place: PlaceParts, cityText: string): PlaceParts {
  const city = collapseWhitespace(cityText.replace(/^[-–—,:\s]+|[-–—,:\s]+$/g, ''));
  if (city === '' || /^\d[\d\s-]*$/.test(city) || isNotAPlace(city)) return place;
  const info = lookupCity(city);
  const consistent =
    info !== null &&
    (place.countryCode === null || place.countryCode === info.countryCode) &&
    (place.region === null || info.region === null || place.region === info.region);
  if (!info || !consistent) return { ...place, city };
  return {
    city: info.name,
    region: place.region ?? info.region,
    countryCode: place.countryCode ?? info.countryCode,
  };
}

/** "San Francisco, CA", "London, England, United Kingdom", "Berlin", "SF". */
function parseCommaList(text: string, countryHint: string | null): PlaceParts {
  const parts = text.split(',').map((p) => p.trim()).filter((p) => p !== '' && !isNotAPlace(p));
  const place = emptyPlace();
  place.countryCode = countryHint;
  if (parts.length === 0) return place;
  if (parts.length === 1) {
    const only = parts[0] as string;
    if (lookupCity(only)) return withCity(place, only);
    const region = lookupRegion(only, place.countryCode);
    if (region) return { city: null, region: region.code, countryCode: region.countryCode };
    const country = countryCode(only);
    if (country) return { ...place, countryCode: country };
    return withCity(place, only);
  }
  const last = parts[parts.length - 1] as string;
  const firstCity = lookupCity(parts[0] as string);
  const asCode = last.toUpperCase();
  // "Berlin, DE" and "Mumbai, IN": a code that is the known city's country is the
  // country, even though DE and IN are also US state codes.
  if (/^[A-Z]{2}$/.test(last) && firstCity && firstCity.countryCode === asCode && asCode !== 'US') {
    place.countryCode = asCode;
    parts.pop();
  } else {
    const region = lookupRegion(last, place.countryCode);
    const country = countryCode(last);
    if (region && !(country && /^[A-Z]{2}$/.test(last) && parts.length >= 3)) {
      place.region = region.code;
      place.countryCode = region.countryCode;
      parts.pop();
    } else if (country) {
      place.countryCode = country;
      parts.pop();
    }
  }
  if (parts.length >= 2 && place.region === null) {
    const next = parts[parts.length - 1] as string;
    const region = lookupRegion(next, place.countryCode);
    if (region) {
      place.region = region.code;
      place.countryCode = region.countryCode;
      parts.pop();
    } else if (place.countryCode !== null && !lookupCity(next) && !/\d/.test(next)) {
      // A first-level region outside the US and Canada, kept as written ("England").
      place.region = collapseWhitespace(next);
      parts.pop();
    }
  }
  return withCity(place, parts[parts.length - 1] ?? '');
}

/** One place from one piece of a multi-place string; null when nothing is left. */
export function parsePlace(piece: string): PlaceParts | null {
  let text = piece;
  let countryHint: string | null = null;
  // "(US)" / "(Hybrid)" / "(Remote - EU)": a country inside parentheses is a hint.
  text = text.replace(/\(([^()]*)\)/g, (_m, inner: string) => {
    const country = countryCode(inner.replace(WORKPLACE_WORDS, ' ').replace(/[-–—,:]/g, ' '));
    if (country && countryHint === null) countryHint = country;
    return ' ';
  });
  text = collapseWhitespace(text.replace(WORKPLACE_WORDS, ' - '));
  const segments = text
    .split(/\s*[-–—:]\s+|\s+[-–—:]\s*|^\s*[-–—]\s*/)
    .map((s) => s.trim().replace(/^[,\s]+|[,\s]+$/g, ''))
    .filter((s) => s !== '');
  let main: string | null = null;
  let regionHint: string | null = null;
  let codeHint: string | null = null;
  for (const segment of segments) {
    const country = segment.includes(',') ? null : countryCode(segment);
    if (country) {
      countryHint ??= country;
      if (/^[A-Za-z]{2}$/.test(segment)) codeHint = segment.toUpperCase();
      continue;
    }
    const region = segment.includes(',') ? null : lookupRegion(segment);
    if (region && !lookupCity(segment)) {
      regionHint ??= region.code;
      countryHint ??= region.countryCode;
      continue;
    }
    main ??= segment;
  }
  if (main === null) {
    if (countryHint === null && regionHint === null) return null;
    return { city: null, region: regionHint, countryCode: countryHint };
  }
  // "CA - San Francisco": the code was California, not Canada.
  const city = lookupCity(main.split(',')[0] ?? '');
  if (codeHint && countryHint === codeHint && city && city.countryCode === 'US' && city.region === codeHint) {
    countryHint = 'US';
    regionHint ??= codeHint;
  }
  const place = parseCommaList(main, countryHint);
  if (place.region === null && regionHint !== null && (place.countryCode === null || place.countryCode === countryHint)) {
    place.region = regionHint;
  }
  if (place.city === null && place.region === null && place.countryCode === null) return null;
  return place;
}

function structuredPlace(s: StructuredLocation): PlaceParts | null {
  const country = countryCode(s.country ?? null);
  const regionText = typeof s.region === 'string' ? collapseWhitespace(s.region) : '';
  const region = regionText ? lookupRegion(regionText.length === 2 ? regionText.toUpperCase() : regionText, country) : null;
  const place: PlaceParts = {
    city: null,
    region: region?.code ?? (regionText || null),
    countryCode: country ?? region?.countryCode ?? null,
  };
  const cityText = typeof s.city === 'string' ? s.city : '';
  const result = cityText.trim() ? withCity(place, cityText) : place;
  if (result.city === null && result.region === null && result.countryCode === null) return null;
  return result;
}

function key(p: PlaceParts): string {
  return [p.city, p.region, p.countryCode].map((v) => (v ? foldText(v) : '')).join('|');
}

/** True when `a` says less than `b` and nothing that contradicts it. */
function subsumedBy(a: PlaceParts, b: PlaceParts): boolean {
  if (a === b) return false;
  const fields = ['city', 'region', 'countryCode'] as const;
  const compatible = fields.every((f) => a[f] === null || (b[f] !== null && foldText(a[f] as string) === foldText(b[f] as string)));
  const fewer = fields.filter((f) => a[f] !== null).length < fields.filter((f) => b[f] !== null).length;
  return compatible && fewer;
}

/**
 * All places named by the text (and the structured fields, listed first), deduplicated;
 * a place that only repeats part of a more specific one ("United States" next to
 * "Austin, TX, US") is dropped.
 */
export function parseLocations(text: string | null | undefined, structured?: StructuredLocation | null): PlaceParts[] {
  const places: PlaceParts[] = [];
  if (structured && typeof structured === 'object') {
    const place = structuredPlace(structured);
    if (place) places.push(place);
  }
  if (typeof text === 'string') {
    for (const piece of splitLocationText(text.slice(0, 5_000))) {
      const place = parsePlace(piece);
      if (place) places.push(place);
    }
  }
  const seen = new Set<string>();
  const unique = places.filter((p) => {
    const k = key(p);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return unique.filter((p) => !unique.some((other) => subsumedBy(p, other)));
}
