import { describe, expect, it } from 'vitest';
import { boundingBox, EARTH_RADIUS_KM, haversineKm } from '../../../src/domain/geo.ts';
import { createRng } from '../../helpers/random-search.ts';

const BERLIN = [52.52437, 13.41053] as const;
const POTSDAM = [52.39886, 13.06566] as const;
const HAMBURG = [53.55073, 9.99302] as const;

describe('great-circle distance', () => {
  it('measures known city pairs on the mean-radius sphere', () => {
    expect(haversineKm(...BERLIN, ...POTSDAM)).toBeCloseTo(27.0, 0);
    expect(haversineKm(...BERLIN, ...HAMBURG)).toBeCloseTo(255.4, 0);
    // Austin, TX – Berlin: about 8,600 km.
    expect(haversineKm(30.26715, -97.74306, ...BERLIN)).toBeGreaterThan(8500);
    expect(haversineKm(...BERLIN, ...BERLIN)).toBe(0);
  });

  it('is symmetric, crosses the antimeridian, and caps at half the circumference', () => {
    expect(haversineKm(...BERLIN, ...HAMBURG)).toBeCloseTo(haversineKm(...HAMBURG, ...BERLIN), 9);
    // One degree of longitude on the equator either side of ±180°.
    expect(haversineKm(0, 179.5, 0, -179.5)).toBeCloseTo((Math.PI / 180) * EARTH_RADIUS_KM, 6);
    expect(haversineKm(0, 0, 0, 180)).toBeCloseTo(Math.PI * EARTH_RADIUS_KM, 6);
    expect(haversineKm(90, 0, -90, 0)).toBeCloseTo(Math.PI * EARTH_RADIUS_KM, 6);
  });
});

describe('bounding box', () => {
  it('holds every point within the radius (random centers, radii and points)', () => {
    const rng = createRng(11);
    for (let n = 0; n < 20_000; n++) {
      const center = { latitude: rng.next() * 180 - 90, longitude: rng.next() * 360 - 180 };
      const radius = rng.pick([0.1, 5, 50, 300, 1000]);
      // A point at a random bearing, just inside the radius.
      const d = (radius * rng.next()) / EARTH_RADIUS_KM;
      const bearing = rng.next() * 2 * Math.PI;
      const φ1 = (center.latitude * Math.PI) / 180;
      const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(bearing));
      const λ = Math.atan2(
        Math.sin(bearing) * Math.sin(d) * Math.cos(φ1),
        Math.cos(d) - Math.sin(φ1) * Math.sin(φ2),
      );
      const lat = (φ2 * 180) / Math.PI;
      const lon = ((((center.longitude + (λ * 180) / Math.PI + 540) % 360) + 360) % 360) - 180;
      if (haversineKm(center.latitude, center.longitude, lat, lon) > radius) continue;
      const box = boundingBox(center, radius);
      const context = JSON.stringify({ center, radius, lat, lon, box });
      expect(lat >= box.minLat && lat <= box.maxLat, context).toBe(true);
      expect(
        box.lonRanges.some(([a, b]) => lon >= a && lon <= b),
        context,
      ).toBe(true);
    }
  });

  it('splits at the antimeridian and takes every longitude near a pole', () => {
    const east = boundingBox({ latitude: 0, longitude: 179.9 }, 100);
    expect(east.lonRanges).toHaveLength(2);
    expect(east.lonRanges[1]![0]).toBe(-180);
    expect(boundingBox({ latitude: 89.5, longitude: 10 }, 100).lonRanges).toEqual([[-180, 180]]);
    const berlin = boundingBox({ latitude: BERLIN[0], longitude: BERLIN[1] }, 30);
    expect(berlin.lonRanges).toHaveLength(1);
    expect(berlin.maxLat - berlin.minLat).toBeCloseTo((60 / EARTH_RADIUS_KM) * (180 / Math.PI), 4);
  });
});
