/**
 * What the push part's receivers got, held against the database afterwards: each
 * delivered job's latency from the commit of the event that moved it into the filter
 * (PostgreSQL's own commit timestamp when `track_commit_timestamp` is on, else the
 * event's transaction start, which overstates the latency), and each subscriber's and
 * endpoint's jobs against the jobs its filter matches now.
 */
import { buildJobWhere } from '../../src/db/repositories/job-filter.sql.ts';
import { compareEventPositions, parseEventId, type EventPosition } from '../../src/domain/event-id.ts';
import type { JobFilter } from '../../src/domain/job-filter.ts';
import type { Services } from '../../src/services.ts';
import { percentile } from './format.ts';
import type { Frame, Hook } from './push-clients.ts';
import type { Arrival } from './push-stages.ts';

interface OutboxEvent {
  position: EventPosition;
  /** Commit time, ms since the epoch. */
  committed: number;
}

export interface Outbox {
  byJob: Map<string, OutboxEvent[]>;
  events: number;
  /** True when `committed` is the commit timestamp; false: the transaction's start. */
  exactCommits: boolean;
}

export async function loadOutbox(services: Services): Promise<Outbox> {
  const em = services.orm.em.fork();
  const [setting] = await em.execute<{ on: boolean }[]>(
    `select current_setting('track_commit_timestamp') = 'on' as on`,
  );
  const exactCommits = Boolean(setting?.on);
  const committed = exactCommits ? 'pg_xact_commit_timestamp(e.xid::xid)' : 'e.at';
  const rows = await em.execute<{ job: string; xid: string; seq: string; c: string }[]>(
    `select e.job_id::text as job, e.xid::text as xid, e.seq::text as seq,
            extract(epoch from ${committed}) * 1000 as c
       from job_event e order by e.xid, e.seq`,
  );
  const byJob = new Map<string, OutboxEvent[]>();
  for (const r of rows) {
    const list = byJob.get(r.job) ?? [];
    list.push({ position: { xid: BigInt(r.xid), seq: BigInt(r.seq) }, committed: Number(r.c) });
    byJob.set(r.job, list);
  }
  return { byJob, events: rows.length, exactCommits };
}

export interface ChannelFigures {
  /** Jobs delivered (a job in two deliveries counts twice). */
  delivered: number;
  latencies: number[];
  /** Delivered jobs with no event to measure from. */
  unmatched: number;
  /** Subscribers or endpoints that got exactly their filter's jobs, each once. */
  exact: number;
  missing: number;
  extra: number;
  /** Extra jobs with a later event: they entered the filter and may have left it since (jobsClosed's to say). */
  extraChangedLater: number;
  duplicates: number;
  expected: number;
  /** Filters whose searchJobs total differs from the jobs their WHERE selects. */
  totalMismatches: number;
  /** Filters that match at least one job. */
  matching: number;
}

/** The job ids each filter selects now, by searchJobs' own WHERE; and whether searchJobs' total agrees. */
export async function expectedJobs(
  services: Services,
  filters: JobFilter[],
): Promise<{ ids: Set<string>[]; totalMismatches: number }> {
  const ids: Set<string>[] = [];
  let totalMismatches = 0;
  for (const filter of filters) {
    const em = services.orm.em.fork();
    const where = buildJobWhere(filter, services.clock());
    const rows = await em.execute<{ id: string }[]>(
      `select j.id::text as id from ${where.from} where ${where.sql}`,
      where.params,
    );
    ids.push(new Set(rows.map((r) => r.id)));
    const page = await services.search.search(em, filter, undefined, { offset: 0, limit: 1 });
    if (page.total !== rows.length) totalMismatches++;
  }
  return { ids, totalMismatches };
}

/** The newest event of `job` at or before `bound` (a position, or a time in ms). */
function eventOf(outbox: Outbox, job: string, bound: EventPosition | number): OutboxEvent | undefined {
  const list = outbox.byJob.get(job) ?? [];
  return list.findLast((e) =>
    typeof bound === 'number' ? e.committed <= bound : compareEventPositions(e.position, bound) <= 0,
  );
}

function compare(got: string[], expected: Set<string>, outbox: Outbox) {
  const distinct = new Set(got);
  let missing = 0;
  for (const id of expected) if (!distinct.has(id)) missing++;
  let extra = 0;
  let extraChangedLater = 0;
  for (const id of distinct)
    if (!expected.has(id)) {
      extra++;
      if ((outbox.byJob.get(id)?.length ?? 0) > 1) extraChangedLater++;
    }
  return { missing, extra, extraChangedLater, duplicates: got.length - distinct.size };
}

function tally(
  perTarget: string[][],
  expected: Set<string>[],
  outbox: Outbox,
  latencies: number[],
  unmatched: number,
  totalMismatches: number,
): ChannelFigures {
  const f: ChannelFigures = {
    delivered: 0,
    latencies: latencies.sort((a, b) => a - b),
    unmatched,
    exact: 0,
    missing: 0,
    extra: 0,
    extraChangedLater: 0,
    duplicates: 0,
    expected: 0,
    totalMismatches,
    matching: expected.filter((s) => s.size > 0).length,
  };
  perTarget.forEach((got, i) => {
    const c = compare(got, expected[i] ?? new Set(), outbox);
    f.delivered += got.length;
    f.expected += expected[i]?.size ?? 0;
    f.missing += c.missing;
    f.extra += c.extra;
    f.extraChangedLater += c.extraChangedLater;
    f.duplicates += c.duplicates;
    if (c.missing + c.extra + c.duplicates === 0) f.exact++;
  });
  return f;
}

/** SSE: each job from the commit of its newest event at or before the frame's id; and each job's arrival with that event (push-stages.ts). */
export function sseFigures(
  frames: Frame[][],
  expected: Set<string>[],
  outbox: Outbox,
  totalMismatches: number,
): ChannelFigures & { arrivals: Arrival[] } {
  const latencies: number[] = [];
  const arrivals: Arrival[] = [];
  let unmatched = 0;
  const perTarget = frames.map((list) =>
    list.flatMap(([at, id, jobs]) => {
      const bound = id ? parseEventId(id) : at;
      for (const job of jobs) {
        const event = eventOf(outbox, job, bound);
        if (event) {
          latencies.push(at - event.committed);
          arrivals.push({ at, position: event.position, committed: event.committed });
        } else unmatched++;
      }
      return jobs;
    }),
  );
  return { ...tally(perTarget, expected, outbox, latencies, unmatched, totalMismatches), arrivals };
}

/** Webhooks: one delivery per webhook-id (retries deduplicated), each job from its newest event committed before arrival. */
export function hookFigures(
  hooks: Hook[],
  endpoints: number,
  expected: Set<string>[],
  outbox: Outbox,
  totalMismatches: number,
): ChannelFigures {
  const latencies: number[] = [];
  let unmatched = 0;
  const seen = new Set<string>();
  const perTarget: string[][] = Array.from({ length: endpoints }, () => []);
  for (const [at, endpoint, webhookId, added] of hooks) {
    if (seen.has(webhookId)) continue;
    seen.add(webhookId);
    for (const job of added) {
      const event = eventOf(outbox, job, at);
      if (event) latencies.push(at - event.committed);
      else unmatched++;
    }
    perTarget[endpoint]?.push(...added);
  }
  return tally(perTarget, expected, outbox, latencies, unmatched, totalMismatches);
}

/** p50 / p99 / max of a sorted list, in ms. */
export function spread(sorted: number[]): { p50: number; p99: number; max: number } {
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
}
