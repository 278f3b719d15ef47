/**
 * Distances on the earth for the `near` filter (issue 11 item 2): the great-circle
 * (haversine) distance on a sphere of the mean earth radius. The SQL path
 * (db/repositories/near.sql.ts) writes the same formula in SQL, term for term, so both
 * paths compare the same number with the radius; the search index calls this one.
 */

/** WGS84 degrees. */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** IUGG mean earth radius, km: the sphere the haversine distance is measured on. */
export const EARTH_RADIUS_KM = 6371.0088;

const RAD = Math.PI / 180;

/**
 * Great-circle distance in km between (lat1, lon1) and (lat2, lon2), degrees:
 * 2R·asin(√(sin²(Δφ/2) + cos φ1 · cos φ2 · sin²(Δλ/2))), the root capped at 1 (rounding
 * can push it past for antipodes). Accurate to about 0.5 % against the ellipsoid, far
 * below what a city's coordinates say about where a job is.
 */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = Math.sin(((lat2 - lat1) * RAD) / 2);
  const dLon = Math.sin(((lon2 - lon1) * RAD) / 2);
  const h = dLat * dLat + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * dLon * dLon;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Latitude and longitude ranges, degrees, that hold every point within a radius. */
export interface GeoBox {
  minLat: number;
  maxLat: number;
  /**
   * Longitude ranges: one, two when the circle crosses the antimeridian (±180°), or the
   * whole [-180, 180] when it reaches a pole.
   */
  lonRanges: [number, number][];
}

/**
 * Degrees added on every side: the box is only a pre-check before the exact distance, so it
 * must never leave out a point the distance keeps, whatever the rounding.
 */
const BOX_MARGIN = 1e-6;

/**
 * The box around the circle of `radiusKm` around `center`: latitudes ± the radius's angle;
 * longitudes ± asin(sin(angle) / cos(lat)), the widest the circle gets (at a latitude
 * slightly poleward of the center), or every longitude when the circle holds a pole.
 */
export function boundingBox(center: GeoPoint, radiusKm: number): GeoBox {
  const angle = radiusKm / EARTH_RADIUS_KM / RAD;
  const minLat = Math.max(-90, center.latitude - angle - BOX_MARGIN);
  const maxLat = Math.min(90, center.latitude + angle + BOX_MARGIN);
  const ratio = Math.sin(angle * RAD) / Math.cos(center.latitude * RAD);
  if (maxLat >= 90 || minLat <= -90 || !(ratio < 1)) return { minLat, maxLat, lonRanges: [[-180, 180]] };
  const half = Math.asin(ratio) / RAD + BOX_MARGIN;
  const west = center.longitude - half;
  const east = center.longitude + half;
  if (west < -180)
    return {
      minLat,
      maxLat,
      lonRanges: [
        [west + 360, 180],
        [-180, east],
      ],
    };
  if (east > 180)
    return {
      minLat,
      maxLat,
      lonRanges: [
        [west, 180],
        [-180, east - 360],
      ],
    };
  return { minLat, maxLat, lonRanges: [[west, east]] };
}

/** [west, south, east, north], degrees: the box around a job's points. */
export type PointsBox = [number, number, number, number];

/**
 * The box around the points of a job's places that have both coordinates as numbers;
 * null when none has. Stored as `job.geo_box` (Migration20261126200000), the near
 * filter's indexed pre-check; the SQL function `job_geo_box` computes the same box from
 * the stored places JSON where SQL rewrites them (a merged job's places).
 */
export function pointsBox(places: readonly { latitude?: unknown; longitude?: unknown }[]): PointsBox | null {
  let box: PointsBox | null = null;
  for (const { latitude: lat, longitude: lon } of places) {
    // As JSON stores them: a non-finite number is written as null, which is no point.
    if (typeof lat !== 'number' || typeof lon !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lon))
      continue;
    if (!box) box = [lon, lat, lon, lat];
    else {
      if (lon < box[0]) box[0] = lon;
      if (lat < box[1]) box[1] = lat;
      if (lon > box[2]) box[2] = lon;
      if (lat > box[3]) box[3] = lat;
    }
  }
  return box;
}
