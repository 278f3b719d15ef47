import type { Logger } from 'pino';
import type { Orm } from '../db/orm.ts';
import type { IngestRepository, KnownPosting } from '../db/repositories/ingest.repository.ts';
import type { JobWrite, JobWriter } from '../db/repositories/job-writer.ts';
import type { AtsPlatform } from '../domain/enums.ts';
import { jobIdFor } from '../domain/ids.ts';
import type { NormalizedJob } from '../domain/job.ts';
import type { RawPosting } from '../domain/raw-posting.ts';
import { dedupKeyOf, findDuplicate, sourceKeyOf } from './dedupe.ts';
import { addRejection, emptySummary, type IngestSummary, type RejectedRow } from './ingest-summary.ts';
import { normalizePosting } from './normalize/index.ts';

export type { IngestSummary, RejectedRow } from './ingest-summary.ts';

export interface IngestDeps {
  orm: Orm;
  writer: JobWriter;
  ingest: IngestRepository;
  clock: () => Date;
  logger?: Logger;
}

export interface IngestInput {
  platform: AtsPlatform;
  board: string;
  postings: RawPosting[];
  /** Rows the parser already refused (kept in the summary; their ids count as "still listed"). */
  parseRejected?: RejectedRow[];
  /** True only for a successful full fetch: then postings missing from it are closed. */
  complete: boolean;
  /** The organization owning this source: its jobs join that board. */
  organizationId?: string | null;
  onProgress?: (done: number, total: number) => void;
}

/** Postings per transaction: big enough for set-based writes, small enough to keep a kill cheap. */
export const INGEST_BATCH = 1000;
/** Normalization yields to the event loop this often, so the batch being written progresses meanwhile. */
const YIELD_EVERY = 100;

interface Plan {
  writes: JobWrite[];
  copies: JobWrite[];
  /** External ids seen again unchanged, with their jobs. */
  unchanged: string[];
  unchangedJobIds: string[];
  newJobIds: string[];
}

interface Run {
  deps: IngestDeps;
  input: IngestInput;
  now: Date;
  summary: IngestSummary;
  known: Map<string, KnownPosting>;
  /** Every external id the feed still lists, accepted or not: the lifecycle must not close them. */
  seenIds: Set<string>;
}

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * fetch → parse (done by the caller) → normalize (pure) → dedupe (pure) → write.
 *
 * Batches are normalized while the previous batch is being written, so the CPU work
 * of one overlaps the database work of the other; writes still commit one after the
 * other, in feed order. Every write is an upsert keyed by ids derived from the source
 * posting and each batch commits with its announcement (NOTIFY is delivered on
 * commit), so a run killed at any point and started again ends in the state of an
 * uninterrupted run.
 */
export async function runIngest(deps: IngestDeps, input: IngestInput): Promise<IngestSummary> {
  const em = deps.orm.em.fork();
  const run: Run = {
    deps,
    input,
    now: deps.clock(),
    summary: { ...emptySummary(), fetched: input.postings.length + (input.parseRejected?.length ?? 0) },
    known: await deps.ingest.knownPostings(em, input.platform, input.board),
    seenIds: new Set(),
  };
  for (const row of input.parseRejected ?? []) reject(run, row);

  const postings = lastCopies(run);
  let pending: Promise<void> | undefined;
  let done = 0;
  for (let i = 0; i < postings.length; i += INGEST_BATCH) {
    const batch = postings.slice(i, i + INGEST_BATCH);
    const jobs = await normalizeBatch(run, batch);
    const plan = await planBatch(run, jobs);
    await pending;
    input.onProgress?.(done, postings.length);
    pending = writeBatch(run, plan);
    // Awaited on the next turn or after the loop; this only keeps a failure from
    // being reported as unhandled while the next batch is normalized.
    pending.catch(() => undefined);
    done += batch.length;
  }
  await pending;
  input.onProgress?.(done, postings.length);

  if (input.complete) {
    const closed = await deps.ingest.closeMissing(em, input.platform, input.board, [...run.seenIds], run.now);
    run.summary.closed = closed.length;
  }
  deps.logger?.info(
    { platform: input.platform, board: input.board, ...run.summary, rejectedRows: undefined },
    'ingest run',
  );
  return run.summary;
}

