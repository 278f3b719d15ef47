import { boundingBox, EARTH_RADIUS_KM } from '../../domain/geo.ts';
import type { NearFilter } from '../../domain/near-filter.ts';
import type { SqlPart } from './job-filter.sql.ts';

const RAD = Math.PI / 180;

/**
 * The near filter over the job's places JSON (`j.places`: each place may carry `latitude`
 * and `longitude`, ingest/normalize/place.ts): some place with both, as JSON numbers,
 * within the radius. The bounding box (domain/geo.ts) is a cheap pre-check; the haversine
 * distance decides, written as domain/geo.ts haversineKm computes it, operation for
 * operation and with the same constants passed as parameters, so SQL and the search index
 * compare the same number with the radius.
 *
 * A GiST index over the box around the job's points (`job.geo_box`, Migration20261126200000)
 * finds the candidates, so a near filter alone no longer reads every open job's places.
 */
export function nearCondition(near: NearFilter): SqlPart {
  const box = boundingBox(near, near.radiusKm);
  const lon = box.lonRanges.map(() => 'g.lon between ?::float8 and ?::float8');
  // The indexed pre-check (Migration20261126200000): the box around the job's points meets
  // the circle's bounding box (a box per longitude range, two across the antimeridian).
  const boxes = box.lonRanges.map(
    () => 'j.geo_box && box(point(?::float8, ?::float8), point(?::float8, ?::float8))',
  );
  const sql = `((${boxes.join(' or ')}) and exists (select 1 from jsonb_array_elements(j.places) x(p)
    cross join lateral (select
      case when jsonb_typeof(x.p->'latitude') = 'number' and jsonb_typeof(x.p->'longitude') = 'number'
        then (x.p->>'latitude')::float8 end as lat,
      case when jsonb_typeof(x.p->'latitude') = 'number' and jsonb_typeof(x.p->'longitude') = 'number'
        then (x.p->>'longitude')::float8 end as lon) g
    cross join lateral (select
      sin(((g.lat - ?::float8) * ?::float8) / 2) as dlat,
      sin(((g.lon - ?::float8) * ?::float8) / 2) as dlon,
      cos(?::float8 * ?::float8) as cos1,
      cos(g.lat * ?::float8) as cos2) h
    where g.lat between ?::float8 and ?::float8 and (${lon.join(' or ')})
      and 2 * ?::float8 * asin(least(1, sqrt(h.dlat * h.dlat + h.cos1 * h.cos2 * h.dlon * h.dlon))) <= ?::float8))`;
  // In the order of the text.
  const params = [
    ...box.lonRanges.flatMap(([west, east]) => [west, box.minLat, east, box.maxLat]),
    near.latitude,
    RAD,
    near.longitude,
    RAD,
    near.latitude,
    RAD,
    RAD,
    box.minLat,
    box.maxLat,
    ...box.lonRanges.flat(),
    EARTH_RADIUS_KM,
    near.radiusKm,
  ];
  return { sql, params };
}
