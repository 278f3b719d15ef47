/**
 * The search part: a fixed set of queries through JobRepository.search, timed after
 * VACUUM ANALYZE and warm-ups, with the exact count statement timed alone beside them.
 */
import os from 'node:os';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { DEMO_ORGANIZATION } from '../../src/demo/demo-organization.ts';
import type { SortOrder } from '../../src/domain/enums.ts';
import type { JobFilter } from '../../src/domain/job-filter.ts';
import type { PageKey } from '../../src/domain/page-key.ts';
import { FACET_NAMES } from '../../src/domain/job-facets.ts';
import type { Services } from '../../src/services.ts';
import type { Db } from './ingest.ts';
import { fmt, log, ms, percentile, table } from './format.ts';
import { postgresCpuSeconds } from './postgres.ts';
import { speedProbeMs } from './speed-probe.ts';
import { sqlPathSearch } from './sql-path-search.ts';
import type { SqlPathReply, SqlPathRequest } from './sql-path-worker.ts';
import { threadCpuSeconds, type ThreadKind } from './thread-cpu.ts';

interface SearchCase {
  name: string;
  filter: JobFilter;
  sort?: SortOrder;
  offset?: number;
  limit?: number;
  /** A keyset page (GraphQL cursors) starting after this many rows; the key is read once, untimed. */
  cursorAt?: number;
}

const SEARCH_CASES: SearchCase[] = [
  { name: 'broad word: "engineer"', filter: { query: 'engineer' } },
  { name: 'rare word: "kubernetes"', filter: { query: 'kubernetes' } },
  { name: '2 words: "senior data"', filter: { query: 'senior data' } },
  { name: 'prefix: "eng"', filter: { query: 'eng' } },
  {
    name: 'filters only: hybrid+remote, full-time',
    filter: { remoteTypes: ['remote', 'hybrid'], jobTypes: ['full-time'] },
  },
  {
    name: 'remote + US + min $120k',
    filter: { remoteTypes: ['remote'], countries: ['US'], minSalaryUsd: 120_000 },
  },
  {
    name: 'org listing: org + remote, newest',
    filter: { organizationId: DEMO_ORGANIZATION.id, isRemote: true },
    sort: 'newest',
  },
  { name: 'deep page: newest, offset 5000', filter: {}, sort: 'newest', offset: 5_000 },
  { name: 'page 1: newest', filter: {}, sort: 'newest' },
  { name: 'page 1,000 by cursor: newest', filter: {}, sort: 'newest', cursorAt: 19_980 },
  { name: 'page 1,000 by cursor: "engineer"', filter: { query: 'engineer' }, cursorAt: 19_980 },
];

interface SearchRow {
  name: string;
  runs: number;
  p50: number;
  p95: number;
  p99: number;
  countP50: number;
  total: number;
  rows: number;
}

/**
 * The steady state autovacuum keeps, before any search is timed: statistics, and a
 * visibility map for index-only counts. Without it, how fast the ingest ran decided
 * whether autovacuum had got round to the freshly written table, and with it the
 * count's cost (5× apart).
 */
export async function vacuumAnalyze(db: Db): Promise<void> {
  await db.services.orm.em.fork().execute('vacuum analyze');
}

/** Times every query through the SQL path alone and prints the latency table. */
export async function searchLatency(db: Db, repeats: number, budgetMs: number): Promise<void> {
  const em = db.services.orm.em.fork();
  // All jobs (the statement JobRepository.count ran before it was removed).
  const [row] = await em.execute<{ n: string | number }[]>('select count(*) as n from job');
  const jobs = Number(row?.n ?? 0);
  const searched = await runSearches(db.services, repeats, budgetMs);
  log();
  log(`${db.name}: ${fmt(jobs)} jobs`);
  log(
    table(
      ['query', 'runs', 'p50', 'p95', 'p99', 'count only p50', 'total', 'rows'],
      searched.map((s) => [
        s.name,
        s.runs,
        ms(s.p50),
        ms(s.p95),
        ms(s.p99),
        ms(s.countP50),
        fmt(s.total),
        s.rows,
      ]),
    ),
  );
}

