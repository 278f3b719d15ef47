import type { PlaceParts } from '../../src/domain/job.ts';
import { parseLocations } from '../../src/ingest/normalize/location.ts';

/** A place as the normalizer stores it, without coordinates (they are checked on their own). */
export const p = (city: string | null, region: string | null, countryCode: string | null): PlaceParts => ({
  city,
  region,
  countryCode,
});

/** The stored parts of each place, coordinates left out. */
export const parts = (places: readonly PlaceParts[]): PlaceParts[] =>
  places.map(({ city, region, countryCode }) => p(city, region, countryCode));

/** parseLocations' places as their parts. */
export const places = (...args: Parameters<typeof parseLocations>): PlaceParts[] =>
  parts(parseLocations(...args));
