import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/ingest/fetch/fetch-with-retry.ts';
import { CLAIM_LEASE_MINUTES, startPoller } from '../../src/ingest/poller.ts';
import { runSource } from '../../src/ingest/run-source.ts';
import { createSourceRegistry } from '../../src/ingest/sources/registry.ts';
import type { Services } from '../../src/services.ts';
import { createTestDatabaseEnv, createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * Configured sources fetched over real HTTP from a loopback server that plays a
 * Greenhouse board: what a scheduled run stores, closes and records.
 */
const board = JSON.parse(readFileSync('test/fixtures/ats/greenhouse/board.json', 'utf8')) as {
  jobs: { id: number }[];
  meta: unknown;
};
let response: { status: number; body: string; etag?: string } = {
  status: 200,
  body: JSON.stringify(board),
  etag: '"v1"',
};
const requests: { url: string; ifNoneMatch?: string }[] = [];
/** Boards whose answer the server holds back a little, counting how many wait at once. */
const slow = { prefix: '/v1/boards/slow-', inFlight: 0, maxInFlight: 0 };
let server: Server;
let services: Services;
/** Services as a gateway has them: on the test database, fetching from the loopback board. */
let gateway: () => Promise<Services>;
let now = new Date('2026-11-20T08:00:00Z');

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', ifNoneMatch: req.headers['if-none-match'] as string | undefined });
    if (req.url?.startsWith(slow.prefix)) {
      slow.maxInFlight = Math.max(slow.maxInFlight, ++slow.inFlight);
      setTimeout(() => {
        slow.inFlight--;
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jobs: [], meta: { total: 0 } }));
      }, 150);
      return;
    }
    if (response.etag && req.headers['if-none-match'] === response.etag) return res.writeHead(304).end();
    res.writeHead(response.status, {
      'content-type': 'application/json',
      ...(response.etag ? { etag: response.etag } : {}),
    });
    res.end(response.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const database = await createTestDatabaseEnv();
  gateway = () =>
    createTestServices(
      {
        clock: () => now,
        registry: createSourceRegistry({ greenhouse: { baseUrl } }),
        http: createHttpClient({
          userAgent: 'test',
          retries: 1,
          baseDelayMs: 1,
          maxDelayMs: 2,
          timeoutMs: 2000,
        }),
      },
      database,
    );
  services = await gateway();
});
afterAll(async () => {
  await services?.close();
  server?.close();
});

async function postingStatuses() {
  const rows = await services.orm.em
    .fork()
    .execute<{ external_id: string; status: string }[]>(
      `select external_id, status from source_posting where platform = 'greenhouse' and board = 'northwind' order by external_id`,
    );
  return Object.fromEntries(rows.map((r) => [r.external_id, r.status]));
}

