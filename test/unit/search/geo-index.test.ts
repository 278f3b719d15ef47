import { describe, expect, it } from 'vitest';
import { haversineKm } from '../../../src/domain/geo.ts';
import type { NearFilter } from '../../../src/domain/near-filter.ts';
import { KeyedBitmapsBuilder, Scratch } from '../../../src/search/bitmap.ts';
import { geoCellKey, nearDocs, packGeoPoints } from '../../../src/search/geo-index.ts';
import { ValueIndex } from '../../../src/search/value-index.ts';
import { createRng } from '../../helpers/random-search.ts';

/** The index's near filter (grid cells, then the exact distance) against every point's distance. */
describe('near filter in the search index', () => {
  const rng = createRng(21);
  const perDoc: (number[] | undefined)[] = Array.from({ length: 20_000 }, () => {
    if (rng.chance(0.2)) return undefined;
    return Array.from({ length: rng.int(1, 3) }, () => [
      rng.chance(0.05) ? rng.pick([90, -90, 89.99]) : rng.next() * 180 - 90,
      rng.chance(0.1) ? rng.pick([180, -180, 179.99, -179.99]) : rng.next() * 360 - 180,
    ]).flat();
  });
  const points = packGeoPoints(perDoc);
  const builder = new KeyedBitmapsBuilder();
  perDoc.forEach((p, doc) => {
    for (let i = 0; p && i < p.length; i += 2) builder.add(geoCellKey(p[i]!, p[i + 1]!), doc);
  });
  const cells = new ValueIndex(builder.finish(), perDoc.length);

  const expected = (near: NearFilter) =>
    perDoc.flatMap((p, doc) => {
      for (let i = 0; p && i < p.length; i += 2)
        if (haversineKm(near.latitude, near.longitude, p[i]!, p[i + 1]!) <= near.radiusKm) return [doc];
      return [];
    });

  it('packs each doc’s points in order', () => {
    expect(points.start.length).toBe(perDoc.length + 1);
    const doc = perDoc.findIndex((p) => p && p.length > 2);
    const at = points.start[doc]!;
    expect([points.lat[at], points.lon[at], points.lat[at + 1], points.lon[at + 1]]).toEqual(
      perDoc[doc]!.slice(0, 4),
    );
  });

  it('finds exactly the docs with a point within the radius', () => {
    let found = 0;
    for (let n = 0; n < 300; n++) {
      const near: NearFilter = {
        latitude: rng.chance(0.1) ? rng.pick([90, -90, 89.5]) : rng.next() * 180 - 90,
        longitude: rng.chance(0.1) ? rng.pick([180, -180, 179.9]) : rng.next() * 360 - 180,
        radiusKm: rng.pick([0.1, 25, 200, 1000]),
      };
      const scratch = new Scratch();
      const docs = nearDocs(cells, points, near, scratch).toArray();
      scratch.dispose();
      const want = expected(near);
      expect(docs, JSON.stringify(near)).toEqual(want);
      found += want.length;
    }
    expect(found).toBeGreaterThan(2000);
  });
});
