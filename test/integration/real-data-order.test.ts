import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RawPosting } from '../../src/domain/raw-posting.ts';
import { runIngest } from '../../src/ingest/pipeline.ts';
import { findDataset, listDatasetFiles } from '../../src/ingest/sources/datasets.ts';
import type { Services } from '../../src/services.ts';
import { describeSharedData, SHARED_DATA } from '../helpers/shared-data.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * Issue 11 on real rows: greenhouse-feashliaa (a January 2026 scrape) and
 * greenhouse-techjobshub (August 2026) share 505 Greenhouse postings, 65 of them retitled
 * in between. Importing the older scrape after the newer one rolled 64 titles back and
 * moved updated_at backwards before the order-of-arrival rule; now none.
 */
describeSharedData(`an older real snapshot after a newer one (${TEST_DB})`, () => {
  let services: Services;
  const postings = (name: string): RawPosting[] =>
    listDatasetFiles(SHARED_DATA, [findDataset(name)!]).flatMap(
      (e) => e.parse(readFileSync(e.file, 'utf8')).postings,
    );
  const key = (p: RawPosting) => `${p.board}/${p.externalId}`;
  let newer: RawPosting[] = [];
  let older: RawPosting[] = [];

  beforeAll(async () => {
    services = await createTestServices({ clock: () => new Date('2026-11-20T10:00:00Z') });
    const all = postings('greenhouse-techjobshub');
    const olderAll = postings('greenhouse-feashliaa');
    const olderKeys = new Set(olderAll.map(key));
    newer = all.filter((p) => olderKeys.has(key(p)));
    const newerKeys = new Set(newer.map(key));
    older = olderAll.filter((p) => newerKeys.has(key(p)));
  }, 120_000);
  afterAll(() => services?.close());

  const importByBoard = async (rows: RawPosting[]) => {
    for (const [board, list] of Map.groupBy(rows, (p) => p.board))
      await runIngest(services, { platform: 'greenhouse', board, complete: false, postings: list });
  };

  it('keeps every newer title and updated_at', async () => {
    expect(newer.length).toBeGreaterThan(400);
    await importByBoard(newer);
    await importByBoard(older);
    const rows = await services.orm.em.fork().execute<{ key: string; title: string; updated_at: Date }[]>(
      `select sp.board || '/' || sp.external_id as key, j.title, j.updated_at
         from source_posting sp join job j on j.id = sp.job_id where sp.platform = 'greenhouse'`,
    );
    const byKey = new Map(rows.map((r) => [r.key, r]));
    const newerByKey = new Map(newer.map((p) => [key(p), p]));
    const olderTitle = new Map(older.map((p) => [key(p), p.title.trim()]));
    let retitled = 0;
    let rolledBack = 0;
    let backwards = 0;
    for (const [k, p] of newerByKey) {
      const row = byKey.get(k)!;
      if (olderTitle.get(k) !== p.title.trim()) retitled++;
      if (olderTitle.get(k) !== p.title.trim() && row.title === olderTitle.get(k)) rolledBack++;
      if (new Date(row.updated_at).getTime() < new Date(String(p.updatedAt)).getTime()) backwards++;
    }
    console.log(
      `real snapshots: ${newer.length} shared postings, ${retitled} retitled, ${rolledBack} rolled back`,
    );
    expect(retitled).toBeGreaterThan(50);
    expect({ rolledBack, backwards }).toEqual({ rolledBack: 0, backwards: 0 });
  }, 300_000);
});
