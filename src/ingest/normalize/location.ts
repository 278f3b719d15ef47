/**
 * Free location text → places (city, region, ISO country).
 *
 * Feeds pack several places into one string with mixed separators (`;`, `|`, ` or `,
 * ` / `; 8.3% of Greenhouse location names in one sample) and prefix countries
 * ("ES - Barcelona, Spain", "India - Bengaluru"). This file splits the string, parses
 * each piece (place.ts), adds the structured fields and removes duplicates; a piece
 * that is only "Remote" yields no place.
 */
import type { PlaceParts } from '../../domain/job.ts';
import { collapseWhitespace, foldText } from '../../domain/text.ts';
import { countryCode } from './countries.ts';
import { parsePlace, withCity } from './place.ts';
import { lookupRegion } from './regions.ts';

export interface StructuredLocation {
  city?: string | null;
  region?: string | null;
  /** A country name or an ISO code. */
  country?: string | null;
}

const SEPARATORS = /\s*(?:;|\||\n|•|\s+or\s+|\s+\/\s+)\s*/i;

/** Splits a multi-place string on the separators feeds use. */
export function splitLocationText(text: string): string[] {
  return text
    .split(SEPARATORS)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

function structuredPlace(s: StructuredLocation): PlaceParts | null {
  const country = countryCode(s.country ?? null);
  const regionText = typeof s.region === 'string' ? collapseWhitespace(s.region) : '';
  const region = regionText
    ? lookupRegion(regionText.length === 2 ? regionText.toUpperCase() : regionText, country)
    : null;
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
  const compatible = fields.every(
    (f) => a[f] === null || (b[f] !== null && foldText(a[f] as string) === foldText(b[f] as string)),
  );
  const fewer = fields.filter((f) => a[f] !== null).length < fields.filter((f) => b[f] !== null).length;
  return compatible && fewer;
}

/**
 * All places named by the text (and the structured fields, listed first), deduplicated;
 * a place that only repeats part of a more specific one ("United States" next to
 * "Austin, TX, US") is dropped.
 */
export function parseLocations(
  text: string | null | undefined,
  structured?: StructuredLocation | null,
): PlaceParts[] {
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
