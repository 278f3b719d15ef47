import { boundingBox, haversineKm } from '../domain/geo.ts';
import type { NearFilter } from '../domain/near-filter.ts';
import { Bitmap, EMPTY, type Scratch } from './bitmap.ts';
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

/** The cells a near filter's bounding box touches. */
function cellsOf(near: NearFilter): string[] {
  const box = boundingBox(near, near.radiusKm);
  const keys: string[] = [];
  const lat0 = Math.min(89, Math.floor(box.minLat));
  const lat1 = Math.min(89, Math.floor(box.maxLat));
  for (const [from, to] of box.lonRanges) {
    const lon0 = Math.min(179, Math.floor(from));
    const lon1 = Math.min(179, Math.floor(to));
    for (let la = lat0; la <= lat1; la++) for (let lo = lon0; lo <= lon1; lo++) keys.push(`${la}:${lo}`);
  }
  return keys;
}

/** The docs with a point within the near filter's radius. */
export function nearDocs(cells: ValueIndex, points: GeoPoints, near: NearFilter, scratch: Scratch): Bitmap {
  const candidates = cells.anyOf(cellsOf(near), scratch);
  if (candidates.isEmpty) return EMPTY;
  const { start, lat, lon } = points;
  const { latitude, longitude, radiusKm } = near;
  const kept: number[] = [];
  for (const doc of candidates) {
    for (let at = start[doc]!, end = start[doc + 1]!; at < end; at++) {
      if (haversineKm(latitude, longitude, lat[at]!, lon[at]!) <= radiusKm) {
        kept.push(doc);
        break;
      }
    }
  }
  return kept.length ? scratch.own(new Bitmap(kept)) : EMPTY;
}