describe(`scheduled source runs (${TEST_DB})`, () => {
  it('stores a board, records its validators, and sends them next time', async () => {
    const em = services.orm.em.fork();
    const org = await services.organizations.createOrganization(em, 'Northwind', 'northwind');
    const source = await services.sources.upsert(em, {
      platform: 'greenhouse',
      board: 'northwind',
      organizationId: org.id,
      intervalMinutes: 30,
    });
    const first = await runSource(services, source);
    expect(first.status).toBe('ok');
    expect(first.summary).toMatchObject({ fetched: board.jobs.length, new: board.jobs.length });
    const recorded = (await services.sources.find(em, 'greenhouse:northwind'))!;
    expect(recorded).toMatchObject({ etag: '"v1"', lastError: null });
    expect(recorded.lastSuccessAt?.toISOString()).toBe(now.toISOString());

    const second = await runSource(services, recorded);
    expect(second.status).toBe('not_modified');
    expect(requests.at(-1)?.ifNoneMatch).toBe('"v1"');
    const listing = await services.jobs.search(em, { organizationId: org.id }, undefined, {
      offset: 0,
      limit: 50,
    });
    expect(listing.total).toBe(board.jobs.length);
  });

  it('closes nothing when the fetch fails, and closes what a complete fetch no longer lists', async () => {
    const em = services.orm.em.fork();
    now = new Date('2026-11-21T08:00:00Z');
    response = { status: 503, body: 'down' };
    const failed = await runSource(services, (await services.sources.find(em, 'greenhouse:northwind'))!);
    expect(failed.status).toBe('failed');
    expect(Object.values(await postingStatuses()).every((s) => s === 'open')).toBe(true);
    expect((await services.sources.find(em, 'greenhouse:northwind'))!.lastError).toBeTruthy();

    const [gone, ...kept] = board.jobs;
    response = {
      status: 200,
      body: JSON.stringify({ ...board, jobs: kept, meta: { total: kept.length } }),
      etag: '"v2"',
    };
    const smaller = await runSource(services, (await services.sources.find(em, 'greenhouse:northwind'))!);
    expect(smaller.summary).toMatchObject({ closed: 1, unchanged: kept.length });
    expect((await postingStatuses())[String(gone!.id)]).toBe('closed');
  });

  it('the poller runs due sources and skips ones not due yet', async () => {
    const em = services.orm.em.fork();
    now = new Date('2026-11-21T08:10:00Z');
    const before = requests.length;
    const poller = startPoller({ ...services, logger: services.logger }, 60_000);
    await poller.tick();
    expect(requests.length).toBe(before); // last run 10 minutes ago, interval 30
    now = new Date('2026-11-21T08:45:00Z');
    response = { status: 200, body: JSON.stringify(board), etag: '"v3"' };
    await poller.tick();
    await poller.stop();
    expect(requests.length).toBe(before + 1);
    expect(Object.values(await postingStatuses()).every((s) => s === 'open')).toBe(true);
    expect((await services.sources.find(em, 'greenhouse:northwind'))!.lastRunAt?.toISOString()).toBe(
      now.toISOString(),
    );
  });

  it('the poller runs due sources a few at a time, not one after another', async () => {
    const em = services.orm.em.fork();
    for (const name of ['slow-a', 'slow-b', 'slow-c'])
      await services.sources.upsert(em, { platform: 'greenhouse', board: name, intervalMinutes: 30 });
    const poller = startPoller({ ...services, logger: services.logger }, 60_000);
    await poller.tick();
    await poller.stop();
    expect(requests.filter((r) => r.url.startsWith(slow.prefix))).toHaveLength(3);
    expect(slow.maxInFlight).toBe(3);
  });

  it('pollers on several gateways run each due source once between them', async () => {
    const em = services.orm.em.fork();
    for (const name of ['slow-d', 'slow-e', 'slow-f', 'slow-g', 'slow-h'])
      await services.sources.upsert(em, { platform: 'greenhouse', board: name, intervalMinutes: 30 });
    now = new Date(now.getTime() + 60 * 60_000);
    const due = await services.sources.due(em, now);
    expect(due.length).toBeGreaterThanOrEqual(8);
    // A second gateway on the same PostgreSQL database; PGlite is one process's own
    // database, so there the second poller shares the services.
    const other = TEST_DB === 'postgres' ? await gateway() : services;
    const before = requests.length;
    try {
      const pollers = [services, other].map((s) => startPoller({ ...s, logger: s.logger }, 60_000));
      await Promise.all(pollers.map((p) => p.tick()));
      await Promise.all(pollers.map((p) => p.stop()));
    } finally {
      if (other !== services) await other.close();
    }
    const fetched = requests.slice(before).map((r) => r.url.split('?')[0]);
    expect(fetched).toHaveLength(due.length);
    expect(new Set(fetched).size).toBe(due.length);
    const [claimed] = await em.execute<{ n: number }[]>(
      'select count(*)::int as n from source where claimed_until is not null',
    );
    expect(claimed!.n).toBe(0);
  });

  it('a source claimed by a gateway that died runs again once the claim lapses', async () => {
    const em = services.orm.em.fork();
    now = new Date(now.getTime() + 60 * 60_000);
    // The dead gateway claimed every due source and never recorded a run.
    const claimed: string[] = [];
    for (let i = 0; i < 100; i++) {
      const source = await services.sources.claimNext(em, now, CLAIM_LEASE_MINUTES);
      if (!source) break;
      claimed.push(source.board);
    }
    expect(claimed.length).toBeGreaterThanOrEqual(8);
    const before = requests.length;
    const poller = startPoller({ ...services, logger: services.logger }, 60_000);
    await poller.tick();
    expect(requests.length).toBe(before);
    now = new Date(now.getTime() + (CLAIM_LEASE_MINUTES + 1) * 60_000);
    await poller.tick();
    await poller.stop();
    expect(requests.length - before).toBe(claimed.length);
  });
});
