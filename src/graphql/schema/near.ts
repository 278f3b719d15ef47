import { NEAR_LIMITS, type NearFilter } from '../../domain/near-filter.ts';
import { builder } from '../builder.ts';

const { radiusKm } = NEAR_LIMITS;

/** The `near` filter as a caller asks it (domain/near-filter.ts resolves and checks it). */
export const NearInput = builder.inputType('NearInput', {
  description:
    'Jobs with a place within radiusKm of a point: give `place`, or `latitude` and `longitude`, not both. Distance is great-circle (haversine, mean earth radius 6371.0088 km) to the coordinates of the cities a job names; jobs with no city the gazetteer knows do not match.',
  fields: (t) => ({
    place: t.string({
      description:
        'A city as postings name it ("Berlin", "Austin, TX", "Cambridge, UK"), read by the same gazetteer rules as ingest, or "latitude,longitude". A name that resolves to no city is `invalid_parameter`.',
    }),
    latitude: t.float({ description: 'WGS84 degrees, -90 to 90; with longitude.' }),
    longitude: t.float({ description: 'WGS84 degrees, -180 to 180; with latitude.' }),
    radiusKm: t.float({
      description: `Kilometres, ${radiusKm.min} to ${radiusKm.max}; default ${radiusKm.default}.`,
    }),
  }),
});

/** A resolved near filter, as a saved search gives it back. */
export const NearRef = builder.objectRef<NearFilter>('Near');
NearRef.implement({
  description: 'A near filter as resolved: the point, the radius, and the place name it was asked with.',
  fields: (t) => ({
    place: t.exposeString('place', { nullable: true, description: 'The place name asked for, if one was.' }),
    latitude: t.exposeFloat('latitude', { description: 'WGS84 degrees.' }),
    longitude: t.exposeFloat('longitude', { description: 'WGS84 degrees.' }),
    radiusKm: t.exposeFloat('radiusKm', { description: 'Kilometres.' }),
  }),
});
