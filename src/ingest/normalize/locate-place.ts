/**
 * A place name → a point, for the API's `near` filter (domain/near-filter.ts): the text is
 * read exactly as a posting's location is (location.ts: "Austin, TX", "Cambridge, UK",
 * "SF", a bare "Cambridge" by weighted population), and its first place the gazetteer
 * knows a city of gives the point. A country or a state alone ("Germany", "Texas") has no
 * city, so no point: the caller answers that it names no known place. A country that is
 * its own city ("Singapore", "Hong Kong", "Luxembourg") is that city.
 */
import type { PlaceLocator } from '../../domain/near-filter.ts';
import { lookupCity } from './cities.ts';
import { resolveLocations } from './location.ts';

const label = (parts: readonly (string | null)[]) => parts.filter((p) => p !== null).join(', ');

export const locatePlace: PlaceLocator = (text) => {
  const { places } = resolveLocations(text);
  for (const place of places) {
    if (place.latitude !== undefined && place.longitude !== undefined) {
      return {
        latitude: place.latitude,
        longitude: place.longitude,
        name: label([place.city, place.region, place.countryCode]),
      };
    }
  }
  // No city: a country that is its own city (not Armenia, a city of that name in Colombia).
  const city = lookupCity(text);
  if (city === null || !places.some((p) => p.countryCode === city.countryCode)) return null;
  return { latitude: city.latitude, longitude: city.longitude, name: label([city.name, city.countryCode]) };
};
