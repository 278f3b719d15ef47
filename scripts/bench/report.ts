/**
 * The printed report: the opening (machine, options, goal, how to read the figures) and
 * the ingest part (throughput table, goal verdict, where the time goes per stage in probe
 * times per 1000 postings, and the row versions a PostgreSQL re-run writes).
 */
import { availableParallelism, cpus, totalmem } from 'node:os';
import { fmt, log, ms, table } from './format.ts';
import { GOAL_PER_SECOND, SEARCH_BUDGET_MS, type BenchOptions } from './options.ts';
import type { TableUpdates } from './postgres.ts';
import { perSecond, type StageResult } from './stage.ts';

/** What the ingest part measured, as the report needs it. */
export interface IngestRun {
  results: StageResult[];
  postings: number;
  /** Postings ingested into PGlite; null when PGlite was skipped. */
  litePostings: number | null;
  normalize: StageResult;
  normalizeMsPer1000: number;
  pgCold: StageResult;
  /** The same cold ingest with the job event outbox's triggers disabled. */
  pgColdNoOutbox: StageResult;
  pgRerun: StageResult;
  /** PostgreSQL storing the cold run's jobs again in SQL alone (no client, no parsing). */
  pgFloor: StageResult;
  liteCold: StageResult | undefined;
  updatesBefore: TableUpdates;
  updatesAfter: TableUpdates;
}

const TOP = [
  'JobWriter.write',
  'JobWriter.attachCopies',
  'JobWriter.addMemberships',
  'JobWriter.refreshMerged',
  'JobWriter.settleStatus',
  'IngestRepository.knownPostings',
  'IngestRepository.lockCompanies',
  'IngestRepository.mergeCandidates',
  'IngestRepository.touch',
  'IngestRepository.closeMissing',
];
/** Called from within JobWriter.write: shown indented, no share of their own. */
const INNER = [
  'JobWriter.upsertCompanies',
  'JobWriter.copyJobs',
  'JobWriter.upsertJobs',
  'JobWriter.copySourcePostings',
  'JobWriter.upsertSourcePostings',
  'JobWriter.addToBoards',
];

/** The report's opening: machine, options, goal, and how to read the figures. */
export function printHeader(opts: BenchOptions): void {
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
  printHowToRead(opts.repeats);
  log();
}

function printHowToRead(repeats: number): void {
  log(
    'How to read: each stage runs once, in one process, as the CLI ingests: a few boards in flight, normalized',
  );
  log(
    'in worker threads, written one batch at a time. "cold" stores into an empty database; "re-run" feeds the',
  );
  log(
    'same postings again (all unchanged: compare raw payload hashes, touch, nothing normalized). "floor" is',
  );
  log(
    'PostgreSQL storing the same jobs again by SQL alone (insert … select into a copy of the table and its indexes);',
  );
  log(
    '"normalize only" is what a normalize thread does per posting (normalize, enrich, search vector), on one core.',
  );
  log(
    'postings/s counts postings offered, including the normalize step. "× PGlite" is PostgreSQL\'s rate over',
  );
  log(
    "PGlite's for the same stage on the same postings prefix. node CPU s is this process's CPU time, PG CPU s",
  );
  log("the server processes' (local server only): wall time far above their sum means waiting/round trips.");
  log(
    'Search: JobRepository.search (page of 20, its last sightings, exact total: 2 statements ranked, 3 otherwise) after VACUUM ANALYZE, 2 warm-ups (1 past 2 s), then',
  );
  log(
    `${repeats} sequential runs per query (fewer, at least 5, when a query passes ${SEARCH_BUDGET_MS / 1000} s); with so few`,
  );
  log(
    'runs p99 is about the maximum. "count only" times the count statement alone (JobRepository.countMatches).',
  );
}

export function printIngestReport(run: IngestRun): void {
  log();
  log(`## Ingest throughput (goal ≥ ${fmt(GOAL_PER_SECOND)} postings/s on PostgreSQL)`);
  log();
  printIngestTable(run.results);
  log();
  printVerdict(run);
  log();
  printBreakdown(run.pgCold, run.normalizeMsPer1000);
  log();
  printBreakdown(run.pgRerun, run.normalizeMsPer1000);
  printRowVersions(run.updatesBefore, run.updatesAfter);
  if (run.liteCold) {
    log();
    printBreakdown(run.liteCold, run.normalizeMsPer1000);
  }
}

function printVerdict(run: IngestRun): void {
  if (run.litePostings !== null && run.litePostings < run.postings) {
    log(
      `PGlite is capped at ${fmt(run.litePostings)} postings (the first ones); × PGlite compares rates, not totals.`,
    );
  }
  const outboxCost = 1 - perSecond(run.pgCold) / perSecond(run.pgColdNoOutbox);
  log(
    `Event outbox's cost to a cold ingest: ${(outboxCost * 100).toFixed(1)} % (${fmt(perSecond(run.pgCold))} postings/s with its triggers, ${fmt(perSecond(run.pgColdNoOutbox))} without; issue 12 allows 10 %).`,
  );
  const verdict = perSecond(run.pgCold) >= GOAL_PER_SECOND ? 'MET' : 'NOT MET';
  log(
    `Goal ${verdict}: PostgreSQL cold store ${fmt(perSecond(run.pgCold))} postings/s vs ${fmt(GOAL_PER_SECOND)}.`,
  );
  log(`Normalization alone allows at most ${fmt(perSecond(run.normalize))} postings/s on one core.`);
  printBound(run);
}

