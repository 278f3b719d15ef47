import type { Logger } from 'pino';
import type { Orm } from '../db/orm.ts';
import type { IngestRepository } from '../db/repositories/ingest.repository.ts';
import type { JobWrite, JobWriter } from '../db/repositories/job-writer.ts';
import type { AtsPlatform } from '../domain/enums.ts';
import { jobIdFor } from '../domain/ids.ts';
import type { RawPosting } from '../domain/raw-posting.ts';
import { dedupKeyOf, findDuplicate, sourceKeyOf, type DedupCandidate } from './dedupe.ts';
import { normalizePosting } from './normalize/index.ts';

export interface IngestDeps {
  orm: Orm;
  writer: JobWriter;
  ingest: IngestRepository;
  clock: () => Date;
  logger?: Logger;
}

export interface RejectedRow {
  externalId?: string;
  reason: string;
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

export interface IngestSummary {
  fetched: number;
  new: number;
  updated: number;
  unchanged: number;
  merged: number;
  closed: number;
  rejected: number;
  /** Accepted postings whose salary became annual USD. */
  salaries: number;
  /** Accepted postings by workplace type as classified. */
  remoteTypes: Record<string, number>;
  /** Rejections by reason, for the run report. */
  rejectedReasons: Record<string, number>;
  /** The first rejected rows (at most 100), to act on. */
  rejectedRows: RejectedRow[];
}

/** Postings per transaction: big enough for set-based writes, small enough to keep a kill cheap. */
export const INGEST_BATCH = 1000;
const MAX_REPORTED_ROWS = 100;

interface Plan {
  writes: JobWrite[];
  copies: JobWrite[];
  /** External ids seen again unchanged, with their jobs. */
  unchanged: string[];
  unchangedJobIds: string[];
  newJobIds: string[];
}

/**
 * fetch → parse (done by the caller) → normalize (pure) → dedupe (pure) → write.
 * Every write is an upsert keyed by ids derived from the source posting, and each
 * batch commits with its announcement (NOTIFY is delivered on commit), so a run
 * killed at any point and started again ends in the state of an uninterrupted run.
 */
export async function runIngest(deps: IngestDeps, input: IngestInput): Promise<IngestSummary> {
  const now = deps.clock();
  const summary: IngestSummary = {
    fetched: input.postings.length + (input.parseRejected?.length ?? 0),
    new: 0,
    updated: 0,
    unchanged: 0,
    merged: 0,
    closed: 0,
    rejected: 0,
    salaries: 0,
    remoteTypes: {},
    rejectedReasons: {},
    rejectedRows: [],
  };
  const seenIds = new Set<string>();
  const reject = (row: RejectedRow) => {
    summary.rejected++;
    summary.rejectedReasons[row.reason] = (summary.rejectedReasons[row.reason] ?? 0) + 1;
    if (summary.rejectedRows.length < MAX_REPORTED_ROWS) summary.rejectedRows.push(row);
    if (row.externalId) seenIds.add(row.externalId);
  };
  input.parseRejected?.forEach(reject);

  // Normalize; the last copy of a repeated external id wins (a feed listing one id
  // twice), and the repeats count as duplicates merged, so that every fetched row is
  // accounted for: fetched = new + updated + unchanged + merged + rejected.
  const accepted = new Map<string, Extract<ReturnType<typeof normalizePosting>, { ok: true }>['job']>();
  for (const raw of input.postings) {
    const result = normalizePosting({ ...raw, source: input.platform, board: input.board }, { now });
    if (!result.ok)
      reject({
        externalId: typeof raw.externalId === 'string' ? raw.externalId : undefined,
        reason: result.reason,
      });
    else {
      if (accepted.has(result.job.externalId)) summary.merged++;
      accepted.set(result.job.externalId, result.job);
      seenIds.add(result.job.externalId);
    }
  }

  for (const job of accepted.values()) {
    if (job.salaryMinUsd !== null) summary.salaries++;
    summary.remoteTypes[job.remoteType] = (summary.remoteTypes[job.remoteType] ?? 0) + 1;
  }

  const em = deps.orm.em.fork();
  const known = await deps.ingest.knownPostings(em, input.platform, input.board);
  const jobs = [...accepted.values()];
  const fresh = jobs.filter((j) => !known.has(j.externalId));
  const candidates: DedupCandidate[] = [];
  for (let i = 0; i < fresh.length; i += 5000) {
    candidates.push(...(await deps.ingest.mergeCandidates(em, fresh.slice(i, i + 5000).map(dedupKeyOf))));
  }
  const byKey = Map.groupBy(candidates, (c) => c.dedupKey);

  const orgs = input.organizationId ? [input.organizationId] : [];
  let done = 0;
  for (let i = 0; i < jobs.length; i += INGEST_BATCH) {
    const plan: Plan = { writes: [], copies: [], unchanged: [], unchangedJobIds: [], newJobIds: [] };
    for (const job of jobs.slice(i, i + INGEST_BATCH)) {
      const write: JobWrite = { jobId: '', job, seenAt: now, organizationIds: orgs, origin: 'source' };
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
    await writeBatch(deps, input, plan, now);
    done += Math.min(INGEST_BATCH, jobs.length - i);
    input.onProgress?.(done, jobs.length);
  }

  if (input.complete) {
    const closed = await deps.ingest.closeMissing(em, input.platform, input.board, [...seenIds], now);
    summary.closed = closed.length;
  }
  deps.logger?.info(
    { platform: input.platform, board: input.board, ...summary, rejectedRows: undefined },
    'ingest run',
  );
  return summary;
}

async function writeBatch(deps: IngestDeps, input: IngestInput, plan: Plan, now: Date): Promise<void> {
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