/**
 * Two warm-ups, or one when the first took longer than the budget: a search of several
 * seconds (the SQL path at 1M) is as warm after one run, and each second warm-up cost
 * the 1M run about a minute and a half in all.
 */
async function warmUp(run: () => Promise<unknown>, budgetMs: number): Promise<void> {
  const t0 = performance.now();
  await run();
  if (performance.now() - t0 <= budgetMs) await run();
}

/** Requests in flight at once in the throughput runs (the 16 clients). */
const CLIENTS = 16;

type Path = 'sql' | 'index';

const pageOf = (c: SearchCase, after: PageKey | undefined) => ({
  offset: c.offset ?? 0,
  limit: c.limit ?? 20,
  after,
});

/** One search as a transport makes it, through the index, with its exact total and every facet. */
function searchIndex(services: Services, c: SearchCase, after: PageKey | undefined) {
  return services.search.search(services.orm.em.fork(), c.filter, c.sort, pageOf(c, after), FACET_NAMES);
}

/** The SQL path's searches: the page with its exact total, and every facet. */
interface SqlPath {
  search(c: SearchCase, after: PageKey | undefined): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * On PostgreSQL the SQL path runs in a thread of its own, with its own heap
 * (sql-path-worker.ts says why); on PGlite here (one process holds the database).
 */
async function sqlPathOf(db: Db): Promise<SqlPath> {
  const { database } = db.services.config;
  if (database.kind !== 'postgres')
    return {
      search: (c, after) => sqlPathSearch(db.services, c.filter, c.sort, pageOf(c, after)),
      close: async () => undefined,
    };
  const worker = new Worker(new URL('./sql-path-worker.ts', import.meta.url), {
    workerData: { DATABASE_URL: database.url, SEARCH_INDEX: 'false' },
  });
  const pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let next = 0;
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (reply: SqlPathReply) => {
      if (reply === 'ready') return resolve();
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.error) waiting?.reject(new Error(`SQL path: ${reply.error}`));
      else waiting?.resolve();
    });
  });
  await ready;
  // A thread that dies later fails the searches waiting on it rather than leaving the bench waiting.
  const failAll = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`SQL path: its thread exited (${code})`)));
  return {
    search: (c, after) =>
      new Promise<void>((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve, reject });
        worker.postMessage({
          id,
          filter: c.filter,
          sort: c.sort,
          page: pageOf(c, after),
        } satisfies SqlPathRequest);
      }),
    close: async () => {
      worker.postMessage('close');
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
}

/**
 * The SQL path beside the search index on the same data, in one run (issue 9, item 8):
 * one client's p50/p99 (the SQL path `repeats` runs, the index up to INDEX_ONE_CLIENT_RUNS),
 * then CLIENTS requests in flight for `seconds` per query and
 * path (requests/s, p50, p99). Both compute the exact total and every facet; the
 * index's figures include reading the page's rows from the database and checking them.
 * The index runs twice: with its facet cache off (every request counts every facet, as
 * a stream of distinct searches would), then as served (the cache on; after the first
 * request a repeat of the search is a hit until the next write). On PostgreSQL the SQL
 * path runs in a thread of its own (sqlPathOf). Prints the index's build time and memory
 * first.
 */
