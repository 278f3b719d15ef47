import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchIndexRepository } from '../../src/db/repositories/search-index.repository.ts';
import { createApp } from '../../src/http/create-app.ts';
import type { SearchPath } from '../../src/search/job-search.ts';
import type { LiveSearchIndex } from '../../src/search/live-index.ts';
import type { Services } from '../../src/services.ts';
import { createKey, ORG_A, ORG_B, seedDataset } from '../helpers/dataset.ts';
import { makeJob, storeJobs } from '../helpers/factories.ts';
import {
  createTestDatabaseEnv,
  createTestServices,
  standaloneIndex,
  TEST_DB,
} from '../helpers/test-services.ts';

/**
 * The search index as it serves (issue 9, items 3 and 4): both operations over both
 * transports answer from it, it follows every kind of write before the next search,
 * a page row that no longer matches in the database never reaches the caller, and a
 * change log it cannot follow makes it rebuild, never answer wrong.
 */
let services: Services;
let app: FastifyInstance;
let keyA: string;
const paths: { path: SearchPath; reason?: string }[] = [];

beforeAll(async () => {
  services = await createTestServices();
  await seedDataset(services);
  keyA = await createKey(services, ORG_A.id);
  await createKey(services, ORG_B.id);
  app = await createApp(services);
  services.searchPaths.add((path, reason) => paths.push({ path, reason }));
});
afterAll(async () => {
  await app?.close();
  await services?.close();
});

const search = async (body: Record<string, unknown>) => {
  const res = await app.inject({ method: 'POST', url: '/search/jobs', payload: body });
  expect(res.statusCode).toBe(200);
  return res.json() as { data: { id: string; title: string }[]; pagination: { total: number } };
};
const listing = async (query = '') => {
  const res = await app.inject({ method: 'GET', url: `/jobs${query}`, headers: { 'x-api-key': keyA } });
  expect(res.statusCode).toBe(200);
  return res.json() as { jobs: { id: string }[]; total_items: number };
};
const gql = async (query: string, key?: string) => {
  const res = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: key ? { 'x-api-key': key } : {},
    payload: { query },
  });
  return res.json() as { data: Record<string, { totalCount: number; edges: { node: { id: string } }[] }> };
};
const exec = (sql: string, params: unknown[] = []) => services.orm.em.fork().execute(sql, params);
const lastPath = () => paths.at(-1);
const exec2 = (s: Services, sql: string, params: unknown[] = []) => s.orm.em.fork().execute(sql, params);
/** `n` new jobs titled `${title} ${i}` on one board: more changes at once than a small index follows. */
const storeMany = (s: Services, n: number, title: string, board: string) =>
  storeJobs(
    s,
    Array.from({ length: n }, (_, i) => makeJob({ title: `${title} ${i}`, board })),
  );
/** Polls until the index (not SQL) counts `total` jobs for the query: a new base was swapped in. */
const untilIndexCounts = (live: LiveSearchIndex, query: string, total: number, timeout: number) =>
  expect
    .poll(() => live.index()?.query({ query }, undefined, { offset: 0, limit: 1 }), { timeout, interval: 50 })
    .toMatchObject({ total });