function reject(run: Run, row: RejectedRow): void {
  addRejection(run.summary, row);
  if (row.externalId) run.seenIds.add(row.externalId);
}

/**
 * The last copy of a repeated external id wins (a feed listing one id twice); the
 * earlier copies count as duplicates merged.
 */
function lastCopies(run: Run): RawPosting[] {
  const byId = new Map<unknown, RawPosting>();
  const rest: RawPosting[] = [];
  for (const raw of run.input.postings) {
    if (typeof raw?.externalId !== 'string')
      rest.push(raw); // normalization rejects it with a reason
    else {
      if (byId.has(raw.externalId)) run.summary.merged++;
      byId.delete(raw.externalId);
      byId.set(raw.externalId, raw);
    }
  }
  return [...byId.values(), ...rest];
}

async function normalizeBatch(run: Run, batch: RawPosting[]): Promise<NormalizedJob[]> {
  const { input, summary } = run;
  const jobs: NormalizedJob[] = [];
  for (let i = 0; i < batch.length; i++) {
    if (i > 0 && i % YIELD_EVERY === 0) await nextTick();
    const raw = batch[i]!;
    const result = normalizePosting({ ...raw, source: input.platform, board: input.board }, { now: run.now });
    if (!result.ok) {
      reject(run, {
        externalId: typeof raw?.externalId === 'string' ? raw.externalId : undefined,
        reason: result.reason,
      });
      continue;
    }
    const job = result.job;
    jobs.push(job);
    run.seenIds.add(job.externalId);
    if (job.salaryMinUsd !== null) summary.salaries++;
    summary.remoteTypes[job.remoteType] = (summary.remoteTypes[job.remoteType] ?? 0) + 1;
  }
  return jobs;
}

/** Decides, per posting, between new job, update, unchanged and merged copy. */
async function planBatch(run: Run, jobs: NormalizedJob[]): Promise<Plan> {
  const { input, summary, known, deps } = run;
  const fresh = jobs.filter((j) => !known.has(j.externalId));
  const candidates = await deps.ingest.mergeCandidates(deps.orm.em.fork(), fresh.map(dedupKeyOf));
  const byKey = Map.groupBy(candidates, (c) => c.dedupKey);
  const orgs = input.organizationId ? [input.organizationId] : [];
  const plan: Plan = { writes: [], copies: [], unchanged: [], unchangedJobIds: [], newJobIds: [] };
  for (const job of jobs) {
    const write: JobWrite = { jobId: '', job, seenAt: run.now, organizationIds: orgs, origin: 'source' };
    const prior = known.get(job.externalId);
    const ownId = jobIdFor(input.platform, input.board, job.externalId);
    if (prior) {
      if (prior.payloadHash === job.payloadHash && prior.status === 'open') {
        plan.unchanged.push(job.externalId);
        plan.unchangedJobIds.push(prior.jobId);
        summary.unchanged++;
        continue;
      }
      summary.updated++;
      write.jobId = prior.jobId;
      (prior.jobId === ownId ? plan.writes : plan.copies).push(write);
      continue;
    }
    const duplicate = findDuplicate(job, byKey.get(dedupKeyOf(job)) ?? []);
    if (duplicate) {
      duplicate.sources.push(sourceKeyOf(job));
      write.jobId = duplicate.jobId;
      plan.copies.push(write);
      summary.merged++;
    } else {
      write.jobId = ownId;
      plan.writes.push(write);
      plan.newJobIds.push(ownId);
      summary.new++;
    }
  }
  return plan;
}

async function writeBatch({ deps, input, now }: Run, plan: Plan): Promise<void> {
  await deps.orm.em.fork().transactional(async (tx) => {
    await deps.writer.write(tx, plan.writes);
    await deps.writer.attachCopies(tx, plan.copies);
    if (plan.unchanged.length) {
      await deps.ingest.touch(tx, input.platform, input.board, plan.unchanged, now);
      if (input.organizationId)
        await deps.writer.addMemberships(tx, plan.unchangedJobIds, input.organizationId);
    }
    // Inside the transaction on purpose: PostgreSQL delivers NOTIFY at commit, never for a rolled-back batch.
    await deps.ingest.announceNewJobs(tx, plan.newJobIds);
  });
}
