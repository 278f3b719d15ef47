/**
 * The push part's printed report (push.ts measures): per channel the jobs delivered
 * against the jobs expected and the commit → arrival percentiles, where webhooks' time
 * went, CPU per matched event, and the ingest's throughput with and without subscribers.
 */
import type { LiveReads } from '../../src/db/page-marks.ts';
import { fmt, log, ms, table } from './format.ts';
import type { PushOptions } from './options.ts';
import { spread, type ChannelFigures } from './push-analysis.ts';
import type { Gateway } from './push-gateway.ts';
import type { IngestDone } from './push-ingest.ts';
import type { Spread, StageFigures } from './push-stages.ts';
import { perSecond, type Costs } from './stage.ts';

export const TARGET_SSE_P99_MS = 1_000;
export const TARGET_HOOK_P99_MS = 5_000;
export const TARGET_SLOWDOWN = 0.1;

export interface IngestPhase {
  label: string;
  ingest: IngestDone['result'];
  /** This process (the gateway) and the server, from the ingest's start to the end of delivery. */
  window: Costs;
  load: string;
}

export interface DeliveryLags {
  deliveries: number;
  jobs: number;
  /** From the newest commit among a delivery's jobs to the delivery row's fill transaction, ms. */
  fill: number[];
  /** From the fill to the receiver's 2xx being recorded, ms. */
  send: number[];
}

export interface PushRun extends IngestPhase {
  lags: DeliveryLags;
  sse: ChannelFigures;
  /** Where the SSE jobs' time went; null when no read was recorded (push-stages.ts). */
  stages: StageFigures | null;
  hooks: ChannelFigures;
  exactCommits: boolean;
  events: number;
  /** From the ingest's end (its last commit) to the last arrival, ms. */
  drainMs: number;
  timedOut: boolean;
  clientsCpu: number;
  reads: { calls: number; ms: number };
  heads: { calls: number; ms: number };
  /** The gateway's live reads, pages and jobs, by server (Services.liveReads). */
  liveReads: LiveReads;
  /** The replica's CPU over the window (--push-replica; replay included), seconds. */
  replicaCpu: number | null;
  warnings: Gateway['warnings'];
  streamErrors: string[];
}