describe(`search index serving (${TEST_DB})`, () => {
  it('answers both operations over both transports', async () => {
    expect(await services.search.index!.ready()).toBe(true);
    paths.length = 0;
    await search({ q: 'engineer' });
    expect(lastPath()).toEqual({ path: 'index' });
    await listing('?search=engineer');
    expect(lastPath()).toEqual({ path: 'index' });
    const keyed = await gql('{ organizationJobs(first: 5) { totalCount edges { node { id } } } }', keyA);
    expect(keyed.data.organizationJobs!.totalCount).toBeGreaterThan(0);
    expect(lastPath()).toEqual({ path: 'index' });
    await gql('{ searchJobs(first: 5, filter: { query: "engineer" }) { totalCount } }');
    expect(lastPath()).toEqual({ path: 'index' });
    // What it cannot answer exactly goes to SQL, and says why.
    await search({ locations: ['Berlin'] });
    expect(lastPath()).toEqual({ path: 'sql', reason: 'unsupported' });
  });

  it('sees every kind of write at the next search: new, closed, reopened, retitled, membership', async () => {
    const [id] = await storeJobs(services, [makeJob({ title: 'Quokka Wrangler', board: 'live' })]);
    expect((await search({ q: 'quokka' })).data.map((j) => j.id)).toEqual([id]);
    expect(lastPath()?.path).toBe('index');

    await exec(`update job set status = 'closed' where id = ?`, [id]);
    expect((await search({ q: 'quokka' })).pagination.total).toBe(0);
    await exec(`update job set status = 'open' where id = ?`, [id]);
    expect((await search({ q: 'quokka' })).pagination.total).toBe(1);

    // A new title is a new search vector (the writer computes it; here by hand, as SQL would).
    await exec(
      `update job set title = 'Wombat Wrangler', search_vector = to_tsvector('simple', 'wombat wrangler') where id = ?`,
      [id],
    );
    expect((await search({ q: 'quokka' })).pagination.total).toBe(0);
    expect((await search({ q: 'wombat' })).data.map((j) => j.id)).toEqual([id]);

    expect((await listing('?search=wombat')).total_items).toBe(0);
    await exec(`insert into organization_job (organization_id, job_id, origin) values (?, ?, 'manual')`, [
      ORG_A.id,
      id,
    ]);
    expect((await listing('?search=wombat')).jobs.map((j) => j.id)).toEqual([id]);
    await exec('delete from organization_job where organization_id = ? and job_id = ?', [ORG_A.id, id]);
    expect((await listing('?search=wombat')).total_items).toBe(0);
    expect(lastPath()?.path).toBe('index');
  });

  it('keeps facet counts per index version: a repeat is counted once, a write starts afresh', async () => {
    const [id] = await storeJobs(services, [
      makeJob({ title: 'Axolotl Keeper', board: 'facet-cache', remoteType: 'remote' }),
    ]);
    const facets = async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/search/jobs',
        payload: { q: 'axolotl', facets: true },
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { facets: { remote_type: { value: string; count: number }[] } }).facets;
    };
    const live = services.search.index!;
    expect((await facets()).remote_type).toEqual([{ value: 'remote', count: 1 }]);
    // A merge of small segments swaps in a new version too (same answers, a new cache): none pending.
    await live.mergesDone();
    expect((await facets()).remote_type).toEqual([{ value: 'remote', count: 1 }]);
    const version = live.index()!;
    const before = version.facetCache!.hits;
    expect((await facets()).remote_type).toEqual([{ value: 'remote', count: 1 }]);
    // No write in between: the same version answered, from its cache.
    expect(live.index()).toBe(version);
    expect(version.facetCache!.hits).toBe(before + 1);

    await exec(`update job set remote_type = 'hybrid' where id = ?`, [id]);
    expect((await facets()).remote_type).toEqual([{ value: 'hybrid', count: 1 }]);
    expect(live.index()).not.toBe(version);
    expect(lastPath()).toEqual({ path: 'index' });
  });

  it('never shows a page row that fails its filters in the database: SQL answers instead', async () => {
    const [id] = await storeJobs(services, [makeJob({ title: 'Capybara Keeper', board: 'live' })]);
    expect((await search({ q: 'capybara' })).pagination.total).toBe(1);
    // A merge of small segments re-reads its jobs' rows: one running after the close below
    // would learn of it by that read (rightly), and the index would answer without SQL.
    await services.search.index!.mergesDone();
    // Close it where the index cannot hear: the trigger is off for this one statement.
    // (DDL inside a transaction: the change is invisible to the index, not to SQL.)
    await services.orm.em.fork().transactional(async (tx) => {
      await tx.execute('alter table job disable trigger search_change_job_update');
      await tx.execute(`update job set status = 'closed' where id = ?`, [id]);
      await tx.execute('alter table job enable trigger search_change_job_update');
    });
    paths.length = 0;
    const after = await search({ q: 'capybara' });
    expect(after.data).toEqual([]);
    expect(after.pagination.total).toBe(0);
    expect(lastPath()).toEqual({ path: 'sql', reason: 'stale' });
  });

  it('is turned off by SEARCH_INDEX=false: every search goes to SQL', async () => {
    const off = await createTestServices({}, { SEARCH_INDEX: 'false' });
    try {
      expect(off.search.index).toBeNull();
      const seen: { path: SearchPath; reason?: string }[] = [];
      off.searchPaths.add((path, reason) => seen.push({ path, reason }));
      await off.search.search(off.orm.em.fork(), { query: 'engineer' }, undefined, { offset: 0, limit: 5 });
      expect(seen).toEqual([{ path: 'sql', reason: 'off' }]);
    } finally {
      await off.close();
    }
  });

  it('rebuilds once more at once when a rebuild falls too far behind, and not again on the retry timer', async () => {
    const env = await createTestDatabaseEnv();
    const other = await createTestServices({}, { ...env, SEARCH_INDEX: 'false' });
    let snapshots = 0;
    let burstAfterSnapshot = 0;
    // Real writes at the worst moment: between a rebuild's snapshot and its catch-up.
    class BurstyRepository extends SearchIndexRepository {
      override async readSnapshot(...args: Parameters<SearchIndexRepository['readSnapshot']>) {
        snapshots++;
        return super.readSnapshot(...args);
      }
      override async readChanges(...args: Parameters<SearchIndexRepository['readChanges']>) {
        if (burstAfterSnapshot > 0 && snapshots === burstAfterSnapshot) {
          burstAfterSnapshot = 0;
          await storeMany(other, 150, 'Burst Writer', 'burst');
        }
        return super.readChanges(...args);
      }
    }
    // Longer than the follow-up build takes here (a timer firing during it would join it, unseen).
    const retryMs = 3_000;
    const live = standaloneIndex(other, { repository: new BurstyRepository(), maxDelta: 100, retryMs });
    try {
      live.start();
      expect(await live.ready()).toBe(true);
      const first = snapshots;
      // 150 changes > 100: a rebuild; 150 more land before its catch-up, which overflows too.
      burstAfterSnapshot = first + 1;
      await storeMany(other, 150, 'Bulk Loader', 'bulk');
      await live.sync();
      await untilIndexCounts(live, 'burst', 150, 120_000);
      // The overflowed rebuild and the one it asked for at once: two snapshots, no more.
      expect(snapshots).toBe(first + 2);
      // Two retry periods later, still none: no timer was left to build a third base.
      await new Promise((resolve) => setTimeout(resolve, retryMs * 2));
      expect(snapshots).toBe(first + 2);
    } finally {
      await live.stop();
      await other.close();
    }
  });

  it('rebuilds from a new snapshot when the log holds more changes than it follows one by one', async () => {
    const env = await createTestDatabaseEnv();
    const other = await createTestServices({}, { ...env, SEARCH_INDEX: 'false' });
    const live = standaloneIndex(other, { maxDelta: 100 });
    try {
      live.start();
      expect(await live.ready()).toBe(true);
      const ids = await storeMany(other, 150, 'Bulk Loader', 'bulk');
      // 150 changes > 100: the index stops answering until a new base is built.
      await live.sync();
      await untilIndexCounts(live, 'bulk', 150, 60_000);
      expect(live.index()!.segments).toHaveLength(1);
      expect(ids).toHaveLength(150);
    } finally {
      await live.stop();
      await other.close();
    }
  });

  it('starts from its snapshot file plus the changes since; an unusable file costs only the speed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'index-snapshot-'));
    const env = { ...(await createTestDatabaseEnv()), SEARCH_INDEX_SNAPSHOT_DIR: dir };
    try {
      // PGlite in memory lives as long as its services: one database for the whole story.
      const first = await createTestServices({}, { ...env, SEARCH_INDEX: 'false' });
      const [before] = await storeJobs(first, [makeJob({ title: 'Snapshot Salamander', board: 'snap' })]);
      // The first start reads the table and saves the file.
      const gateway = () => standaloneIndex(first, { snapshotDir: dir });
      const builder = gateway();
      builder.start();
      expect(await builder.ready()).toBe(true);
      expect(builder.startedFrom).toBe('database');
      await builder.stop();
      const files = readdirSync(dir).filter((f) => f.endsWith('.snapshot'));
      expect(files).toHaveLength(1);

      // Written while no gateway runs: the next start reads it from the log.
      const [after] = await storeJobs(first, [makeJob({ title: 'Snapshot Salamander II', board: 'snap' })]);
      await exec2(first, `update job set status = 'closed' where id = ?`, [before]);
      const restarted = gateway();
      restarted.start();
      expect(await restarted.ready()).toBe(true);
      expect(restarted.startedFrom).toBe('snapshot');
      const any = restarted
        .index()!
        .query({ query: 'salamander', status: 'any' }, 'newest', { offset: 0, limit: 5 });
      expect(any !== 'unsupported' && new Set(any.ids)).toEqual(new Set([before, after]));
      expect(
        restarted.index()!.query({ query: 'salamander' }, undefined, { offset: 0, limit: 5 }),
      ).toMatchObject({
        ids: [after],
        total: 1,
      });
      await restarted.stop();

      // A damaged file is refused with its reason, and the index is built from the table.
      const path = join(dir, files[0]!);
      writeFileSync(path, readFileSync(path).subarray(0, 1000));
      const fallback = gateway();
      fallback.start();
      expect(await fallback.ready()).toBe(true);
      expect(fallback.startedFrom).toBe('database');
      expect(
        fallback.index()!.query({ query: 'salamander' }, undefined, { offset: 0, limit: 5 }),
      ).toMatchObject({
        ids: [after],
      });
      await fallback.stop();
      await first.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rebuilds when rows it had not read were pruned from the log', async () => {
    const env = await createTestDatabaseEnv();
    const other = await createTestServices({}, { ...env, SEARCH_INDEX: 'false' });
    const repository = new SearchIndexRepository();
    const live = standaloneIndex(other, { repository });
    try {
      live.start();
      expect(await live.ready()).toBe(true);
      await storeJobs(other, [makeJob({ title: 'Pruned Pangolin', board: 'pruned' })]);
      // Another gateway prunes before this one read the change.
      await repository.pruneChanges(other.orm.em.fork(), new Date(Date.now() + 60_000));
      await live.sync();
      await expect
        .poll(() => live.index()?.query({ query: 'pangolin' }, undefined, { offset: 0, limit: 1 }), {
          timeout: 60_000,
          interval: 50,
        })
        .toMatchObject({ total: 1 });
    } finally {
      await live.stop();
      await other.close();
    }
  });
});