export async function searchSideBySide(
  db: Db,
  repeats: number,
  budgetMs: number,
  seconds: number,
  /** PostgreSQL's data directory, for its CPU per request (null: not shown). */
  dataDir: string | null = null,
): Promise<void> {
  const live = db.services.search.index;
  if (!live) return log('search index: off (SEARCH_INDEX=false); side-by-side skipped');
  const facetCacheSize = db.services.config.searchIndex.facetCacheSize;
  const rssBefore = process.memoryUsage().rss;
  const t0 = performance.now();
  live.start();
  if (!(await live.ready())) return log('search index: the build failed (see the log); side-by-side skipped');
  const buildMs = performance.now() - t0;
  const mb = (n: number) => `${Math.round(n / 1048576)} MB`;
  log();
  log(
    `${db.name}: search index of ${fmt(live.index()!.docCount)} jobs built in ${(buildMs / 1000).toFixed(1)} s; ` +
      `bitmaps ${mb(live.nativeBytes())} native; gateway RSS ${mb(process.memoryUsage().rss)} ` +
      `(${mb(process.memoryUsage().rss - rssBefore)} more than before the build); load ${loadavg()}; ` +
      `speed probe ${ms(speedProbeMs())} ms (scripts/bench/speed-probe.ts: the same work every run, lower is faster)`,
  );
  // The steady state a served gateway reaches seconds after its start (README "Pinned words").
  const rssPinning = process.memoryUsage().rss;
  const t1 = performance.now();
  const words = await live.wordsPinned();
  log(
    `pinned words: ${fmt(words)} in ${((performance.now() - t1) / 1000).toFixed(1)} s after the build; ` +
      `RSS ${mb(process.memoryUsage().rss - rssPinning)} more`,
  );
  const paths = { index: 0, sql: 0 };
  const reasons = new Set<string>();
  const count = (path: 'index' | 'sql', reason?: string) => {
    paths[path]++;
    if (reason) reasons.add(reason);
  };
  db.services.searchPaths.add(count);
  const sqlPath = await sqlPathOf(db);
  const rows: (string | number)[][] = [];
  const cpuRows: (string | number)[][] = [];
  try {
    for (const c of SEARCH_CASES) {
      const after = await keyBefore(db.services, c);
      const one: Record<Path, number[]> = { sql: [], index: [] };
      const via = (path: Path) => () =>
        path === 'sql' ? sqlPath.search(c, after) : searchIndex(db.services, c, after);
      const oneClient = async (path: Path) => {
        const times: number[] = [];
        await warmUp(via(path), budgetMs);
        const runs = path === 'sql' ? repeats : Math.max(repeats, INDEX_ONE_CLIENT_RUNS);
        const budget = path === 'sql' ? budgetMs : INDEX_ONE_CLIENT_MS;
        const started = performance.now();
        while (times.length < runs && (times.length < 5 || performance.now() - started < budget)) {
          const t = performance.now();
          await via(path)();
          times.push(performance.now() - t);
        }
        return times.sort((a, b) => a - b);
      };
      one.sql = await oneClient('sql');
      // Every facet counted at every request (the cache off), then as served (README "Facet cache").
      live.setFacetCacheSize(0);
      const countedPauses = gcPauses();
      const uncounted = await oneClient('index');
      const uncountedPauses = countedPauses.stop();
      const cpu0 = { threads: threadCpuSeconds(), pg: postgresCpuSeconds(dataDir) };
      const uncachedLoad = await underLoad(via('index'), seconds);
      cpuRows.push(cpuPerRequest(c.name, cpu0, dataDir, uncachedLoad.requests));
      live.setFacetCacheSize(facetCacheSize);
      const cachedPauses = gcPauses();
      one.index = await oneClient('index');
      const oneClientPauses = [...uncountedPauses, ...cachedPauses.stop()];
      paths.index = 0;
      paths.sql = 0;
      reasons.clear();
      const loaded = {
        sql: await underLoad(via('sql'), Math.min(seconds, budgetMs / 1000)),
        index: await underLoad(via('index'), seconds),
      };
      // As served while jobs are written (every write publishes a new index version).
      const writer = startWriter(db.services, WRITES_PER_SECOND);
      const writing = await underLoad(via('index'), seconds).finally(() => writer.stop());
      const answeredBy =
        paths.sql > 0
          ? `sql: ${[...reasons].join(', ')} (${paths.index}/${paths.index + paths.sql} by index)`
          : 'index';
      rows.push([
        c.name,
        ms(percentile(one.sql, 50)),
        ms(percentile(one.sql, 99)),
        ms(percentile(uncounted, 50)),
        ms(percentile(uncounted, 99)),
        ms(percentile(one.index, 50)),
        ms(percentile(one.index, 99)),
        `${(percentile(one.sql, 50) / Math.max(0.001, percentile(uncounted, 50))).toFixed(0)}×`,
        fmt(Math.round(loaded.sql.perSecond)),
        fmt(Math.round(uncachedLoad.perSecond)),
        ms(uncachedLoad.p99),
        fmt(Math.round(loaded.index.perSecond)),
        ms(loaded.index.p50),
        ms(loaded.index.p99),
        fmt(Math.round(writing.perSecond)),
        ms(writing.p99),
        `${fmt(uncounted.length + one.index.length)} / ${ms(Math.max(uncounted.at(-1)!, one.index.at(-1)!))}`,
        pausesCell(oneClientPauses),
        answeredBy,
      ]);
    }
  } finally {
    await sqlPath.close();
  }
  db.services.searchPaths.delete(count);
  log(
    table(
      [
        'query (exact total + all facets)',
        'SQL p50',
        'SQL p99',
        'index p50, facets counted',
        'p99',
        'index p50, cached facets',
        'p99',
        'p50 ratio (counted)',
        `SQL req/s (${CLIENTS} clients)`,
        `index req/s (${CLIENTS}), counted`,
        `p99 (${CLIENTS})`,
        `index req/s (${CLIENTS}), cached`,
        `p50 (${CLIENTS})`,
        `p99 (${CLIENTS})`,
        `index req/s (${CLIENTS}), cached, ${WRITES_PER_SECOND} writes/s`,
        `p99 (${CLIENTS}, writes)`,
        'index one-client runs / slowest',
        `GC pauses ≥ ${GC_PAUSE_MS} ms, index one client`,
        'answered by',
      ],
      rows,
    ),
  );
  log(`load after: ${loadavg()}`);
  log();
  await deepPagesInterleaved(db, facetCacheSize);
  log(
    `CPU per request, facets counted, ${CLIENTS} clients (µs; /proc, this process's threads and the server's):`,
  );
  log(
    table(
      [
        'query',
        'main thread',
        'worker threads',
        'GC threads',
        'other',
        'PostgreSQL',
        'sum',
        'load',
        'speed probe ms',
      ],
      cpuRows,
    ),
  );
}

