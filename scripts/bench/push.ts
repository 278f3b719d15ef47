/**
 * The push part (issue 12 item 8; README "Benchmarks", "Push delivery"):
 *
 *   npm run bench -- --push [--push-jobs 10000] [--push-subscribers 1000] [--push-endpoints 100]
 *                           [--push-cores shared|split] [--push-replica] [--push-statements [n]]
 *                           [--push-fill-interval <ms>] [--push-rounds <n>]
 *
 * On a throwaway PostgreSQL cluster with `track_commit_timestamp` on (or DATABASE_URL's
 * server, where commit times fall back to the transactions' start), three fresh
 * databases in turn, each with a real gateway (push-gateway.ts) and the same cold ingest
 * of demo postings in a process of its own (push-ingest.ts):
 *
 * 1. no subscribers: the ingest's throughput; its jobs are the vocabulary the filters
 *    are drawn from (push-filters.ts);
 * 2. `subscribers` SSE subscriptions of `jobsAdded(filter)` and `endpoints` webhook
 *    endpoints (saved searches, 20 per organization, the most one may have) with the
 *    clients and a loopback receiver in another process (push-clients.ts): throughput,
 *    time from each event's commit to its arrival, CPU, and every target's jobs
 *    against its filter's jobs afterwards (push-analysis.ts);
 * 3. no subscribers again, so the comparison brackets the run's drift.
 *
 * `--push-cores split` runs all three with the ingest and PostgreSQL on half the CPUs and
 * the gateway and the clients on the other half (core-split.ts). `--push-replica` adds a
 * streaming replica of the cluster, which every gateway reads live jobs from once it has
 * replayed past their page (on the gateway's half when split). `--push-statements` prints
 * each phase's statements by server time (push-statements.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector/promises';
import { join } from 'node:path';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatEventId, type EventPosition } from '../../src/domain/event-id.ts';
import type { JobFilter } from '../../src/domain/job-filter.ts';
import { startThrowawayPostgres } from '../pg-cluster.ts';
import { pin, pinPostgres, type CoreSplit } from './core-split.ts';
import { StageLog } from './push-stages.ts';
import { STATEMENT_SETTINGS, StatementCounts } from './push-statements.ts';
import { fmt, log, ms } from './format.ts';
import { Probe } from './ingest.ts';
import type { BenchOptions, PushOptions } from './options.ts';
import { expectedJobs, hookFigures, loadOutbox, sseFigures } from './push-analysis.ts';
import type { FromClients, ToClients } from './push-clients.ts';
import { loadPushVocabulary, generateFilters, toGraphqlFilter } from './push-filters.ts';
import { startGateway, type Gateway } from './push-gateway.ts';
import type { IngestDone } from './push-ingest.ts';
import {
  printPushReport,
  printRounds,
  TARGET_HOOK_P99_MS,
  TARGET_SLOWDOWN,
  TARGET_SSE_P99_MS,
  type DeliveryLags,
  type IngestPhase,
  type PushRun,
} from './push-report.ts';
import { openPostgres, postgresCpuSeconds, siblingDatabase, type PgTarget } from './postgres.ts';
import { perSecond, startClocks } from './stage.ts';

/** After the ingest's last commit, delivery may take this long before the run gives up waiting. */
const DRAIN_LIMIT_MS = 300_000;
/** An organization has at most 20 webhook endpoints (README "Webhooks"). */
const ENDPOINTS_PER_ORG = 20;
const SELECTIONS: Record<PushOptions['selection'], string> = {
  id: 'id',
  listing:
    'id title companyName descriptionText location remoteType salary { annualMinUsd annualMaxUsd } skills postedAt',
};
const subscriptionOf = (push: PushOptions) =>
  `subscription ($f: JobFilter) { jobsAdded(filter: $f) { ${SELECTIONS[push.selection]} } }`;

const here = (file: string) => new URL(file, import.meta.url).pathname;
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** A forked process and the messages it sends, taken by type. */
class Child<In extends { type: string }, Out> {
  private readonly queue: In[] = [];
  private readonly waiting: { type: string; resolve: (m: In) => void; reject: (e: Error) => void }[] = [];
  readonly proc: ChildProcess;

