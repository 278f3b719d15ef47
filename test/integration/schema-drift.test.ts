import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/services.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services?.close());

describe(`entities and migrations (${TEST_DB})`, () => {
  it('describe the same schema: the ORM finds nothing to change after migrating', async () => {
    // A difference means an entity and the migrations disagree: add a migration, or fix the entity.
    expect((await services.orm.schema.getUpdateSchemaSQL({ wrap: false })).trim()).toBe('');
  });

  it('keeps no index that no query reads: the title trigram index is gone (Migration20261127000010)', async () => {
    const rows = await services.orm.em
      .fork()
      .execute<{ name: string }[]>(`select indexname as name from pg_indexes where tablename = 'job'`);
    const names = rows.map((r) => r.name);
    expect(names).not.toContain('job_title_trgm_idx');
    // The location filter's trigram index stays: `lower(location_text) like any(…)` reads it.
    expect(names).toContain('job_location_trgm_idx');
  });

  it('stores the large job columns as measured: descriptions lz4 where the server has it, the vector uncompressed', async () => {
    const rows = await services.orm.em
      .fork()
      .execute<{ attname: string; attcompression: string; attstorage: string }[]>(
        `select attname, attcompression::text as attcompression, attstorage::text as attstorage from pg_attribute
        where attrelid = 'job'::regclass and attname in ('description_html', 'description_text', 'search_vector')
        order by attname`,
      );
    // Whether this server has lz4: the setting only accepts methods the server was built with
    // (Debian's PostgreSQL 15 has it, PGlite has not).
    const hasLz4 = await services.orm.em
      .fork()
      .execute(`set default_toast_compression = 'lz4'`)
      .then(() => true)
      .catch(() => false);
    if (TEST_DB === 'postgres') expect(hasLz4).toBe(true);
    const lz4 = hasLz4 ? 'l' : '';
    expect(rows).toEqual([
      { attname: 'description_html', attcompression: lz4, attstorage: 'x' },
      { attname: 'description_text', attcompression: lz4, attstorage: 'x' },
      { attname: 'search_vector', attcompression: '', attstorage: 'e' },
    ]);
  });
});
