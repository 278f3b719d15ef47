import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIngest } from '../../src/ingest/pipeline.ts';
import type { Services } from '../../src/services.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * Migration20261127000000: the event outbox's images of a job are compressed with lz4
 * where the server has it (PostgreSQL here) and with the default pglz where it has not
 * (PGlite, whose migration must still run); `down` gives the columns back the default
 * method and `up` sets lz4 again. Migration20261128000000 does the same for webhook
 * delivery bodies.
 */
let services: Services;
beforeAll(async () => {
  services = await createTestServices({}, { SEARCH_INDEX: 'false', NORMALIZE_THREADS: '0' });
}, 120_000);
afterAll(() => services?.close());

const em = () => services.orm.em.fork();

/** The images' compression methods: 'l' lz4, '' the server's default (pglz). */
async function methods(): Promise<string[]> {
  const rows = await em().execute<{ method: string }[]>(
    `select attcompression::text as method from pg_attribute
      where attrelid = 'job_event'::regclass and attname in ('before', 'after') order by attname`,
  );
  return rows.map((r) => r.method);
}

/**
 * Moves the job to a long, repetitive location by SQL (any writer's change is an event):
 * the new image is well over the size at which PostgreSQL compresses, and compresses.
 * Returns how that event's after-image is stored.
 */
async function relocate(jobId: string, city: string): Promise<string | null> {
  await em().execute(`update job set location_text = repeat(?::text, 300) where id = ?::uuid`, [
    `${city}, Germany; `,
    jobId,
  ]);
  const [row] = await em().execute<{ method: string | null }[]>(
    `select pg_column_compression(after) as method from job_event where job_id = ?::uuid order by seq desc limit 1`,
    [jobId],
  );
  return row!.method;
}

describe(`lz4 for the event outbox's images (${TEST_DB})`, () => {
  it('compresses new images with lz4 where the server has it, and down/up switch the columns', async () => {
    await runIngest(services, {
      platform: 'greenhouse',
      board: 'toast',
      complete: false,
      postings: [
        {
          source: 'greenhouse',
          board: 'toast',
          externalId: 't-1',
          title: 'Site Reliability Engineer',
          companyName: 'Toast Compression Ltd',
          locationText: 'Berlin, Germany',
          descriptionText: 'Keeps the pipelines running.',
          payload: {},
        },
      ],
    });
    const [job] = await em().execute<{ id: string }[]>(`select id::text as id from job limit 1`);
    const id = job!.id;
    const lz4 = TEST_DB === 'postgres';
    expect(await methods()).toEqual(lz4 ? ['l', 'l'] : ['', '']);
    expect(await relocate(id, 'Berlin')).toBe(lz4 ? 'lz4' : 'pglz');

    await services.orm.migrator.down({ to: 'Migration20261126200000' });
    expect(await methods()).toEqual(['', '']);
    expect(await relocate(id, 'Hamburg')).toBe('pglz');
    // The image written with lz4 still reads.
    const [image] = await em().execute<{ text: string }[]>(
      `select left((before).location_text, 16) as text from job_event where job_id = ?::uuid order by seq desc limit 1`,
      [id],
    );
    expect(image!.text).toBe('Berlin, Germany;');

    await services.orm.migrator.up();
    expect(await methods()).toEqual(lz4 ? ['l', 'l'] : ['', '']);
    expect(await relocate(id, 'Munich')).toBe(lz4 ? 'lz4' : 'pglz');
  });

  it('compresses webhook delivery bodies with lz4 where the server has it (Migration20261128000000)', async () => {
    // pglz cost the fills' inserts 2.3× lz4's time (scripts/bench/delivery-bodies.ts).
    const [column] = await em().execute<{ method: string }[]>(
      `select attcompression::text as method from pg_attribute
        where attrelid = 'webhook_delivery'::regclass and attname = 'body'`,
    );
    expect(column!.method).toBe(TEST_DB === 'postgres' ? 'l' : '');
  });
});