/**
 * One-client runs of the index path, each of its two rows (facets counted, then cached):
 * enough for p99 to be a percentile. With the SQL path's `--repeats` (20 at 1M, where a
 * SQL search takes seconds) the index's p99 was its slowest of 20 runs, and one collector
 * pause among them decided the row (README "At 1,000,000 jobs, stop 36"). At most this
 * many runs, for at most this long; the slowest run is shown beside.
 */
const INDEX_ONE_CLIENT_RUNS = 1_000;
const INDEX_ONE_CLIENT_MS = 4_000;

/** Rounds of the interleaved deep-page comparison (each runs the three pages once). */
const DEEP_PAGE_ROUNDS = 200;

/**
 * Page 1,000 against page 1 (issue 9 item 7: within 1.5×), measured side by side: the
 * table's rows for them run minutes apart, each 20 times at ~1 ms, so their ratio moved
 * 1.1–2.5× between runs with the same code. Here one client takes page 1, page 1,000 by
 * cursor (GraphQL's keyset cursors) and page 1,000 by offset (REST's page=1000) in turn,
 * the order rotating each round, every facet counted, the page's rows read.
 */
async function deepPagesInterleaved(db: Db, facetCacheSize: number): Promise<void> {
  const live = db.services.search.index!;
  const rows: (string | number)[][] = [];
  live.setFacetCacheSize(0);
  try {
    for (const c of DEEP_PAGE_SEARCHES) {
      const after = await keyBefore(db.services, { ...c, cursorAt: DEEP_PAGE_AT });
      const pages: SearchCase[] = [c, { ...c, cursorAt: DEEP_PAGE_AT }, { ...c, offset: DEEP_PAGE_AT }];
      const run = (p: SearchCase) =>
        searchIndex(db.services, p, p.cursorAt === undefined ? undefined : after);
      for (const p of pages) for (let i = 0; i < 10; i++) await run(p);
      const times: number[][] = pages.map(() => []);
      for (let round = 0; round < DEEP_PAGE_ROUNDS; round++)
        for (let k = 0; k < pages.length; k++) {
          const i = (round + k) % pages.length;
          const t = performance.now();
          await run(pages[i]!);
          times[i]!.push(performance.now() - t);
        }
      for (const t of times) t.sort((a, b) => a - b);
      const p50 = times.map((t) => percentile(t, 50));
      const cell = (i: number) =>
        `${ms(p50[i]!)} / ${ms(percentile(times[i]!, 99))}` +
        (i > 0 ? ` (${(p50[i]! / p50[0]!).toFixed(2)}×)` : '');
      rows.push([c.name, cell(0), cell(1), cell(2)]);
    }
  } finally {
    live.setFacetCacheSize(facetCacheSize);
  }
  log(
    `Page 1,000 against page 1, interleaved (one client, ${DEEP_PAGE_ROUNDS} rounds, every facet counted; p50 / p99 ms, p50 ratio to page 1):`,
  );
  log(table(['search', 'page 1', 'page 1,000 by cursor', 'page 1,000 by offset'], rows));
  log();
}

