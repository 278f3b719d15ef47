/**
 * The ingest and search benchmark: prints figures, asserts nothing.
 *
 *   npm run bench -- [--postings 50000] [--search-jobs 100000] [--pglite-cap 20000] [--repeats 30] [--no-pglite]
 *   node scripts/bench.ts [same options]
 *
 * PostgreSQL is DATABASE_URL when set (the bench creates and drops a database of its
 * own there), else a throwaway PostgreSQL 15 cluster (scripts/pg-cluster.ts). PGlite
 * always runs in memory (memory://). Demo postings (src/demo/generate.ts) stand in for
 * feeds: deterministic, one board per demo company.
 */
import { cpus, totalmem } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { pino } from 'pino';
import { loadConfig } from '../src/config.ts';
import { migrate } from '../src/db/orm.ts';
import type { JobWrite } from '../src/db/repositories/job-writer.ts';
import { DEMO_ORGANIZATION, isDemoOrgPosting } from '../src/demo/demo-organization.ts';
import { generateDemoPostings } from '../src/demo/generate.ts';
import type { SortOrder } from '../src/domain/enums.ts';
import { jobIdFor } from '../src/domain/ids.ts';
import type { JobFilter } from '../src/domain/job-filter.ts';
import type { RawPosting } from '../src/domain/raw-posting.ts';
import { normalizePosting } from '../src/ingest/normalize/index.ts';
import { runIngest, INGEST_BATCH, type IngestSummary } from '../src/ingest/pipeline.ts';
import { createServices, type Services } from '../src/services.ts';
import { startThrowawayPostgres } from './pg-cluster.ts';

export interface BenchOptions {
  postings: number;
  searchJobs: number;
  pgliteCap: number;
  repeats: number;
  pglite: boolean;
  seed: number;
}

const GOAL_PER_SECOND = 10_000;
/** Slow queries stop after this much time (at least 5 runs), to keep the default run short. */
const SEARCH_BUDGET_MS = 2_000;
const PLATFORM = 'demo' as const;
/** A fixed "now", so every run generates the same postings. */
const NOW = new Date('2026-11-22T12:00:00Z');

// ---------------------------------------------------------------- small helpers

const log = (line = '') => console.log(line);
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (n: number) => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0));

function table(header: string[], rows: (string | number)[][], alignLeft = 1): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, c) => Math.max(...cells.map((r) => (r[c] ?? '').length)));
  const line = (r: string[]) =>
    r.map((v, c) => (c < alignLeft ? v.padEnd(widths[c] ?? 0) : v.padStart(widths[c] ?? 0))).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...cells.slice(1).map(line)].join('\n');
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? NaN;
}

/**
 * CPU seconds (user + system) of one local PostgreSQL server: the postmaster named by
 * postmaster.pid and its children (backends, autovacuum, writers), read from /proc.
 * Null when the server is not ours to see (DATABASE_URL, not Linux).
 */