// Two transactions at once need two sessions: PostgreSQL only (PGlite is one session,
// where writers take turns and commit order is write order).
describe.runIf(TEST_DB === 'postgres')('search index under concurrent writers (postgres)', () => {
  it('keeps the index of every gateway current: a write through one is found through another', async () => {
    const url = (services.config.database as { url: string }).url;
    const second = await createTestServices({}, { DATABASE_URL: url });
    try {
      expect(await second.search.index!.ready()).toBe(true);
      const [id] = await storeJobs(services, [makeJob({ title: 'Narwhal Navigator', board: 'gateways' })]);
      const em = second.orm.em.fork();
      const found = await second.search.search(em, { query: 'narwhal' }, undefined, { offset: 0, limit: 5 });
      expect(found.items.map((j) => j.id)).toEqual([id]);
      expect(
        second.search.index!.index()!.query({ query: 'narwhal' }, undefined, { offset: 0, limit: 5 }),
      ).toMatchObject({
        ids: [id],
      });
      // …and a close through the second gateway reaches the first.
      await second.orm.em.fork().execute(`update job set status = 'closed' where id = ?`, [id]);
      expect((await search({ q: 'narwhal' })).pagination.total).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('loses no change committed late by a transaction that began first', async () => {
    const url = (services.config.database as { url: string }).url;
    const first = new pg.Client({ connectionString: url });
    const second = new pg.Client({ connectionString: url });
    await first.connect();
    await second.connect();
    try {
      const [early, late] = await storeJobs(services, [
        makeJob({ title: 'Early Ermine', board: 'race' }),
        makeJob({ title: 'Late Lemur', board: 'race' }),
      ]);
      expect((await search({ q: 'ermine' })).pagination.total).toBe(1);
      // The first transaction takes its id, writes, and stays open…
      await first.query('begin');
      await first.query(`update job set status = 'closed' where id = $1`, [early]);
      // …while a later one writes and commits, and a search reads the log past it.
      await second.query(`update job set status = 'closed' where id = $1`, [late]);
      expect((await search({ q: 'lemur' })).pagination.total).toBe(0);
      // The first commits now, with a transaction id below what was read.
      await first.query('commit');
      expect((await search({ q: 'ermine' })).pagination.total).toBe(0);
      expect(lastPath()?.path).toBe('index');
      const index = services.search.index!.index()!;
      expect(
        index.query({ query: 'ermine lemur', status: 'any' }, undefined, { offset: 0, limit: 5 }),
      ).toMatchObject({
        total: 0,
      });
      expect(
        index.query({ query: 'ermine', status: 'closed' }, undefined, { offset: 0, limit: 5 }),
      ).toMatchObject({
        total: 1,
      });
    } finally {
      await first.end();
      await second.end();
    }
  });
});