  constructor(file: string, args: string[], env: Record<string, string>) {
    this.proc = fork(here(file), args, { env: { ...process.env, ...env } });
    this.proc.on('message', (m: In) => {
      const i = this.waiting.findIndex((w) => w.type === m.type);
      if (i >= 0) this.waiting.splice(i, 1)[0]!.resolve(m);
      else this.queue.push(m);
    });
    this.proc.on('exit', (code) => {
      for (const w of this.waiting.splice(0)) w.reject(new Error(`${file} exited (${code})`));
    });
  }

  next<T extends In['type']>(type: T): Promise<Extract<In, { type: T }>> {
    const i = this.queue.findIndex((m) => m.type === type);
    if (i >= 0) return Promise.resolve(this.queue.splice(i, 1)[0] as Extract<In, { type: T }>);
    return new Promise((resolve, reject) =>
      this.waiting.push({ type, resolve: resolve as (m: In) => void, reject }),
    );
  }

  send(message: Out): void {
    this.proc.send(message as object);
  }
}

/** Starts the ingest process; its clocks start when it is ready to write. */
async function startIngest(
  pg: PgTarget,
  url: string,
  push: PushOptions,
  seed: number,
  counts: PhaseStatements,
) {
  const child = new Child<{ type: 'ready' } | IngestDone, { type: 'go' }>(
    './push-ingest.ts',
    [String(push.jobs), String(seed), pg.dataDir ?? '-'],
    { DATABASE_URL: url },
  );
  await child.next('ready');
  // Forked from the gateway's CPUs: moved, every thread it has, before it writes anything.
  if (push.split) pin(child.proc.pid!, push.split.ingest);
  await counts.reset();
  const stop = startClocks(pg.dataDir);
  child.send({ type: 'go' });
  return { done: child.next('done'), stop };
}

/** A fresh database with a gateway and no subscriber: the ingest alone. */
async function withoutSubscribers(
  pg: PushTarget,
  label: string,
  opts: BenchOptions,
  push: PushOptions,
  after?: (gateway: Gateway) => Promise<void>,
): Promise<IngestPhase> {
  const db = await siblingDatabase(pg, `push_${label.replace(/\W+/g, '_')}`);
  const gateway = await gatewayFor(pg, db.url, push);
  try {
    const counts = await phaseStatements(pg, db.url, push);
    const run = await startIngest(pg, db.url, push, opts.seed, counts);
    const { result } = await run.done;
    const window = run.stop();
    const phase = { label, ingest: result, window, load: loadavg() };
    log(`${label}: ${fmt(perSecond(result))} postings/s (${ms(result.seconds)} s), load ${phase.load}`);
    await counts.print(label);
    await after?.(gateway);
    return phase;
  } finally {
    await gateway.close();
    await db.dispose();
  }
}

/** Saved searches with an endpoint each, ENDPOINTS_PER_ORG per organization, pointing at `<receiver>/<n>`. */
async function createEndpoints(gateway: Gateway, filters: JobFilter[], receiver: string): Promise<void> {
  const { services, app } = gateway;
  let key = '';
  for (const [n, filter] of filters.entries()) {
    if (n % ENDPOINTS_PER_ORG === 0) {
      const org = n / ENDPOINTS_PER_ORG;
      const id = `0b00${String(org).padStart(4, '0')}-0000-4000-8000-000000000000`;
      const em = services.orm.em.fork();
      await services.organizations.ensureOrganization(em, { id, name: `Push ${org}`, slug: `push-${org}` });
      key = (await services.organizations.createApiKey(em, id, 'bench', { scope: 'admin' })).key;
    }
    const gql = async (query: string, variables: Record<string, unknown>) => {
      const res = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'x-api-key': key },
        payload: { query, variables },
      });
      const body = res.json() as { data?: Record<string, { id?: string }>; errors?: unknown[] };
      if (body.errors) throw new Error(`endpoint ${n}: ${JSON.stringify(body.errors)}`);
      return body.data!;
    };
    const saved = await gql(
      'mutation ($n: String!, $f: JobFilter!) { createSavedSearch(name: $n, filter: $f) { id } }',
      { n: `push ${n}`, f: toGraphqlFilter(filter) },
    );
    await gql(
      'mutation ($s: ID!, $u: String!) { createWebhookEndpoint(savedSearchId: $s, url: $u) { secret } }',
      {
        s: saved.createSavedSearch!.id,
        u: `${receiver}/${n}`,
      },
    );
  }
}

