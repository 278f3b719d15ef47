import { boundingBox, haversineKm } from '../domain/geo.ts';
import type { NearFilter } from '../domain/near-filter.ts';
import { Bitmap, type Scratch } from './bitmap.ts';
import type { ValueIndex } from './value-index.ts';

/**
 * The near filter in the search index (issue 11 item 2): each job's coordinates (its
 * places', as the SQL path reads them from `job.places`) in compressed-row form, and a
 * bitmap per 1°×1° grid cell (the `geoCell` value field). A near filter is the union of the
 * cells its bounding box touches, then each candidate's exact distance (domain/geo.ts
 * haversineKm, the formula the SQL path writes term for term): the same jobs as SQL.
 */
export interface GeoPoints {
  /** doc → its first point in lat/lon; doc + 1 → one past its last (docCount + 1 entries). */
  start: Uint32Array;
  /** WGS84 degrees, by point. */
  lat: Float64Array;
  lon: Float64Array;
}

/** The grid cell of a point: whole degrees south-west of it (the poles and 180° in the last cell). */
export function geoCellKey(lat: number, lon: number): string {
  return `${Math.min(89, Math.floor(lat))}:${Math.min(179, Math.floor(lon))}`;
}

/** Points per doc (flat lat, lon pairs; undefined or a hole: none) → the compressed form. */
export function packGeoPoints(perDoc: readonly (readonly number[] | undefined)[]): GeoPoints {
  // Plain loops: the builder's array has holes, which forEach would skip.
  const n = perDoc.length;
  const start = new Uint32Array(n + 1);
  let total = 0;
  for (let doc = 0; doc < n; doc++) {
    start[doc] = total;
    total += (perDoc[doc]?.length ?? 0) / 2;
  }
  start[n] = total;
  const lat = new Float64Array(total);
  const lon = new Float64Array(total);
  for (let doc = 0; doc < n; doc++) {
    const p = perDoc[doc];
    for (let i = 0, at = start[doc]!; p && i < p.length; i += 2, at++) {
      lat[at] = p[i]!;
      lon[at] = p[i + 1]!;
    }
  }
  return { start, lat, lon };
}

/** Whether a point is on the globe: the only ones stored (the SQL path's box never holds others). */
export function isOnGlobe(lat: number, lon: number): boolean {
  return lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180;
}

/**
 * A cell wholly within the radius needs no distance per job. On a cell within 90° of
 * longitude of the center, the distance is greatest at a corner: along a parallel it grows
 * with the longitude difference, and along such a meridian it has one minimum and no
 * maximum inside. So four corners within the radius, less a margin far above rounding,
 * put every point of the cell inside.
 */
function isInside(near: NearFilter, lat0: number, lon0: number): boolean {
  const apart = (lon: number) => Math.abs(((((lon - near.longitude + 540) % 360) + 360) % 360) - 180);
  if (apart(lon0) > 90 || apart(lon0 + 1) > 90) return false;
  const within = near.radiusKm * (1 - 1e-9);
  for (const lat of [lat0, lat0 + 1])
    for (const lon of [lon0, lon0 + 1])
      if (!(haversineKm(near.latitude, near.longitude, lat, lon) <= within)) return false;
  return true;
}

/** The cells a near filter's bounding box touches, wholly inside the radius or not. */
function cellsOf(near: NearFilter): { inside: string[]; edge: string[] } {
  const box = boundingBox(near, near.radiusKm);
  const inside: string[] = [];
  const edge: string[] = [];
  const lat0 = Math.min(89, Math.floor(box.minLat));
  const lat1 = Math.min(89, Math.floor(box.maxLat));
  for (const [from, to] of box.lonRanges) {
    const lon0 = Math.min(179, Math.floor(from));
    const lon1 = Math.min(179, Math.floor(to));
    for (let la = lat0; la <= lat1; la++)
      for (let lo = lon0; lo <= lon1; lo++) (isInside(near, la, lo) ? inside : edge).push(`${la}:${lo}`);
  }
  return { inside, edge };
}

/**
 * The docs with a point within the near filter's radius: the cells wholly inside as they
 * are, and the docs of the cells the circle's edge crosses by their points' distances.
 */
export function nearDocs(cells: ValueIndex, points: GeoPoints, near: NearFilter, scratch: Scratch): Bitmap {
  const { inside, edge } = cellsOf(near);
  const sure = cells.anyOf(inside, scratch);
  const candidates = cells.anyOf(edge, scratch);
  if (candidates.isEmpty) return sure;
  const { start, lat, lon } = points;
  const { latitude, longitude, radiusKm } = near;
  const kept: number[] = [];
  for (const doc of candidates) {
    if (sure.has(doc)) continue;
    for (let at = start[doc]!, end = start[doc + 1]!; at < end; at++) {
      if (haversineKm(latitude, longitude, lat[at]!, lon[at]!) <= radiusKm) {
        kept.push(doc);
        break;
      }
    }
  }
  if (kept.length === 0) return sure;
  const out = scratch.own(new Bitmap(kept));
  if (!sure.isEmpty) out.orInPlace(sure);
  return out;
}