/**
 * The best this machine could do with no overhead at all: every core busy with only the
 * two costs no writer avoids, normalizing a posting and PostgreSQL storing its job.
 */
function printBound(run: IngestRun): void {
  const normalizeUs = (run.normalize.nodeCpu / run.normalize.postings) * 1e6;
  if (run.pgFloor.pgCpu === null || run.pgFloor.postings === 0) return;
  const storeUs = (run.pgFloor.pgCpu / run.pgFloor.postings) * 1e6;
  const cores = availableParallelism();
  const bound = (cores * 1e6) / (normalizeUs + storeUs);
  log(
    `Floor: normalizing costs ${normalizeUs.toFixed(0)} µs of CPU per posting and PostgreSQL storing the job ${storeUs.toFixed(0)} µs`,
  );
  log(
    `(SQL alone, stage "floor"); ${cores} cores doing only that reach at most ${fmt(bound)} postings/s on this machine.`,
  );
  const cold = run.pgCold;
  if (cold.pgCpu !== null) {
    const used = (cold.nodeCpu + cold.pgCpu) / cold.seconds;
    log(
      `The cold run used ${((cold.nodeCpu / cold.postings) * 1e6).toFixed(0)} µs (Node: ${((cold.mainThreadCpu / cold.postings) * 1e6).toFixed(0)} on the main thread, the rest in normalize threads) + ${((cold.pgCpu / cold.postings) * 1e6).toFixed(0)} µs (PostgreSQL) of CPU per posting, ${used.toFixed(2)} of ${cores} cores busy.`,
    );
  }
}

function printIngestTable(results: StageResult[]): void {
  const pgliteRate = (stage: string) => {
    const r = results.find((x) => x.stage === stage && x.database === 'PGlite');
    return r ? perSecond(r) : null;
  };
  const header = [
    'stage',
    'database',
    'postings',
    'seconds',
    'postings/s',
    '× PGlite',
    'node CPU s',
    'PG CPU s',
    'result',
  ];
  log(
    table(
      header,
      results.map((r) => ingestRow(r, pgliteRate(r.stage))),
      2,
    ),
  );
}

function ingestRow(r: StageResult, pgliteRate: number | null): string[] {
  const s = r.summary;
  return [
    r.stage,
    r.database,
    fmt(r.postings),
    r.seconds.toFixed(2),
    fmt(perSecond(r)),
    pgliteRate && r.database !== '-' ? `${(perSecond(r) / pgliteRate).toFixed(2)}×` : '-',
    r.nodeCpu.toFixed(1),
    r.pgCpu === null ? '-' : r.pgCpu.toFixed(1),
    s
      ? `new ${s.new}, unchanged ${s.unchanged}, merged ${s.merged}, updated ${s.updated}, rejected ${s.rejected}`
      : '',
  ];
}

function printBreakdown(r: StageResult, normalizeMsPer1000: number): void {
  if (!r.breakdown) return;
  log(`  ${r.stage} on ${r.database}: where the time goes (wall ms of each part per 1000 postings;`);
  log('  boards are in flight side by side, so parts overlap and do not add up to the total)');
  const rows = breakdownRows(r, r.breakdown, normalizeMsPer1000);
  log(table(['part', 'calls', 'ms / 1000 postings'], rows).replace(/^/gm, '    '));
}

function breakdownRows(
  r: StageResult,
  breakdown: NonNullable<StageResult['breakdown']>,
  normalizeMsPer1000: number,
): string[][] {
  const per1000 = (v: number) => (v / r.postings) * 1000;
  const rows = [['normalize, one core (stage "normalize only")', '', ms(normalizeMsPer1000)]];
  for (const k of [...TOP, ...INNER]) {
    const v = breakdown.get(k);
    if (!v || v.calls === 0) continue;
    rows.push([`${INNER.includes(k) ? '  └ ' : ''}${k}`, fmt(v.calls), ms(per1000(v.ms))]);
  }
  rows.push(['total (wall)', '', ms(per1000(r.seconds * 1000))]);
  return rows;
}

function printRowVersions(before: TableUpdates, after: TableUpdates): void {
  log('    row versions written by the re-run (pg_stat_user_tables; HOT = no index entries written):');
  for (const [name, now] of after) {
    const then = before.get(name) ?? { upd: 0, hot: 0 };
    const upd = now.upd - then.upd;
    const hot = now.hot - then.hot;
    log(
      `      ${name}: ${fmt(upd)} updated rows, ${fmt(hot)} HOT (${upd ? ((hot / upd) * 100).toFixed(0) : 0} %), ${fmt(upd - hot)} with new entries in every index`,
    );
  }
}
