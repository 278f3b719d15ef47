import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/create-app.ts';
import { runIngest } from '../../src/ingest/pipeline.ts';
import { createKey, ORG_A, seedDataset } from '../helpers/dataset.ts';
import { startCluster } from '../helpers/postgres-cluster.ts';
import { openSse } from '../helpers/sse.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/**
 * A primary (with these settings), a writer on it, a streaming replica, a gateway reading
 * from both and listening on loopback, and a jobsAdded stream of `query` selecting `fields`.
 */
async function streamOverReplica(settings: Record<string, string>, fields: string, query: string) {
  const primary = await startCluster({ settings });
  cleanups.push(() => primary.stop());
  const writer = await createTestServices({}, { DATABASE_URL: primary.url });
  cleanups.push(() => writer.close());
  const replica = await startCluster({ replicaOf: primary.url });
  cleanups.push(() => replica.stop());
  const gateway = await createTestServices(
    {},
    { DATABASE_URL: primary.url, DATABASE_REPLICA_URLS: replica.url, EVENT_POLL_MS: '50' },
  );
  const app = await createApp(gateway);
  cleanups.push(
    () => gateway.close(),
    () => app.close(),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const stream = await openSse(base, `subscription ($f: JobFilter) { jobsAdded(filter: $f) { ${fields} } }`, {
    f: { query },
  });
  cleanups.push(() => stream.close());
  expect(stream.status).toBe(200);
  return { replica, writer, gateway, app, stream };
}

// Streaming replication needs two PostgreSQL servers; an embedded database has no replicas.
describe.skipIf(TEST_DB !== 'postgres')('reads from a streaming replica (postgres)', () => {
  it('serves searches from the replica, even while the primary is down', async () => {
    const primary = await startCluster();
    cleanups.push(() => primary.stop());
    const writer = await createTestServices({}, { DATABASE_URL: primary.url });
    cleanups.push(() => writer.close());
    await seedDataset(writer);
    const key = await createKey(writer, ORG_A.id);

    const replica = await startCluster({ replicaOf: primary.url });
    cleanups.push(() => replica.stop());
    const gateway = await createTestServices(
      {},
      { DATABASE_URL: primary.url, DATABASE_REPLICA_URLS: replica.url },
    );
    const app = await createApp(gateway);
    cleanups.push(
      () => gateway.close(),
      () => app.close(),
    );
    const search = (q: string) => app.inject({ method: 'POST', url: '/search/jobs', payload: { q } });

    // A job written on the primary reaches searches through the replica.
    await runIngest(writer, {
      platform: 'lever',
      board: 'replica',
      complete: true,
      postings: [
        {
          source: 'lever',
          board: 'replica',
          externalId: 'r1',
          title: 'Replication Wrangler',
          companyName: 'Standby Inc',
          payload: {},
        },
      ],
    });
    await expect
      .poll(async () => (await search('wrangler')).json().pagination.total, {
        timeout: 15_000,
        interval: 100,
      })
      .toBe(1);

    primary.pause();
    const res = await search('rustacean');
    expect(res.statusCode).toBe(200);
    expect(res.json().pagination.total).toBe(3);
    const gql = await app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ searchJobs(first: 2) { totalCount } }' },
    });
    expect(gql.json().data.searchJobs.totalCount).toBeGreaterThan(0);
    // API keys are checked on the primary (a revocation must bite at once), so the listing waits for it.
    const listing = await app.inject({ method: 'GET', url: '/jobs', headers: { 'x-api-key': key } });
    expect(listing.statusCode).toBe(503);

    primary.resume();
    await expect
      .poll(
        async () =>
          (await app.inject({ method: 'GET', url: '/jobs', headers: { 'x-api-key': key } })).statusCode,
        { timeout: 15_000, interval: 200 },
      )
      .toBe(200);
  });

  it("reads live events' pages and jobs on the replica once it has replayed far enough", async () => {
    // A primary with replicas commits synchronously (PostgreSQL's default, which the test
    // clusters turn off): the replica then trails by milliseconds, not a WAL writer's 200 ms.
    const { writer, gateway, app, stream } = await streamOverReplica(
      { synchronous_commit: 'on' },
      'title companyName',
      'replayzz',
    );
    const received = () => stream.events.flatMap((e) => (e.data?.jobsAdded as { title: string }[]) ?? []);

    // One job at a time until a page and a job load went to the replica: the first may come
    // before it has replayed them (then the primary answers), not twenty in a row.
    const titles: string[] = [];
    const reads = gateway.liveReads;
    for (let n = 1; n <= 20 && (reads.pages.replica === 0 || reads.jobs.replica === 0); n++) {
      titles.push(`Replayzz Keeper ${n}`);
      await runIngest(writer, {
        platform: 'lever',
        board: 'replay',
        complete: false,
        postings: [
          {
            source: 'lever',
            board: 'replay',
            externalId: `r${n}`,
            title: `Replayzz Keeper ${n}`,
            companyName: 'Replay Inc',
            payload: {},
          },
        ],
      });
      await expect.poll(() => received().length, { timeout: 30_000, interval: 50 }).toBe(n);
    }
    expect(reads.pages.replica).toBeGreaterThan(0);
    expect(reads.jobs.replica).toBeGreaterThan(0);
    // Every job arrived whole (none left out as if deleted), once.
    expect(received()).toEqual(titles.map((title) => ({ title, companyName: 'Replay Inc' })));
    const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    for (const read of ['pages', 'jobs']) {
      const counted = new RegExp(`^live_reads_total\\{read="${read}",server="replica"\\} (\\d+)$`, 'm').exec(
        metrics,
      );
      expect(Number(counted?.[1])).toBeGreaterThan(0);
    }
  });

  it("pushes a new job to a live stream while the replica has not replayed the job's transaction", async () => {
    const { replica, writer, gateway, stream } = await streamOverReplica({}, 'id title', 'standbyzz');

    // The replica stops replaying: anything written from now on is on the primary only.
    const standby = new pg.Client({ connectionString: replica.url });
    await standby.connect();
    cleanups.push(() => standby.end());
    await standby.query('select pg_wal_replay_pause()');
    await runIngest(writer, {
      platform: 'lever',
      board: 'standby',
      complete: true,
      postings: [
        {
          source: 'lever',
          board: 'standby',
          externalId: 's1',
          title: 'Standbyzz Keeper',
          companyName: 'Standby Inc',
          payload: {},
        },
      ],
    });
    // The event is read from the primary, and so is its job: not left out as if deleted.
    await expect
      .poll(() => stream.events.flatMap((e) => (e.data?.jobsAdded as { title: string }[]) ?? []), {
        timeout: 30_000,
        interval: 100,
      })
      .toEqual([expect.objectContaining({ title: 'Standbyzz Keeper' })]);
    const [{ n }] = (
      await standby.query("select count(*)::int as n from job where title = 'Standbyzz Keeper'")
    ).rows;
    expect(n).toBe(0);
    // The gateway asked the replica, which had not replayed the event: the primary answered.
    const { pages, jobs } = gateway.liveReads;
    expect([pages.replica, jobs.replica]).toEqual([0, 0]);
    expect(pages.primary).toBeGreaterThan(0);
    expect(jobs.primary).toBeGreaterThan(0);
    await standby.query('select pg_wal_replay_resume()');
  });
});
