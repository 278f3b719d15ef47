import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nearCondition } from '../../src/db/repositories/near.sql.ts';
import { runIngest } from '../../src/ingest/pipeline.ts';
import type { Services } from '../../src/services.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * Migration20261126000000 (the near filter, issue 11 item 2): outbox images keep the
 * job's places, and a change of places alone is an event and a change the search index
 * follows. Its `down` must run on a database with events in it and give back the
 * triggers before it; `up` again must restore the places.
 */
let services: Services;
beforeAll(async () => {
  services = await createTestServices({}, { SEARCH_INDEX: 'false', NORMALIZE_THREADS: '0' });
}, 120_000);
afterAll(() => services?.close());

const em = () => services.orm.em.fork();
const count = async (sql: string, params: unknown[] = []) =>
  Number((await em().execute<{ n: string }[]>(`select count(*)::text as n from ${sql}`, params))[0]!.n);

describe(`the near migration, down and up again (${TEST_DB})`, () => {
  it('keeps places in the images, and a change of places alone is an event only while it is applied', async () => {
    await runIngest(services, {
      platform: 'greenhouse',
      board: 'near-mig',
      complete: false,
      postings: [
        {
          source: 'greenhouse',
          board: 'near-mig',
          externalId: 'n1',
          title: 'Harbour Pilot',
          companyName: 'Tagus Shipping',
          locationText: 'Lisbon, Portugal',
          descriptionText: 'Pilots ships into the port of Lisbon.',
          payload: {},
        },
      ],
    });
    const [job] = await em().execute<{ id: string }[]>(`select id::text as id from job limit 1`);
    expect(
      await count(`job_event e where e.job_id = ?::uuid and (e.after).places is not null`, [job!.id]),
    ).toBe(1);
    const movePlaces = (city: string) =>
      em().execute(
        `update job set places = jsonb_build_array(jsonb_build_object('city', ?::text)) where id = ?::uuid`,
        [city, job!.id],
      );
    const events = () => count(`job_event where job_id = ?::uuid`, [job!.id]);
    const changes = () => count(`search_change where job_id = ?::uuid`, [job!.id]);

    let [e0, c0] = [await events(), await changes()];
    await movePlaces('Porto');
    expect([await events(), await changes()]).toEqual([e0 + 1, c0 + 1]);

    await services.orm.migrator.down({ to: 'Migration20261125210000' });
    expect(
      await count(
        `pg_attribute where attrelid = 'job_event_image'::regclass and attname = 'places' and not attisdropped`,
      ),
    ).toBe(0);
    [e0, c0] = [await events(), await changes()];
    await movePlaces('Faro');
    // Before the migration, places were neither in the images nor watched.
    expect([await events(), await changes()]).toEqual([e0, c0]);

    // A job stored before the near filter's migrations gets its box when they run
    // (Migration20261126200000 fills job.geo_box from the places JSON) and is found near them.
    await em().execute(
      `update job set places = '[{"city": "Lisbon", "countryCode": "PT", "latitude": 38.72509, "longitude": -9.1498}]'::jsonb
        where id = ?::uuid`,
      [job!.id],
    );
    await services.orm.migrator.up();
    expect(await em().execute(`select geo_box::text as box from job where id = ?::uuid`, [job!.id])).toEqual([
      { box: '(-9.1498,38.72509),(-9.1498,38.72509)' },
    ]);
    const near = nearCondition({ latitude: 38.7, longitude: -9.1, radiusKm: 10 });
    expect(await count(`job j where j.id = ?::uuid and ${near.sql}`, [job!.id, ...near.params])).toBe(1);
    [e0, c0] = [await events(), await changes()];
    await movePlaces('Braga');
    expect([await events(), await changes()]).toEqual([e0 + 1, c0 + 1]);
    const [latest] = await em().execute<{ city: string }[]>(
      `select (e.after).places->0->>'city' as city from job_event e where e.job_id = ?::uuid order by e.xid desc, e.seq desc limit 1`,
      [job!.id],
    );
    expect(latest!.city).toBe('Braga');
  });
});