function postgresCpuSeconds(dataDir: string | null): number | null {
  if (!dataDir) return null;
  try {
    const postmaster = Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
    let ticks = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue;
      }
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields[1] = ppid, [11] = utime, [12] = stime (stat fields 4, 14, 15)
      if (Number(entry) !== postmaster && Number(fields[1]) !== postmaster) continue;
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks / 100;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- timing probes

/** Wall time per method, collected by wrapping the repository instances (no source changes). */
class Probe {
  readonly totals = new Map<string, { ms: number; calls: number }>();

  wrap(label: string, target: object, methods: string[]): void {
    const obj = target as Record<string, unknown>;
    for (const name of methods) {
      const original = obj[name];
      if (typeof original !== 'function') continue;
      const key = `${label}.${name}`;
      obj[name] = async (...args: unknown[]) => {
        const t0 = performance.now();
        try {
          return await (original as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } finally {
          const slot = this.totals.get(key) ?? { ms: 0, calls: 0 };
          slot.ms += performance.now() - t0;
          slot.calls++;
          this.totals.set(key, slot);
        }
      };
    }
  }

  reset(): void {
    this.totals.clear();
  }
}

const WRITER_METHODS = [
  'write',
  'attachCopies',
  'addMemberships',
  'upsertCompanies',
  'upsertJobs',
  'upsertSourcePostings',
  'addToBoards',
];
const INGEST_METHODS = ['knownPostings', 'mergeCandidates', 'touch', 'closeMissing', 'announceNewJobs'];

// ---------------------------------------------------------------- stages

interface StageResult {
  stage: string;
  database: string;
  postings: number;
  seconds: number;
  nodeCpu: number;
  pgCpu: number | null;
  summary?: Totals;
  breakdown?: Map<string, { ms: number; calls: number }>;
}

type Totals = Pick<IngestSummary, 'new' | 'updated' | 'unchanged' | 'merged' | 'closed' | 'rejected'>;

function byBoard(postings: RawPosting[]): Map<string, RawPosting[]> {
  return Map.groupBy(postings, (p) => p.board);
}

function normalizeOnly(postings: RawPosting[]): { result: StageResult; jobs: JobWrite[] } {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const jobs: JobWrite[] = [];
  for (const raw of postings) {
    const r = normalizePosting({ ...raw, source: PLATFORM }, { now: NOW });
    if (r.ok)
      jobs.push({
        jobId: jobIdFor(PLATFORM, raw.board, raw.externalId),
        job: r.job,
        seenAt: NOW,
        origin: 'source',
      });
  }
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return {
    result: {
      stage: 'normalize only (pure)',
      database: '-',
      postings: postings.length,
      seconds,
      nodeCpu: (cpu.user + cpu.system) / 1e6,
      pgCpu: null,
    },
    jobs,
  };
}

/** Every board through runIngest as a complete fetch; the demo organization's boards join its board. */
async function ingestAll(
  services: Services,
  probe: Probe,
  postings: RawPosting[],
  stage: string,
  database: string,
  dataDir: string | null,
): Promise<StageResult> {
  const deps = { orm: services.orm, writer: services.writer, ingest: services.ingest, clock: () => NOW };
  const totals: Totals = { new: 0, updated: 0, unchanged: 0, merged: 0, closed: 0, rejected: 0 };
  probe.reset();
  const pg0 = postgresCpuSeconds(dataDir);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const [board, list] of byBoard(postings)) {
    const s = await runIngest(deps, {
      platform: PLATFORM,
      board,
      postings: list,
      complete: true,
      organizationId: isDemoOrgPosting({ source: PLATFORM, board }) ? DEMO_ORGANIZATION.id : null,
    });
    for (const k of Object.keys(totals) as (keyof Totals)[]) totals[k] += s[k];
  }
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const pg1 = postgresCpuSeconds(dataDir);
  return {
    stage,
    database,
    postings: postings.length,
    seconds,
    nodeCpu: (cpu.user + cpu.system) / 1e6,
    pgCpu: pg0 !== null && pg1 !== null ? pg1 - pg0 : null,
    summary: totals,
    breakdown: new Map([...probe.totals].map(([k, v]) => [k, { ...v }])),
  };
}

/**
 * The faster writer for the search set: copies of already-normalized jobs (new external
 * ids, so new jobs) through JobWriter.write in transactions of INGEST_BATCH. No
 * normalize, no dedupe, no lifecycle: the SQL cost of storing alone.
 */
async function bulkWrite(
  services: Services,
  base: JobWrite[],
  count: number,
  dataDir: string | null,
): Promise<StageResult> {
  const pg0 = postgresCpuSeconds(dataDir);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const em = services.orm.em.fork();
  for (let i = 0; i < count; i += INGEST_BATCH) {
    const writes: JobWrite[] = [];
    for (let k = i; k < Math.min(count, i + INGEST_BATCH); k++) {
      const src = base[k % base.length] as JobWrite;
      const externalId = `${src.job.externalId}~copy${Math.floor(k / base.length) + 1}`;
      // Spread posted dates a little, so copies do not tie with their originals.
      const postedAt = src.job.postedAt
        ? new Date(src.job.postedAt.getTime() - ((k * 7919) % 86_400) * 1000)
        : null;
      writes.push({
        ...src,
        jobId: jobIdFor(PLATFORM, src.job.board, externalId),
        job: { ...src.job, externalId, postedAt },
      });
    }
    await em.transactional((tx) => services.writer.write(tx, writes));
  }
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const pg1 = postgresCpuSeconds(dataDir);
  return {
    stage: 'bulk write: JobWriter.write only (pre-normalized)',
    database: 'PostgreSQL',
    postings: count,
    seconds,
    nodeCpu: (cpu.user + cpu.system) / 1e6,
    pgCpu: pg0 !== null && pg1 !== null ? pg1 - pg0 : null,
  };
}

// ---------------------------------------------------------------- search

interface SearchCase {
  name: string;
  filter: JobFilter;
  sort?: SortOrder;
  offset?: number;
  limit?: number;
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

/** Per query: 2 warm-ups, then `repeats` runs or until `budgetMs` is spent (at least 5 runs). */
async function runSearches(services: Services, repeats: number, budgetMs: number): Promise<SearchRow[]> {
  const out: SearchRow[] = [];
  for (const c of SEARCH_CASES) {
    const times: number[] = [];
    let total = 0;
    let rows = 0;
    const page = { offset: c.offset ?? 0, limit: c.limit ?? 20 };
    for (let i = 0; i < 2; i++) await services.jobs.search(services.orm.em.fork(), c.filter, c.sort, page);
    const started = performance.now();
    while (times.length < repeats && (times.length < 5 || performance.now() - started < budgetMs)) {
      const em = services.orm.em.fork();
      const t0 = performance.now();
      const result = await services.jobs.search(em, c.filter, c.sort, page);
      times.push(performance.now() - t0);
      total = result.total;
      rows = result.items.length;
    }
    // The exact count alone (the second of search's two statements), to split the cost.
    const counts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      await services.jobs.countMatches(services.orm.em.fork(), c.filter);
      counts.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    counts.sort((a, b) => a - b);
    out.push({
      name: c.name,
      runs: times.length,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      countP50: percentile(counts, 50),
      total,
      rows,
    });
  }
  return out;
}

// ---------------------------------------------------------------- databases

interface Db {
  name: 'PostgreSQL' | 'PGlite';
  services: Services;
  probe: Probe;
  close(): Promise<void>;
}

async function openDb(name: Db['name'], env: Record<string, string | undefined>): Promise<Db> {
  const services = await createServices(loadConfig(env), {
    logger: pino({ level: 'silent' }),
    clock: () => NOW,
  });
  await migrate(services.orm);
  await services.organizations.ensureOrganization(services.orm.em.fork(), DEMO_ORGANIZATION);
  const probe = new Probe();
  probe.wrap('JobWriter', services.writer, WRITER_METHODS);
  probe.wrap('IngestRepository', services.ingest, INGEST_METHODS);
  return { name, services, probe, close: () => services.close() };
}

/** PostgreSQL for the run: a fresh database on DATABASE_URL's server, or a throwaway cluster. */
async function openPostgres(): Promise<{
  url: string;
  label: string;
  dataDir: string | null;
  dispose: () => Promise<void>;
}> {
  const given = process.env.DATABASE_URL;
  if (!given) {
    // BENCH_PG_SETTINGS="jit=off work_mem=64MB": extra server settings for experiments.
    const settings = Object.fromEntries(
      (process.env.BENCH_PG_SETTINGS ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((kv) => kv.split('=', 2) as [string, string]),
    );
    const cluster = await startThrowawayPostgres({ settings });
    const extra = Object.entries(settings)
      .map(([k, v]) => `, ${k}=${v}`)
      .join('');
    return {
      url: cluster.url,
      label: `throwaway PostgreSQL 15 cluster (fsync off${extra})`,
      dataDir: cluster.dataDir,
      dispose: async () => cluster.stop(),
    };
  }
  const { Client } = await import('pg');
  const dbName = `jobs_bench_${process.pid}`;
  const admin = new Client({ connectionString: given });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(given);
  url.pathname = `/${dbName}`;
  return {
    url: url.toString(),
    label: `database ${dbName} on DATABASE_URL's server (dropped afterwards)`,
    dataDir: null,
    dispose: async () => {
      const c = new Client({ connectionString: given });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    },
  };
}

/** Cumulative row updates and HOT updates of the tables a re-run touches. */
async function tableUpdates(services: Services): Promise<Map<string, { upd: number; hot: number }>> {
  // The statistics collector lags a little behind commits; give it a moment.
  await new Promise((r) => setTimeout(r, 700));
  const rows = await services.orm.em.fork().execute<{ relname: string; upd: string; hot: string }[]>(
    `select relname, n_tup_upd as upd, n_tup_hot_upd as hot from pg_stat_user_tables
      where relname in ('job', 'source_posting') order by relname`,
  );
  return new Map(rows.map((r) => [r.relname, { upd: Number(r.upd), hot: Number(r.hot) }]));
}

// ---------------------------------------------------------------- report

function perSecond(r: StageResult): number {
  return r.postings / r.seconds;
}

function printIngestTable(results: StageResult[]): void {
  const pgliteRate = (stage: string) => {
    const r = results.find((x) => x.stage === stage && x.database === 'PGlite');
    return r ? perSecond(r) : null;
  };
  log(
    table(
      [
        'stage',
        'database',
        'postings',
        'seconds',
        'postings/s',
        '× PGlite',
        'node CPU s',
        'PG CPU s',
        'result',
      ],
      results.map((r) => {
        const base = pgliteRate(r.stage);
        const s = r.summary;
        return [
          r.stage,
          r.database,
          fmt(r.postings),
          r.seconds.toFixed(2),
          fmt(perSecond(r)),
          base && r.database !== '-' ? `${(perSecond(r) / base).toFixed(2)}×` : '-',
          r.nodeCpu.toFixed(1),
          r.pgCpu === null ? '-' : r.pgCpu.toFixed(1),
          s
            ? `new ${s.new}, unchanged ${s.unchanged}, merged ${s.merged}, updated ${s.updated}, rejected ${s.rejected}`
            : '',
        ];
      }),
      2,
    ),
  );
}

function printBreakdown(r: StageResult, normalizeMsPer1000: number): void {
  if (!r.breakdown) return;
  const per1000 = (v: number) => (v / r.postings) * 1000;
  const wall = r.seconds * 1000;
  const top = [
    'JobWriter.write',
    'JobWriter.attachCopies',
    'JobWriter.addMemberships',
    'IngestRepository.knownPostings',
    'IngestRepository.mergeCandidates',
    'IngestRepository.touch',
    'IngestRepository.closeMissing',
    'IngestRepository.announceNewJobs',
  ];
  const inner = [
    'JobWriter.upsertCompanies',
    'JobWriter.upsertJobs',
    'JobWriter.upsertSourcePostings',
    'JobWriter.addToBoards',
  ];
  const measured = top.reduce((sum, k) => sum + (r.breakdown?.get(k)?.ms ?? 0), 0);
  const normalize = (normalizeMsPer1000 * r.postings) / 1000;
  const rows: (string | number)[][] = [];
  rows.push([
    'normalizePosting (est.: rate of "normalize only")',
    '',
    ms(normalizeMsPer1000),
    `${((normalize / wall) * 100).toFixed(0)} %`,
  ]);
  for (const k of [...top, ...inner]) {
    const v = r.breakdown.get(k);
    if (!v || v.calls === 0) continue;
    rows.push([
      `${inner.includes(k) ? '  └ ' : ''}${k}`,
      fmt(v.calls),
      ms(per1000(v.ms)),
      inner.includes(k) ? '' : `${((v.ms / wall) * 100).toFixed(0)} %`,
    ]);
  }
  const rest = wall - measured - normalize;
  rows.push([
    'rest: begin/commit, planning, dedupe, GC, ±est.',
    '',
    ms(per1000(rest)),
    `${((rest / wall) * 100).toFixed(0)} %`,
  ]);
  rows.push(['total (wall)', '', ms(per1000(wall)), '100 %']);
  log(`  ${r.stage} on ${r.database}: where the time goes`);
  log(table(['part', 'calls', 'ms / 1000 postings', 'share'], rows).replace(/^/gm, '    '));
}

// ---------------------------------------------------------------- main

export async function runBench(opts: BenchOptions): Promise<void> {
  const cpu = cpus();
  log('# Job listings service — ingest and search benchmark');
  log();
  log(
    `machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB memory, Node ${process.version}, ${process.platform}/${process.arch}`,
  );
  log(
    `options: --postings ${opts.postings} --search-jobs ${opts.searchJobs} --pglite-cap ${opts.pgliteCap} --repeats ${opts.repeats}${opts.pglite ? '' : ' --no-pglite'}`,
  );
  log(`goal: ≥ ${fmt(GOAL_PER_SECOND)} postings/s stored on PostgreSQL (stage "runIngest, cold")`);
  log();
  log('How to read: each stage runs once, single process, single client. "cold" stores into an empty');
  log('database; "re-run" feeds the same postings again (all unchanged: normalize, compare hashes, touch).');
  log(
    'postings/s counts postings offered, including the normalize step. "× PGlite" is PostgreSQL\'s rate over',
  );
  log(
    "PGlite's for the same stage on the same postings prefix. node CPU s is this process's CPU time, PG CPU s",
  );
  log("the server processes' (local server only): wall time far above their sum means waiting/round trips.");
  log(
    'Search: JobRepository.search (page of 20 + exact count, 2 statements) after ANALYZE, 2 warm-ups, then',
  );
  log(
    `${opts.repeats} sequential runs per query (fewer, at least 5, when a query passes ${SEARCH_BUDGET_MS / 1000} s); with so few`,
  );
  log(
    'runs p99 is about the maximum. "count only" times the count statement alone (JobRepository.countMatches).',
  );
  log();

  const pg = await openPostgres();
  const dbs: Db[] = [];
  const results: StageResult[] = [];
  try {
    const t0 = performance.now();
    const postings = generateDemoPostings({ count: opts.postings, seed: opts.seed, now: NOW });
    const boards = byBoard(postings).size;
    log(
      `generated ${fmt(postings.length)} demo postings on ${boards} boards in ${((performance.now() - t0) / 1000).toFixed(1)} s (not counted)`,
    );
    log(`PostgreSQL: ${pg.label}`);

    const norm = normalizeOnly(postings);
    results.push(norm.result);
    const normalizeMsPer1000 = (norm.result.seconds * 1e6) / norm.result.postings;
    log(
      `normalize only: ${fmt(perSecond(norm.result))} postings/s (${ms(normalizeMsPer1000)} ms per 1000 postings)`,
    );

    // PostgreSQL first: cold, re-run.
    const pgDb = await openDb('PostgreSQL', { DATABASE_URL: pg.url });
    dbs.push(pgDb);
    const [version] = await pgDb.services.orm.em
      .fork()
      .execute<{ v: string }[]>(`select current_setting('server_version') as v`);
    log(`PostgreSQL server ${version?.v ?? '?'}`);
    const pgCold = await ingestAll(
      pgDb.services,
      pgDb.probe,
      postings,
      'runIngest, cold',
      'PostgreSQL',
      pg.dataDir,
    );
    results.push(pgCold);
    log(`PostgreSQL cold: ${fmt(perSecond(pgCold))} postings/s`);
    const updates0 = await tableUpdates(pgDb.services);
    const pgRerun = await ingestAll(
      pgDb.services,
      pgDb.probe,
      postings,
      'runIngest, re-run (unchanged)',
      'PostgreSQL',
      pg.dataDir,
    );
    const updates1 = await tableUpdates(pgDb.services);
    results.push(pgRerun);
    log(`PostgreSQL re-run: ${fmt(perSecond(pgRerun))} postings/s`);

    // PGlite: the same stages on a prefix.
    let liteDb: Db | undefined;
    const litePostings = postings.slice(0, Math.min(opts.pgliteCap, postings.length));
    if (opts.pglite) {
      liteDb = await openDb('PGlite', { PGLITE_DIR: 'memory://' });
      dbs.push(liteDb);
      const cold = await ingestAll(
        liteDb.services,
        liteDb.probe,
        litePostings,
        'runIngest, cold',
        'PGlite',
        null,
      );
      results.push(cold);
      log(`PGlite cold (${fmt(litePostings.length)} postings): ${fmt(perSecond(cold))} postings/s`);
      const rerun = await ingestAll(
        liteDb.services,
        liteDb.probe,
        litePostings,
        'runIngest, re-run (unchanged)',
        'PGlite',
        null,
      );
      results.push(rerun);
      log(`PGlite re-run: ${fmt(perSecond(rerun))} postings/s`);
    }

    // Fill PostgreSQL up to the search size with the faster writer.
    const extra = Math.max(0, opts.searchJobs - opts.postings);
    if (extra > 0 && norm.jobs.length > 0) {
      const fill = await bulkWrite(pgDb.services, norm.jobs, extra, pg.dataDir);
      results.push(fill);
      log(`PostgreSQL bulk write (${fmt(extra)} copies): ${fmt(perSecond(fill))} postings/s`);
    }
    log();
    log(`## Ingest throughput (goal ≥ ${fmt(GOAL_PER_SECOND)} postings/s on PostgreSQL)`);
    log();
    printIngestTable(results);
    log();
    if (opts.pglite && litePostings.length < postings.length) {
      log(
        `PGlite is capped at ${fmt(litePostings.length)} postings (the first ones); × PGlite compares rates, not totals.`,
      );
    }
    const verdict = perSecond(pgCold) >= GOAL_PER_SECOND ? 'MET' : 'NOT MET';
    log(
      `Goal ${verdict}: PostgreSQL cold store ${fmt(perSecond(pgCold))} postings/s vs ${fmt(GOAL_PER_SECOND)}.`,
    );
    log(`Normalization alone allows at most ${fmt(perSecond(norm.result))} postings/s on one core.`);
    log();
    printBreakdown(pgCold, normalizeMsPer1000);
    log();
    printBreakdown(pgRerun, normalizeMsPer1000);
    log('    row versions written by the re-run (pg_stat_user_tables; HOT = no index entries written):');
    for (const [table, after] of updates1) {
      const before = updates0.get(table) ?? { upd: 0, hot: 0 };
      const upd = after.upd - before.upd;
      const hot = after.hot - before.hot;
      log(
        `      ${table}: ${fmt(upd)} updated rows, ${fmt(hot)} HOT (${upd ? ((hot / upd) * 100).toFixed(0) : 0} %), ${fmt(upd - hot)} with new entries in every index`,
      );
    }
    if (liteDb) {
      log();
      printBreakdown(
        results.find((r) => r.database === 'PGlite' && r.stage === 'runIngest, cold') as StageResult,
        normalizeMsPer1000,
      );
    }

    // Search latency.
    log();
    log('## Search latency (JobRepository.search, ms; total = exact number of matches)');
    for (const db of dbs) {
      const em = db.services.orm.em.fork();
      await em.execute('analyze');
      const jobs = await db.services.jobs.count(em);
      const searched = await runSearches(db.services, opts.repeats, SEARCH_BUDGET_MS);
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
  } finally {
    for (const db of dbs) await db.close().catch(() => undefined);
    await pg.dispose();
  }
}
