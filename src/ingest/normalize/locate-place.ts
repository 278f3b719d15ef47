/**
 * A place name → a point, for the API's `near` filter (domain/near-filter.ts): the text is
 * read exactly as a posting's location is (location.ts: "Austin, TX", "Cambridge, UK",
 * "SF", a bare "Cambridge" by weighted population), and its first place the gazetteer
 * knows a city of gives the point. A country or a state alone ("Germany", "Texas") has no
 * city, so no point: the caller answers that it names no known place.
 */
import type { PlaceLocator } from '../../domain/near-filter.ts';
import { resolveLocations } from './location.ts';

export const locatePlace: PlaceLocator = (text) => {
  const place = resolveLocations(text).places.find(
    (p) => p.latitude !== undefined && p.longitude !== undefined,
  );
  if (!place || place.latitude === undefined || place.longitude === undefined) return null;
  const name = [place.city, place.region, place.countryCode].filter((p) => p !== null).join(', ');
  return { latitude: place.latitude, longitude: place.longitude, name };
};
