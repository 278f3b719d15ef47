import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobWriter } from '../../src/db/repositories/job-writer.ts';
import { generateDemoPostings } from '../../src/demo/generate.ts';
import type { RawPosting } from '../../src/domain/raw-posting.ts';
import { runIngest } from '../../src/ingest/pipeline.ts';
import type { Services } from '../../src/services.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * New jobs go into PostgreSQL with a binary COPY (JobWriter's `copy`), every other
 * write as a JSON upsert. PGlite's clients have no COPY protocol: there the writer
 * never copies, so this is PostgreSQL only.
 */
describe.skipIf(TEST_DB !== 'postgres')('new jobs stored with binary COPY (postgres)', () => {
  const now = new Date('2026-11-20T10:00:00Z');
  let copying: Services;
  let upserting: Services;

  beforeAll(async () => {
    copying = await createTestServices({ clock: () => now });
    // The same services with the writer PGlite gets: upserts only.
    upserting = {
      ...(await createTestServices({ clock: () => now })),
      writer: new JobWriter({ copy: false }),
    };
  });
  afterAll(async () => {
    await copying?.close();
    await upserting?.close();
  });

  const postings = generateDemoPostings({ count: 600, seed: 21, now });
  const boards = Map.groupBy(postings, (p) => p.board);
  const ingestAll = async (services: Services, list: Map<string, RawPosting[]>) => {
    for (const [board, rows] of list)
      await runIngest(services, { platform: 'demo', board, postings: rows, complete: true });
  };
  // Every column as text (the vector too) of jobs and source postings, in id order:
  // what either way stored.
  const stored = (services: Services) =>
    services.orm.em.fork().execute<{ row: string }[]>(
      `select (select string_agg(coalesce(x.value, 'NULL'), '|' order by x.key)
                 from jsonb_each_text(to_jsonb(j) - 'search_vector') x) || '|' || j.search_vector::text as row
         from job j
       union all
       select (select string_agg(coalesce(x.value, 'NULL'), '|' order by x.key) from jsonb_each_text(to_jsonb(sp)) x)
         from source_posting sp
       order by 1`,
    );

  it('stores exactly what the upsert stores, every column and the search vector', async () => {
    await ingestAll(copying, boards);
    await ingestAll(upserting, boards);
    const [a, b] = [await stored(copying), await stored(upserting)];
    expect(a.length).toBe(1200);
    expect(a).toEqual(b);
    // And the copied vectors equal to_tsvector's, which the upsert's text form is tested against.
    const [copied] = await copying.orm.em
      .fork()
      .execute<{ n: number }[]>(`select count(*)::int as n from job where search_vector = ''::tsvector`);
    expect(copied!.n).toBe(0);
  });

  it('writes a batch again as upserts when a job planned as new exists after all', async () => {
    const em = copying.orm.em.fork();
    const [board, rows] = [...boards][0]!;
    // As if another process stored the job since this run read the board's postings:
    // the job is there, its posting row is not, so the run plans the job as new.
    const [{ n: before } = { n: 0 }] = await em.execute<{ n: number }[]>(
      `select count(*)::int as n from job j join source_posting sp on sp.job_id = j.id where sp.board = ?`,
      [board],
    );
    // (Dedup keys of its own keep the run from merging into it as a copy instead.)
    await em.execute(
      `update job set dedup_keys = array['n:elsewhere|' || id] where id in (select job_id from source_posting where board = ?)`,
      [board],
    );
    await em.execute(`delete from source_posting where board = ?`, [board]);
    const again = await runIngest(copying, { platform: 'demo', board, postings: rows, complete: true });
    expect(again.rejected).toBe(0);
    expect(again.new).toBe(rows.length);
    const [{ n: after } = { n: 0 }] = await em.execute<{ n: number }[]>(
      `select count(*)::int as n from job j join source_posting sp on sp.job_id = j.id where sp.board = ?`,
      [board],
    );
    expect(after).toBe(before);
    expect(await stored(copying)).toEqual(await stored(upserting));
  });
});
