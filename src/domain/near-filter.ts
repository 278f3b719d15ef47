/**
 * The `near` filter (issue 11 item 2): jobs with a place within a radius of a point. The
 * point is given as coordinates or as a place name the gazetteer resolves — the same rules
 * ingest reads postings' locations with, reached through a `PlaceLocator` the composition
 * root (services.ts) passes down, so the API layers never import ingest.
 */
import { invalidParameter } from './errors.ts';
import type { GeoPoint } from './geo.ts';
import { FILTER_LIMITS } from './job-filter.ts';

/** A resolved near filter, as JobFilter holds it. */
export interface NearFilter extends GeoPoint {
  radiusKm: number;
  /** The place name it was asked with ("Berlin"), kept so a saved search gives it back. */
  place?: string;
}

/** What a caller may write: a place name (or "lat,lon" text), or coordinates; a radius. */
export interface NearInput {
  place?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  radiusKm?: number | null;
}

/** A place name → its point and the gazetteer's name for it, or null when it names no known place. */
export type PlaceLocator = (text: string) => (GeoPoint & { name: string }) | null;

/**
 * Radius bounds, km. 50 km by default: a metropolitan area and its commute. At most 1000
 * km: beyond that a country or region filter says it better, and a circle that size is
 * a fifth of the index's grid cells to read.
 */
export const NEAR_LIMITS = {
  radiusKm: { default: 50, min: 0.1, max: 1000 },
  latitude: { min: -90, max: 90 },
  longitude: { min: -180, max: 180 },
} as const;

const POINT_TEXT = /^\s*([+-]?\d{1,3}(?:\.\d+)?)\s*,\s*([+-]?\d{1,3}(?:\.\d+)?)\s*$/;

/** "52.52,13.405" (latitude first, decimal degrees) as a point, or null when not that form. */
export function parsePointText(text: string): GeoPoint | null {
  const m = POINT_TEXT.exec(text);
  return m ? { latitude: Number(m[1]), longitude: Number(m[2]) } : null;
}

type NearField = keyof NearInput;

function checkBound(value: number, name: 'latitude' | 'longitude' | 'radiusKm', field: string): void {
  const { min, max } = NEAR_LIMITS[name];
  if (!Number.isFinite(value) || value < min || value > max)
    throw invalidParameter(field, `${field} must be between ${min} and ${max}`);
}

/**
 * The near filter asked for, checked: exactly one of a place and a latitude/longitude pair;
 * coordinates in range; a place the locator knows (else invalid_parameter "names no known
 * place", not an empty result: a typo should not look like "no jobs there"). `field`
 * names each input as the caller's API spells it.
 */
export function resolveNear(
  input: NearInput,
  locate: PlaceLocator,
  field: (name: NearField) => string,
): NearFilter {
  const place = input.place?.trim();
  const hasPoint = input.latitude != null || input.longitude != null;
  if (input.place != null && hasPoint)
    throw invalidParameter(field('place'), `give ${field('place')} or coordinates, not both`);
  const radiusKm = input.radiusKm ?? NEAR_LIMITS.radiusKm.default;
  checkBound(radiusKm, 'radiusKm', field('radiusKm'));
  if (hasPoint) {
    if (input.latitude == null || input.longitude == null)
      throw invalidParameter(
        field(input.latitude == null ? 'latitude' : 'longitude'),
        `${field('latitude')} and ${field('longitude')} go together`,
      );
    checkBound(input.latitude, 'latitude', field('latitude'));
    checkBound(input.longitude, 'longitude', field('longitude'));
    return { latitude: input.latitude, longitude: input.longitude, radiusKm };
  }
  if (!place)
    throw invalidParameter(field('place'), `${field('place')} must name a place or give coordinates`);
  if (place.length > FILTER_LIMITS.itemLength)
    throw invalidParameter(
      field('place'),
      `${field('place')} must be at most ${FILTER_LIMITS.itemLength} characters`,
    );
  const point = parsePointText(place);
  if (point) {
    checkBound(point.latitude, 'latitude', field('place'));
    checkBound(point.longitude, 'longitude', field('place'));
    return { ...point, radiusKm };
  }
  const found = locate(place);
  if (!found) throw invalidParameter(field('place'), `${field('place')} names no known place: "${place}"`);
  return { latitude: found.latitude, longitude: found.longitude, radiusKm, place };
}
