import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_GEO_BOX_FUNCTION } from '../../../src/db/migrations/Migration20261126100000.ts';
import { nearCondition } from '../../../src/db/repositories/near.sql.ts';
import { haversineKm, pointsBox } from '../../../src/domain/geo.ts';
import type { NearFilter } from '../../../src/domain/near-filter.ts';
import { createRng } from '../../helpers/random-search.ts';

/**
 * The near condition run by PostgreSQL (PGlite) over places JSON and the box the writer
 * stores beside them, against the distance computed in JavaScript: the same jobs for
 * random points and radii, the antimeridian and the poles included; a coordinate that is
 * no JSON number is not read.
 */
let db: PGlite;
const places = new Map<number, unknown[]>();

/** `?` placeholders → `$n`, as PGlite takes them. */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

beforeAll(async () => {
  db = new PGlite();
  await db.exec('create table job (id int primary key, places jsonb not null, geo_box box)');
  await db.exec(JOB_GEO_BOX_FUNCTION);
  const rng = createRng(7);
  for (let id = 0; id < 3000; id++) {
    const list = Array.from({ length: rng.int(0, 3) }, () => {
      const lat = rng.chance(0.5) ? 40 + rng.next() * 20 : rng.next() * 180 - 90;
      const lon = rng.chance(0.1)
        ? (rng.chance(0.5) ? 179.5 : -179.5) + rng.next() * 0.5
        : rng.next() * 40 - 10;
      if (rng.chance(0.1)) return { city: 'No coordinates', region: null, countryCode: null };
      if (rng.chance(0.05)) return { city: 'Text', latitude: String(lat), longitude: lon };
      return { city: 'Somewhere', region: null, countryCode: null, latitude: lat, longitude: lon };
    });
    places.set(id, list);
  }
  // The box as the writer stores it: computed in JavaScript (write-columns.ts).
  for (const [id, list] of places) {
    const box = pointsBox(list as { latitude?: unknown; longitude?: unknown }[]);
    await db.query('insert into job values ($1, $2::jsonb, $3::box)', [
      id,
      JSON.stringify(list),
      box && `(${box[0]},${box[1]}),(${box[2]},${box[3]})`,
    ]);
  }
});
afterAll(() => db?.close());

const inJs = (near: NearFilter) =>
  [...places]
    .filter(([, list]) =>
      (list as { latitude?: unknown; longitude?: unknown }[]).some(
        (p) =>
          typeof p.latitude === 'number' &&
          typeof p.longitude === 'number' &&
          haversineKm(near.latitude, near.longitude, p.latitude, p.longitude) <= near.radiusKm,
      ),
    )
    .map(([id]) => id)
    .sort((a, b) => a - b);

async function inSql(near: NearFilter): Promise<number[]> {
  const { sql, params } = nearCondition(near);
  expect((sql.match(/\?/g) ?? []).length).toBe(params.length);
  const rows = await db.query<{ id: number }>(
    `select j.id from job j where ${numbered(sql)} order by j.id`,
    params,
  );
  return rows.rows.map((r) => r.id);
}

describe('near condition in SQL', () => {
  it('stores the box SQL computes from the places JSON (the merged-job path), to the last bit', async () => {
    const rows = await db.query<{ n: number; differ: number }>(
      `select count(*)::int as n,
              count(*) filter (where job_geo_box(places)::text is distinct from geo_box::text)::int as differ
         from job`,
    );
    expect(rows.rows[0]).toEqual({ n: places.size, differ: 0 });
    const some = await db.query<{ n: number }>(
      'select count(*)::int as n from job where geo_box is not null',
    );
    expect(some.rows[0]!.n).toBeGreaterThan(places.size / 2);
  });

  it('keeps the jobs with a place within the radius, as the distance in JavaScript does', async () => {
    const rng = createRng(8);
    let found = 0;
    for (let n = 0; n < 150; n++) {
      const near: NearFilter = {
        latitude: rng.chance(0.7) ? 40 + rng.next() * 20 : rng.next() * 180 - 90,
        longitude: rng.chance(0.15) ? rng.pick([180, -180, 179.9, -179.9]) : rng.next() * 40 - 10,
        radiusKm: rng.pick([0.1, 10, 100, 400, 1000]),
      };
      const expected = inJs(near);
      expect(await inSql(near), JSON.stringify(near)).toEqual(expected);
      found += expected.length;
    }
    expect(found).toBeGreaterThan(1000);
  });

  it('reaches across a pole', async () => {
    for (const near of [
      { latitude: 90, longitude: 0, radiusKm: 1000 },
      { latitude: -89.5, longitude: 100, radiusKm: 500 },
    ]) {
      expect(await inSql(near)).toEqual(inJs(near));
    }
  });
});