async function lastEvent(gateway: Gateway): Promise<EventPosition | null> {
  const [row] = await gateway.services.orm.em.fork().execute<{ xid: string; seq: string }[]>(
    // e.xid, not the text alias: xid8 order.
    'select e.xid::text as xid, e.seq::text as seq from job_event e order by e.xid desc, e.seq desc limit 1',
  );
  return row ? { xid: BigInt(row.xid), seq: BigInt(row.seq) } : null;
}

/** Endpoints whose cursor is short of `end`, and deliveries not yet made. */
async function hooksLeft(gateway: Gateway, end: EventPosition): Promise<number> {
  const [row] = await gateway.services.orm.em.fork().execute<{ n: string }[]>(
    `select (select count(*) from webhook_endpoint where (cursor_xid, cursor_seq) < (?::xid8, ?::bigint))
          + (select count(*) from webhook_delivery where status = 'pending') as n`,
    [end.xid.toString(), end.seq.toString()],
  );
  return Number(row?.n ?? 0);
}

/** Where a webhook's time goes: waiting to be filled into a delivery, then waiting to be sent. */
async function deliveryLags(gateway: Gateway, exactCommits: boolean): Promise<DeliveryLags> {
  const committed = exactCommits ? 'pg_xact_commit_timestamp(e.xid::xid)' : 'e.at';
  const rows = await gateway.services.orm.em.fork().execute<{ n: number; fill: string; send: string }[]>(
    `select d.job_count as n,
            extract(epoch from d.created_at - c.at) * 1000 as fill,
            extract(epoch from d.delivered_at - d.created_at) * 1000 as send
       from webhook_delivery d
       cross join lateral (select max(${committed}) as at from job_event e
              where e.job_id in (select (j->>'id')::uuid from json_array_elements(d.body::json->'data'->'added') j)) c
      where d.status = 'delivered'`,
  );
  const sorted = (xs: number[]) => xs.sort((a, b) => a - b);
  return {
    deliveries: rows.length,
    jobs: rows.reduce((s, r) => s + Number(r.n), 0),
    fill: sorted(rows.map((r) => Number(r.fill)).filter(Number.isFinite)),
    send: sorted(rows.map((r) => Number(r.send)).filter(Number.isFinite)),
  };
}

/**
 * The gateway's CPU profile over the delivery window only (the bench process is the
 * gateway; its setup and analysis would otherwise drown the window in a --cpu-prof run).
 */