/** Where page 1,000 starts (20 a page). */
const DEEP_PAGE_AT = 19_980;

const DEEP_PAGE_SEARCHES: SearchCase[] = [
  { name: 'newest', filter: {}, sort: 'newest' },
  { name: '"engineer"', filter: { query: 'engineer' } },
];

/** "n (max m ms, its kind)", or 0. */
function pausesCell(pauses: GcPause[]): string {
  if (pauses.length === 0) return '0';
  const worst = pauses.reduce((a, b) => (b.ms > a.ms ? b : a));
  return `${pauses.length} (max ${ms(worst.ms)}, ${worst.kind})`;
}

/** GC pauses from this long are counted beside the one-client runs (their p99 is about their maximum). */
const GC_PAUSE_MS = 5;

/** A pause's kind as Node reports it (perf_hooks `detail.kind`). */
const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

interface GcPause {
  ms: number;
  kind: string;
}

/** The gateway's GC pauses of at least GC_PAUSE_MS from now until `stop()`. */
function gcPauses(): { stop(): GcPause[] } {
  const seen: GcPause[] = [];
  const take = (entries: PerformanceEntry[]) => {
    for (const e of entries)
      if (e.duration >= GC_PAUSE_MS) {
        const kind = (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0;
        seen.push({ ms: e.duration, kind: GC_KINDS[kind] ?? String(kind) });
      }
  };
  const observer = new PerformanceObserver((list) => take(list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop: () => {
      take(observer.takeRecords());
      observer.disconnect();
      return seen;
    },
  };
}

/** Write transactions per second in the "under writes" runs (each changes 5 jobs). */
const WRITES_PER_SECOND = 10;

/**
 * A steady writer beside the searches: each transaction flips visa sponsorship on 5
 * random jobs (an indexed column the change log follows, in no bench query's filter or
 * facets), so every write publishes a new index version as an ingest would.
 */
function startWriter(services: Services, perSecond: number): { stop(): Promise<void> } {
  let stopped = false;
  const run = (async () => {
    const em = services.orm.em.fork();
    const [row] = await em.execute<{ n: string | number }[]>('select count(*) as n from job');
    const ids = (
      await em.execute<{ id: string }[]>(
        `select id::text as id from job tablesample bernoulli (${Math.min(100, (200_000 / Math.max(1, Number(row?.n ?? 1))) * 100)}) limit 2000`,
      )
    ).map((r) => r.id);
    let k = 0;
    while (!stopped && ids.length > 0) {
      const some = Array.from({ length: 5 }, () => ids[(k = (k * 7919 + 13) % ids.length)]);
      await em.execute(
        `update job set visa_sponsorship = not coalesce(visa_sponsorship, false) where id = any(?::uuid[])`,
        [`{${some.join(',')}}`],
      );
      await new Promise((resolve) => setTimeout(resolve, 1000 / perSecond));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await run;
    },
  };
}

function loadavg(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

/** CLIENTS loops issuing `run` for `seconds`: requests per second and latency percentiles. */
async function underLoad(run: () => Promise<unknown>, seconds: number) {
  const times: number[] = [];
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await run();
        times.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    perSecond: times.length / elapsed,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    requests: times.length,
  };
}

/**
 * Where a counted request's CPU went at 16 clients, µs per request by thread kind and
 * PostgreSQL's server processes (on 2 cores the sum bounds the requests per second).
 */
function cpuPerRequest(
  name: string,
  before: { threads: Map<ThreadKind, number>; pg: number | null },
  dataDir: string | null,
  requests: number,
): (string | number)[] {
  const threads = threadCpuSeconds();
  const pg = postgresCpuSeconds(dataDir);
  const us = (seconds: number | null) =>
    seconds === null ? '–' : fmt(Math.round((seconds * 1e6) / Math.max(1, requests)));
  const kind = (k: ThreadKind) => (threads.get(k) ?? 0) - (before.threads.get(k) ?? 0);
  const all = ['main', 'worker', 'gc', 'other'].reduce((n, k) => n + kind(k as ThreadKind), 0);
  const server = pg === null || before.pg === null ? null : pg - before.pg;
  return [
    name,
    us(kind('main')),
    us(kind('worker')),
    us(kind('gc')),
    us(kind('other')),
    us(server),
    us(all + (server ?? 0)),
    loadavg().split(' ')[0]!,
    ms(speedProbeMs()),
  ];
}

/** Per query: warm-ups (`warmUp`), then `repeats` runs or until `budgetMs` is spent (at least 5 runs). */
async function runSearches(services: Services, repeats: number, budgetMs: number): Promise<SearchRow[]> {
  const out: SearchRow[] = [];
  for (const c of SEARCH_CASES) {
    const timed = await timeSearch(services, c, repeats, budgetMs);
    const counts = await timeCount(services, c);
    out.push({
      name: c.name,
      runs: timed.times.length,
      p50: percentile(timed.times, 50),
      p95: percentile(timed.times, 95),
      p99: percentile(timed.times, 99),
      countP50: percentile(counts, 50),
      total: timed.total,
      rows: timed.rows,
    });
  }
  return out;
}

/** Sorted run times of one query, with the last run's total and page size. */
async function timeSearch(
  services: Services,
  c: SearchCase,
  repeats: number,
  budgetMs: number,
): Promise<{ times: number[]; total: number; rows: number }> {
  const times: number[] = [];
  let total = 0;
  let rows = 0;
  const page = { offset: c.offset ?? 0, limit: c.limit ?? 20, after: await keyBefore(services, c) };
  await warmUp(() => services.jobs.search(services.orm.em.fork(), c.filter, c.sort, page), budgetMs);
  const started = performance.now();
  while (times.length < repeats && (times.length < 5 || performance.now() - started < budgetMs)) {
    const em = services.orm.em.fork();
    const t0 = performance.now();
    const result = await services.jobs.search(em, c.filter, c.sort, page);
    times.push(performance.now() - t0);
    total = result.total;
    rows = result.items.length;
  }
  times.sort((a, b) => a - b);
  return { times, total, rows };
}

/** The key of the row before a keyset case's page (undefined for offset cases). */
async function keyBefore(services: Services, c: SearchCase): Promise<PageKey | undefined> {
  if (c.cursorAt === undefined) return undefined;
  const page = { offset: c.cursorAt - 1, limit: 1 };
  return (await services.jobs.search(services.orm.em.fork(), c.filter, c.sort, page)).keys[0];
}

/** The exact count alone (the last of search's statements), to split the cost; sorted. */
async function timeCount(services: Services, c: SearchCase): Promise<number[]> {
  const counts: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    await services.jobs.countMatches(services.orm.em.fork(), c.filter);
    counts.push(performance.now() - t0);
  }
  return counts.sort((a, b) => a - b);
}