export function printPushReport(
  push: PushOptions,
  run: PushRun,
  without: IngestPhase[],
  drainLimitMs: number,
): void {
  log(
    `## Push delivery: ${fmt(push.subscribers)} jobsAdded(filter) streams over SSE, ${fmt(push.endpoints)} webhook endpoints, ${fmt(push.jobs)} new jobs`,
  );
  log();
  log(
    `commit → arrival, ms (${run.exactCommits ? "from each event's commit timestamp" : "from each event's transaction start: commit timestamps are off on this server, the figures overstate"}); ${fmt(run.events)} outbox events`,
  );
  const row = (name: string, f: ChannelFigures, targets: number, target: number) => {
    const s = spread(f.latencies);
    return [
      name,
      `${fmt(f.matching)} / ${fmt(targets)}`,
      fmt(f.delivered),
      fmt(f.expected),
      fmt(f.exact),
      `${fmt(f.missing)} / ${fmt(f.extra)} / ${fmt(f.duplicates)}`,
      ms(s.p50),
      ms(s.p99),
      ms(s.max),
      s.p99 < target ? `met (< ${fmt(target)})` : `NOT met (< ${fmt(target)})`,
    ];
  };
  log(
    table(
      [
        'channel',
        'filters matching / all',
        'jobs delivered',
        'expected',
        'exact targets',
        'missing / extra / dup',
        'p50',
        'p99',
        'max',
        'p99 target',
      ],
      [
        row('SSE jobsAdded', run.sse, push.subscribers, TARGET_SSE_P99_MS),
        row('webhooks', run.hooks, push.endpoints, TARGET_HOOK_P99_MS),
      ],
    ),
  );
  const mismatches = run.sse.totalMismatches + run.hooks.totalMismatches;
  log(
    `expected = the jobs each filter's searchJobs WHERE selects afterwards; searchJobs' total differed from it for ${mismatches} filters; jobs with no event to time: ${run.sse.unmatched + run.hooks.unmatched}`,
  );
  const later = run.sse.extraChangedLater + run.hooks.extraChangedLater;
  if (later)
    log(
      `extra jobs with a later event (entered, then changed by a later batch, e.g. a merged copy; jobsClosed would say if they left): ${later} of ${run.sse.extra + run.hooks.extra}`,
    );
  log(
    `last arrival ${ms(run.drainMs / 1000)} s after the ingest's last commit${run.timedOut ? ` — STOPPED WAITING after ${drainLimitMs / 1000} s, delivery incomplete` : ''}`,
  );
  const fill = spread(run.lags.fill);
  const send = spread(run.lags.send);
  log(
    `webhook deliveries: ${fmt(run.lags.deliveries)} (${fmt(run.lags.jobs / Math.max(1, run.lags.deliveries), 1)} jobs each); ` +
      `commit → filled into a delivery p50 ${ms(fill.p50)} / p99 ${ms(fill.p99)} ms, filled → sent p50 ${ms(send.p50)} / p99 ${ms(send.p99)} ms`,
  );
  if (run.stages) {
    const st = run.stages;
    const pair = (x: Spread) => `${ms(x.p50)} / ${ms(x.p99)}`;
    log(
      `SSE stages, p50 / p99 ms (push-stages.ts; ${fmt(st.followed)} of ${fmt(st.arrivals)} jobs followed): commit → the feed's head read saw it ${pair(st.seen)}; ` +
        `→ its page's read began ${pair(st.toPage)}; the read ${pair(st.read)}; → arrival (index, matching, loads, frames, the clients' parsing) ${pair(st.toArrival)}`,
    );
  }
  const matched = run.sse.delivered + run.hooks.delivered;
  const idle = mean(without.map((w) => w.window.pgCpu ?? NaN));
  const pgExtra = pgAbove(run, without);
  log(
    `CPU over the delivery window (${ms(run.window.seconds)} s, from the ingest's start until every stream and endpoint had the last event): gateway process ${ms(run.window.nodeCpu)} s ` +
      `(${fmt((run.window.nodeCpu * 1e6) / matched)} µs per matched event, ${fmt(matched)} matched), ` +
      `PostgreSQL ${ms(run.window.pgCpu ?? NaN)} s against ${ms(idle)} s for the ingest alone ` +
      `(+${ms(pgExtra)} s: ${fmt((pgExtra * 1e6) / matched)} µs per matched event), clients process ${ms(run.clientsCpu)} s`,
  );
  log(
    `outbox reads in the gateway (subscribers' and webhook fills'): ${fmt(run.reads.calls)} read statements, ${ms(run.reads.ms / Math.max(1, run.reads.calls))} ms wall each (pool wait included); ${fmt(run.heads.calls)} head statements`,
  );
  log(
    `live reads in the gateway: pages ${fmt(run.liveReads.pages.replica)} on the replica, ${fmt(run.liveReads.pages.primary)} on the primary; jobs ${fmt(run.liveReads.jobs.replica)} statements on the replica, ${fmt(run.liveReads.jobs.primary)} on the primary` +
      (run.replicaCpu === null
        ? ''
        : `; the replica's CPU over the window ${ms(run.replicaCpu)} s (its replay included)`),
  );
  if (run.warnings.count)
    log(`gateway warnings: ${run.warnings.count}, first: ${run.warnings.lines[0]?.slice(0, 300)}`);
  if (run.streamErrors.length)
    log(`stream errors: ${run.streamErrors.length}, first: ${run.streamErrors[0]?.slice(0, 300)}`);
  log();
  const phases = [without[0]!, run, ...without.slice(1)];
  log(
    table(
      [
        `ingest of ${fmt(push.jobs)} new jobs`,
        'postings/s',
        'wall s',
        'ingest process CPU s',
        'gateway CPU s',
        'PostgreSQL CPU s',
        'load (1 / 5 / 15 min)',
      ],
      phases.map((p) => [
        p.label,
        fmt(perSecond(p.ingest)),
        ms(p.ingest.seconds),
        ms(p.ingest.nodeCpu),
        ms(p.window.nodeCpu),
        p.window.pgCpu === null ? '-' : ms(p.window.pgCpu),
        p.load,
      ]),
    ),
  );
  const ratio = throughputRatio(run, without);
  log(
    `with subscribers / without (mean of ${without.length}): ${(ratio * 100).toFixed(1)} % of the throughput — ${ratio >= 1 - TARGET_SLOWDOWN ? 'met' : 'NOT met'} (at most ${TARGET_SLOWDOWN * 100} % slower)`,
  );
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** The ingest's throughput with subscribers over the mean of its neighbours' without. */
const throughputRatio = (run: PushRun, without: IngestPhase[]) =>
  perSecond(run.ingest) / mean(without.map((w) => perSecond(w.ingest)));

/** PostgreSQL's CPU over the window above the mean of the ingest alone, seconds. */
const pgAbove = (run: PushRun, without: IngestPhase[]) =>
  (run.window.pgCpu ?? NaN) - mean(without.map((w) => w.window.pgCpu ?? NaN));

/**
 * --push-rounds: each round beside its two neighbours without subscribers, then how many
 * rounds met each target. On a machine whose speed drifts between phases (a VM beside
 * busy neighbours) one ratio says little; the median and the spread of several do.
 */
export function printRounds(runs: PushRun[], without: IngestPhase[]): void {
  log(`## Rounds: ${runs.length} phases with subscribers, each between two without`);
  log();
  const rows = runs.map((run, i) => {
    const around = [without[i]!, without[i + 1]!];
    return {
      run,
      ratio: throughputRatio(run, around),
      sse: spread(run.sse.latencies).p99,
      hooks: spread(run.hooks.latencies).p99,
      around,
    };
  });
  log(
    table(
      [
        'round',
        'postings/s before / with / after',
        'with / without',
        'SSE p99 ms',
        'webhooks p99 ms',
        'exact targets SSE / webhooks',
        'webhook deliveries',
        'PostgreSQL above the ingest alone',
        'load (1 / 5 / 15 min)',
      ],
      rows.map(({ run, ratio, sse, hooks, around }, i) => [
        String(i + 1),
        [around[0]!, run, around[1]!].map((p) => fmt(perSecond(p.ingest))).join(' / '),
        `${(ratio * 100).toFixed(1)} %`,
        ms(sse),
        ms(hooks),
        `${fmt(run.sse.exact)} / ${fmt(run.hooks.exact)}`,
        fmt(run.lags.deliveries),
        `+${ms(pgAbove(run, around))} s`,
        run.load,
      ]),
    ),
  );
  const ratios = rows.map((r) => r.ratio).sort((a, b) => a - b);
  const median =
    ratios.length % 2
      ? ratios[(ratios.length - 1) / 2]!
      : mean(ratios.slice(ratios.length / 2 - 1, ratios.length / 2 + 1));
  const met = (pass: (r: (typeof rows)[number]) => boolean) =>
    `${rows.filter(pass).length} of ${rows.length}`;
  log(
    `with / without: median ${(median * 100).toFixed(1)} % (${(ratios[0]! * 100).toFixed(1)} to ${(ratios.at(-1)! * 100).toFixed(1)} %), at most ${TARGET_SLOWDOWN * 100} % slower in ${met((r) => r.ratio >= 1 - TARGET_SLOWDOWN)} rounds; ` +
      `SSE p99 under ${fmt(TARGET_SSE_P99_MS)} ms in ${met((r) => r.sse < TARGET_SSE_P99_MS)}; webhooks p99 under ${fmt(TARGET_HOOK_P99_MS)} ms in ${met((r) => r.hooks < TARGET_HOOK_P99_MS)}`,
  );
}