async function startProfile(): Promise<{ stop: (dir: string) => Promise<string> }> {
  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    stop: async (dir) => {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `push-gateway-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      return file;
    },
  };
}

/** The measured run: subscribers and endpoints in place, the ingest, delivery to the end. */
async function withSubscribers(
  pg: PushTarget,
  opts: BenchOptions,
  push: PushOptions,
  sseFilters: JobFilter[],
  hookFilters: JobFilter[],
): Promise<PushRun> {
  const db = await siblingDatabase(pg, 'push_subscribed');
  const gateway = await gatewayFor(pg, db.url, push);
  const clients = new Child<FromClients, ToClients>('./push-clients.ts', [], {});
  try {
    const { url } = await clients.next('receiver');
    await createEndpoints(gateway, hookFilters, url);
    clients.send({
      type: 'subscribe',
      base: gateway.base,
      query: subscriptionOf(push),
      variables: sseFilters.map((f) => ({ f: toGraphqlFilter(f) })),
    });
    const { failed } = await clients.next('subscribed');
    if (failed.length) throw new Error(`subscriptions refused: ${failed.slice(0, 5).join('; ')}`);
    log(
      `${fmt(sseFilters.length)} SSE streams open, ${fmt(hookFilters.length)} endpoints; load ${loadavg()}`,
    );
    const probe = new Probe();
    probe.wrap('events', gateway.services.jobEventLog, ['read', 'head']);
    // The shared reader (EVENT_MATCHING=memory, the default) reads its pages through its own
    // repository, not jobEventLog.read (left for the filters it cannot answer).
    const pages = (gateway.services.eventReader as unknown as { repository?: object }).repository;
    if (pages) probe.wrap('pages', pages, ['eventImages']);
    const stages = new StageLog();
    stages.watch(gateway.services.jobEventLog, pages);

    const profile = push.profileDir ? await startProfile() : null;
    const counts = await phaseStatements(pg, db.url, push);
    const replicaCpu0 = postgresCpuSeconds(pg.replicaDataDir ?? null);
    const run = await startIngest(pg, db.url, push, opts.seed, counts);
    const { result } = await run.done;
    const ingestEnd = Date.now();
    log(
      `ingest with subscribers: ${fmt(perSecond(result))} postings/s (${ms(result.seconds)} s), load ${loadavg()}`,
    );
    const end = await lastEvent(gateway);
    const through = end ? formatEventId(end) : null;
    let progress: Extract<FromClients, { type: 'progress' }>;
    let nextLine = 0;
    let timedOut = false;
    for (;;) {
      clients.send({ type: 'progress', through });
      progress = await clients.next('progress');
      const left = end ? await hooksLeft(gateway, end) : 0;
      const waited = Date.now() - ingestEnd;
      if (waited >= nextLine) {
        log(
          `  +${(waited / 1000).toFixed(0)} s: SSE ${fmt(progress.sseJobs)} jobs, ${fmt(progress.caughtUp)}/${fmt(sseFilters.length)} streams through the last event; webhooks ${fmt(progress.hookJobs)} jobs, ${fmt(left)} endpoints or deliveries left; load ${loadavg()}`,
        );
        nextLine += 10_000;
      }
      if (progress.caughtUp >= sseFilters.length && left === 0) break;
      if (waited > DRAIN_LIMIT_MS) {
        timedOut = true;
        break;
      }
      await sleep(250);
    }
    const window = run.stop();
    const replicaCpu1 = postgresCpuSeconds(pg.replicaDataDir ?? null);
    await counts.print('ingest with subscribers, until every target had the last event');
    if (profile && push.profileDir) log(`gateway CPU profile: ${await profile.stop(push.profileDir)}`);
    const load = loadavg();
    clients.send({ type: 'report' });
    const report = await clients.next('report');
    const outbox = await loadOutbox(gateway.services);
    const lags = await deliveryLags(gateway, outbox.exactCommits);
    const sseExpected = await expectedJobs(gateway.services, sseFilters);
    const hookExpected = await expectedJobs(gateway.services, hookFilters);
    const sse = sseFigures(report.frames, sseExpected.ids, outbox, sseExpected.totalMismatches);
    return {
      label: `${fmt(sseFilters.length)} SSE + ${fmt(hookFilters.length)} webhooks`,
      ingest: result,
      window,
      load,
      sse,
      stages: stages.figures(sse.arrivals),
      hooks: hookFigures(
        report.hooks,
        hookFilters.length,
        hookExpected.ids,
        outbox,
        hookExpected.totalMismatches,
      ),
      lags,
      exactCommits: outbox.exactCommits,
      events: outbox.events,
      drainMs: Math.max(0, progress.lastArrival - ingestEnd),
      timedOut,
      clientsCpu: report.cpuSeconds,
      reads: [probe.totals.get('events.read'), probe.totals.get('pages.eventImages')].reduce(
        (sum: { calls: number; ms: number }, t) => ({
          calls: sum.calls + (t?.calls ?? 0),
          ms: sum.ms + (t?.ms ?? 0),
        }),
        { calls: 0, ms: 0 },
      ),
      heads: probe.totals.get('events.head') ?? { calls: 0, ms: 0 },
      liveReads: structuredClone(gateway.services.liveReads),
      replicaCpu: replicaCpu0 !== null && replicaCpu1 !== null ? replicaCpu1 - replicaCpu0 : null,
      warnings: gateway.warnings,
      streamErrors: report.errors,
    };
  } finally {
    clients.send({ type: 'close' });
    await gateway.close();
    await db.dispose();
  }
}

/** Pins this process (the gateway; the clients' process is forked from it) and the cluster. */
function splitCores(pg: PushTarget, split: CoreSplit): void {
  if (!pg.dataDir) throw new Error('--push-cores split pins the throwaway cluster: unset DATABASE_URL');
  pin(process.pid, split.gateway);
  pinPostgres(pg.dataDir, split.ingest);
  // The replica on a CPU of its own when the gateway's half has two (as on a machine of its
  // own), else beside the gateway: on 2 CPUs its replay and reads share the gateway's.
  if (pg.replicaDataDir) pinPostgres(pg.replicaDataDir, split.replica);
  log(
    `cores: split — the ingest and PostgreSQL on CPUs ${split.ingest}, the gateway and the clients on CPUs ${split.gateway}${pg.replicaDataDir ? `, the replica on CPUs ${split.replica}` : ''} (as on machines of their own; scripts/bench/core-split.ts)`,
  );
}

/** The bench's PostgreSQL, and with --push-replica its streaming replica's URL (its `postgres` database). */
type PushTarget = PgTarget & { replicaUrl?: string; replicaDataDir?: string };

/** The throwaway cluster records commit times (`pg_xact_commit_timestamp`); DATABASE_URL's server may not. */
async function openTarget(push: PushOptions): Promise<PushTarget> {
  if (process.env.DATABASE_URL) {
    if (push.replica) throw new Error('--push-replica replicates the throwaway cluster: unset DATABASE_URL');
    return openPostgres();
  }
  // With a replica the primary commits synchronously (the default, which the throwaway
  // cluster turns off): an asynchronous commit reaches the replica only when the WAL
  // writer next flushes, up to 200 ms later.
  const cluster = await startThrowawayPostgres({
    settings: {
      track_commit_timestamp: 'on',
      ...(push.replica && { synchronous_commit: 'on' }),
      ...(push.statements && STATEMENT_SETTINGS),
    },
  });
  const replica = push.replica
    ? await startThrowawayPostgres({
        replicaOf: cluster.url,
        ...(push.statements && { settings: STATEMENT_SETTINGS }),
      }).catch((error: unknown) => {
        cluster.stop();
        throw error;
      })
    : null;
  return {
    url: cluster.url,
    label: `throwaway PostgreSQL 15 cluster (fsync off, track_commit_timestamp on${replica ? ', synchronous_commit on, a streaming replica beside it' : ''})`,
    dataDir: cluster.dataDir,
    ...(replica && { replicaUrl: replica.url, replicaDataDir: replica.dataDir }),
    dispose: async () => {
      replica?.stop();
      cluster.stop();
    },
  };
}

/** A gateway on `url`'s database, reading from the replica's copy of it when there is one. */
async function gatewayFor(pg: PushTarget, url: string, push: PushOptions): Promise<Gateway> {
  const replica = replicaUrlOf(pg, url);
  if (!replica) return startGateway(url, undefined, push.fillIntervalMs);
  // The database was just created on the primary: wait until the replica has replayed that.
  await untilReplayed(replica, 'select 1');
  return startGateway(url, replica, push.fillIntervalMs);
}

/** The replica's URL of the primary's database at `url`, if there is a replica. */
function replicaUrlOf(pg: PushTarget, url: string): string | null {
  if (!pg.replicaUrl) return null;
  const replica = new URL(pg.replicaUrl);
  replica.pathname = new URL(url).pathname;
  return replica.toString();
}

/** Waits (10 s at most) until `sql` runs on the replica: what the primary just wrote has been replayed. */
async function untilReplayed(replicaUrl: string, sql: string): Promise<void> {
  const { Client } = await import('pg');
  for (let tries = 0; ; tries++) {
    const client = new Client({ connectionString: replicaUrl });
    try {
      await client.connect();
      await client.query(sql);
      return;
    } catch (error) {
      if (tries >= 100) throw error;
      await sleep(100);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

/** A phase's statement counts (--push-statements) on the primary and the replica; no-ops without the flag. */
interface PhaseStatements {
  reset(): Promise<void>;
  print(phase: string): Promise<void>;
}

async function phaseStatements(pg: PushTarget, url: string, push: PushOptions): Promise<PhaseStatements> {
  const n = push.statements;
  if (!n) return { reset: async () => undefined, print: async () => undefined };
  const primary = await StatementCounts.open(url, 'primary', true);
  const replicaUrl = replicaUrlOf(pg, url);
  // The extension was created on the primary: the replica has it once that is replayed.
  const replica =
    primary && replicaUrl
      ? await untilReplayed(replicaUrl, 'select 1 from pg_stat_statements limit 1')
          .catch(() => undefined)
          .then(() => StatementCounts.open(replicaUrl, 'replica', false))
      : null;
  const all = [primary, replica].filter((c) => c !== null);
  return {
    reset: async () => {
      for (const c of all) await c.reset();
    },
    print: async (phase) => {
      for (const c of all) await c.print(phase, n);
    },
  };
}

export async function runPushBench(opts: BenchOptions & { push: PushOptions }): Promise<void> {
  const { push } = opts;
  const cpu = os.cpus();
  log('# Job listings service — push delivery benchmark (issue 12 item 8)');
  log();
  log(
    `machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory, Node ${process.version}; load ${loadavg()}`,
  );
  log(
    `options: --push-jobs ${push.jobs}${push.rounds > 1 ? ` --push-rounds ${push.rounds}` : ''} --push-subscribers ${push.subscribers} --push-endpoints ${push.endpoints} --push-selection ${push.selection} --push-cores ${push.split ? 'split' : 'shared'}${push.replica ? ' --push-replica' : ''}${push.statements ? ` --push-statements ${push.statements}` : ''}${push.fillIntervalMs !== undefined ? ` --push-fill-interval ${push.fillIntervalMs}` : ''} --seed ${opts.seed}`,
  );
  log(
    `targets: p99 commit → arrival under ${fmt(TARGET_SSE_P99_MS)} ms (SSE) and ${fmt(TARGET_HOOK_P99_MS)} ms (webhooks); ingest with subscribers at most ${TARGET_SLOWDOWN * 100} % slower`,
  );
  const started = Date.now();
  const pg = await openTarget(push);
  log(`PostgreSQL: ${pg.label}`);
  try {
    if (push.split) splitCores(pg, push.split);
    else log('cores: shared — the ingest, PostgreSQL, the gateway and the clients on every CPU');
    log();
    let filters: JobFilter[] = [];
    const before = await withoutSubscribers(pg, 'no subscribers (before)', opts, push, async (gateway) => {
      const vocabulary = await loadPushVocabulary(gateway.services);
      filters = generateFilters(vocabulary, push.subscribers + push.endpoints, opts.seed);
    });
    const runs: PushRun[] = [];
    const without = [before];
    for (let round = 1; round <= push.rounds; round++) {
      if (push.rounds > 1) log(`round ${round} of ${push.rounds}`);
      runs.push(
        await withSubscribers(
          pg,
          opts,
          push,
          filters.slice(0, push.subscribers),
          filters.slice(push.subscribers),
        ),
      );
      const label = push.rounds > 1 ? `no subscribers (after round ${round})` : 'no subscribers (after)';
      without.push(await withoutSubscribers(pg, label, opts, push));
    }
    for (const [i, run] of runs.entries()) {
      log();
      if (push.rounds > 1) log(`### Round ${i + 1} of ${push.rounds}`);
      printPushReport(push, run, [without[i]!, without[i + 1]!], DRAIN_LIMIT_MS);
    }
    if (push.rounds > 1) {
      log();
      printRounds(runs, without);
    }
    log();
    log(`the push part took ${((Date.now() - started) / 1000).toFixed(0)} s; load at the end ${loadavg()}`);
  } finally {
    await pg.dispose();
  }
}
