/**
 * One place from one piece of a location string: "ES - Barcelona, Spain",
 * "Remote - United States", "San Francisco, CA", "Berlin", "SF". Parsed right to left:
 * country, then state/region, then city. Workplace words ("Remote", "Hybrid", "Home
 * based") are stripped and never become a city.
 */
import type { PlaceParts } from '../../domain/job.ts';
import { collapseWhitespace, foldText } from '../../domain/text.ts';
import { lookupCity } from './cities.ts';
import { countryCode } from './countries.ts';
import { lookupRegion } from './regions.ts';

const WORKPLACE_WORDS =
  /\b(?:(?:fully |100% )?(?:remote|remotely|remoto|virtual)(?:[- ]first| friendly| eligible| ok| only| based)?(?: in the| in| from| within| based in| -)?|hybrid(?: in)?|on-?site(?: in)?|in[- ]office|(?:home|office)[- ]based|anywhere(?: in)?|worldwide|work from home|wfh|home ?office|distributed|telecommute)\b/gi;
// Words that qualify a site rather than name a place ("Bengaluru, India Office").
const SITE_WORDS = /\s+(?:office|offices|hq|headquarters|campus|global hq|hub)$/i;
// Areas bigger than a country, and placeholders: no place to record.
const NOT_A_PLACE = new Set(
  (
    'emea|apac|apj|latam|amer|americas|north america|south america|latin america|europe|eu|asia|africa|' +
    'middle east|oceania|global|international|multiple locations|various|various locations|tbd|n a|na|' +
    'nationwide|any|everywhere|other'
  ).split('|'),
);

function emptyPlace(): PlaceParts {
  return { city: null, region: null, countryCode: null };
}

function isNotAPlace(s: string): boolean {
  return NOT_A_PLACE.has(
    foldText(s)
      .replace(/[^a-z0-9]+/g, ' ')
      .trim(),
  );
}

/** Fills country/region and the canonical name from the city table when consistent. */
export function withCity(place: PlaceParts, cityText: string): PlaceParts {
  const city = collapseWhitespace(cityText.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}.)]+$/gu, ''));
  // Leftovers of separators ("/ or") and postal codes are not cities.
  if (!/\p{L}{2}/u.test(city) || /^(?:or|and|to|in)(?:\s|$)/i.test(city) || isNotAPlace(city)) return place;
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
  const parts = text
    .split(',')
    .map((p) => p.trim().replace(SITE_WORDS, '').trim())
    .filter((p) => p !== '' && !isNotAPlace(p));
  // "Boston, MA  USA": a trailing country glued to the state by spaces.
  const tail = parts.length >= 2 ? /^([A-Z]{2})\s+(\S.*)$/.exec(parts[parts.length - 1] as string) : null;
  if (tail && lookupRegion(tail[1] as string) && countryCode(tail[2] as string)) {
    parts.splice(parts.length - 1, 1, tail[1] as string);
  }
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
    // "Walnut CA": city and state code without a comma.
    const glued = /^(.+?)\s+([A-Z]{2})$/.exec(only);
    const gluedRegion = glued ? lookupRegion(glued[2] as string, place.countryCode) : null;
    if (glued && gluedRegion) {
      return withCity(
        { city: null, region: gluedRegion.code, countryCode: gluedRegion.countryCode },
        glued[1] as string,
      );
    }
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
    const knownCity = lookupCity(parts[0] as string);
    if (region) {
      place.region = region.code;
      place.countryCode = region.countryCode;
      parts.pop();
    } else if (!lookupCity(next) && !/\d/.test(next) && (place.countryCode !== null || knownCity !== null)) {
      // A first-level region outside the US and Canada, kept as written ("England",
      // "Bengaluru, Karnataka").
      place.region = collapseWhitespace(next);
      parts.pop();
    }
  }
  // The city leads: "City, Region, Country".
  return withCity(place, parts[0] ?? '');
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
  if (
    place.region === null &&
    regionHint !== null &&
    (place.countryCode === null || place.countryCode === countryHint)
  ) {
    place.region = regionHint;
  }
  if (place.city === null && place.region === null && place.countryCode === null) return null;
  return place;
}
