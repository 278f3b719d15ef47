import type { Logger } from 'pino';
import type { Em, Orm } from '../db/orm.ts';
import type { IngestRepository, KnownPosting } from '../db/repositories/ingest.repository.ts';
import type { JobWrite, JobWriter } from '../db/repositories/job-writer.ts';
import type { AtsPlatform } from '../domain/enums.ts';
import { jobIdFor } from '../domain/ids.ts';
import type { RawPosting } from '../domain/raw-posting.ts';
import { atsJobKeysOf, companyLockKeysOf, matchKeysOf } from '../domain/dedup-keys.ts';
import type { NormalizedJob } from '../domain/job.ts';
import { combineCopies } from './combine-copies.ts';
import { findDuplicate, mayDuplicate, sourceKeyOf, type DedupCandidate } from './dedupe.ts';
import { addRejection, emptySummary, type IngestSummary, type RejectedRow } from './ingest-summary.ts';
import type { IngestRuns } from './ingest-runs.ts';
import { inProcessNormalizer, type Normalizer } from './normalize-pool.ts';
import { parseDate } from './normalize/dates.ts';
import { externalIdKey } from './normalize/index.ts';
import { payloadHash } from './normalize/payload-hash.ts';
import type { PreparedPosting } from './normalize/prepare.ts';
import { writeLockKeysOf, writeLocks } from './write-locks.ts';

export type { IngestSummary, RejectedRow } from './ingest-summary.ts';

export interface IngestDeps {
  orm: Orm;
  writer: JobWriter;
  ingest: IngestRepository;
  clock: () => Date;
  logger?: Logger;
  /** Where normalization runs: worker threads in the services, this thread by default. */
  normalizer?: Normalizer;
  /** Told of each run that completes (the metrics count runs and postings by outcome). */
  ingestRuns?: IngestRuns;
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

interface Plan {
  writes: JobWrite[];
  copies: JobWrite[];
  /** External ids seen again unchanged, with their jobs. */
  unchanged: string[];
  unchangedJobIds: string[];
  newJobIds: string[];
  /** What the plan adds to the summary once it has committed. */
  counts: Pick<IngestSummary, 'new' | 'updated' | 'unchanged' | 'merged'>;
}

/** A batch that lost a deadlock to another board's batch is planned and written again, this often. */
const DEADLOCK_ATTEMPTS = 3;

interface Run {
  deps: IngestDeps;
  input: IngestInput;
  now: Date;
  summary: IngestSummary;
  known: Map<string, KnownPosting>;
  /** Every external id the feed still lists, accepted or not: the lifecycle must not close them. */
  seenIds: Set<string>;
}

const sameThread = inProcessNormalizer();

/**
 * fetch → parse (done by the caller) → normalize (pure) → dedupe (pure) → write.
 *
 * Batches are normalized while the previous batch is being written, so the CPU work
 * of one overlaps the database work of the other; writes still commit one after the
 * other, in feed order; batches of other boards in flight write alongside unless
 * they share a dedup key (write-locks.ts). Every write is an upsert keyed by ids
 * derived from the source posting and each batch commits with its announcement
 * (NOTIFY is delivered on commit), so a run killed at any point and started again
 * ends in the state of an uninterrupted run.
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
  const locks = writeLocks(deps.orm);
  let pending: Promise<void> | undefined;
  let done = 0;
  for (let i = 0; i < postings.length; i += INGEST_BATCH) {
    const batch = postings.slice(i, i + INGEST_BATCH);
    const jobs = await normalizeBatch(run, batch);
    await pending;
    input.onProgress?.(done, postings.length);
    // Planning reads what earlier batches (of any board in flight) stored: it runs
    // holding the batch's lock keys (company identities, ATS jobs), right before its own write.
    pending = locks(writeLockKeysOf(jobs.prepared.map((p) => p.job)), () => planAndWrite(run, jobs));
    // Awaited on the next turn or after the loop; this only keeps a failure from
    // being reported as unhandled while the next batch is normalized.
    pending.catch(() => undefined);
    done += batch.length;
  }
  await pending;
  input.onProgress?.(done, postings.length);

  if (input.complete) {
    // One transaction: postings and the jobs they leave without an open posting close
    // together, or not at all (a kill in between would leave such jobs open for good).
    const closed = await againAfterDeadlock(run, () =>
      em.transactional(async (tx) => {
        const jobs = await deps.ingest.closeMissing(
          tx,
          input.platform,
          input.board,
          [...run.seenIds],
          run.now,
        );
        // A job still open without the closed copy no longer lists its places or salary.
        await deps.writer.refreshMerged(tx, jobs.affected);
        return jobs.closed;
      }),
    );
    run.summary.closed = closed.length;
  }
  deps.logger?.info(
    { platform: input.platform, board: input.board, ...run.summary, rejectedRows: undefined },
    'ingest run',
  );
  deps.ingestRuns?.completed({ platform: input.platform, board: input.board, summary: run.summary });
  return run.summary;
}

function reject(run: Run, row: RejectedRow): void {
  addRejection(run.summary, row);
  if (row.externalId) run.seenIds.add(row.externalId);
}

/**
 * Copies of a repeated external id combine into one posting (combine-copies.ts), in
 * the place of the last; the earlier copies count as duplicates merged.
 */
function lastCopies(run: Run): RawPosting[] {
  const byId = new Map<unknown, RawPosting>();
  const rest: RawPosting[] = [];
  for (const raw of run.input.postings) {
    if (typeof raw?.externalId !== 'string')
      rest.push(raw); // normalization rejects it with a reason
    else {
      const id = externalIdKey(raw.externalId);
      const earlier = byId.get(id);
      if (earlier) run.summary.merged++;
      byId.delete(id);
      byId.set(id, earlier ? combineCopies(earlier, raw, run.now) : raw);
    }
  }
  return [...byId.values(), ...rest];
}

/**
 * Whether `raw` is older than what is stored of it, by the source's own update time
 * (issue 11): an older snapshot imported after a newer one must not roll titles back.
 * Without a time on either side the later arrival is the newer.
 */
function isStale(raw: RawPosting, prior: KnownPosting, now: Date): boolean {
  if (prior.sourceUpdatedAt === null) return false;
  const incoming = parseDate(raw.updatedAt, now);
  return incoming !== null && incoming.getTime() < prior.sourceUpdatedAt.getTime();
}

/** A posting ready to plan: normalized, with its search vector. */
type Prepared = Extract<PreparedPosting, { ok: true }>;

interface Normalized {
  prepared: Prepared[];
  /** Postings stored before whose source payload has not changed: nothing to normalize or write. */
  unchanged: { externalId: string; prior: KnownPosting }[];
  /** Postings the source still marks closed, stored closed and unchanged: nothing to do at all. */
  stillClosed: { externalId: string; prior: KnownPosting }[];
}

async function normalizeBatch(run: Run, batch: RawPosting[]): Promise<Normalized> {
  const { input, summary, deps, known } = run;
  // An open posting whose raw payload hashes as stored is skipped before the costly
  // part: re-polling a board is mostly this (the same test as after normalizing).
  const unchanged: Normalized['unchanged'] = [];
  const stillClosed: Normalized['stillClosed'] = [];
  const fresh: RawPosting[] = [];
  for (const raw of batch) {
    const id = typeof raw?.externalId === 'string' ? externalIdKey(raw.externalId) : undefined;
    const prior = id === undefined ? undefined : known.get(id);
    if (prior !== undefined && isStale(raw, prior, run.now)) {
      // Still listed, so not closed; nothing of it is applied.
      summary.stale++;
      (prior.status === 'open' ? unchanged : stillClosed).push({ externalId: id!, prior });
      continue;
    }
    const same = prior !== undefined && prior.payloadHash === payloadHash(raw.payload);
    // A closed posting with the same payload is back only if the source lists it as open.
    if (same && prior.status === 'open') unchanged.push({ externalId: id!, prior });
    else if (same && raw.closed === true) stillClosed.push({ externalId: id!, prior });
    else fresh.push(raw);
  }
  const results = await (deps.normalizer ?? sameThread).prepare(fresh, {
    platform: input.platform,
    board: input.board,
    now: run.now,
  });
  const prepared: Prepared[] = [];
  results.forEach((result, i) => {
    if (!result.ok) {
      const raw = fresh[i];
      reject(run, {
        externalId: typeof raw?.externalId === 'string' ? raw.externalId : undefined,
        reason: result.reason,
      });
      return;
    }
    const { job } = result;
    prepared.push(result);
    run.seenIds.add(job.externalId);
    if (job.salaryMinUsd !== null) summary.salaries++;
    for (const reason of job.salaryRejects ?? [])
      summary.salaryRejects[reason] = (summary.salaryRejects[reason] ?? 0) + 1;
    summary.remoteTypes[job.remoteType] = (summary.remoteTypes[job.remoteType] ?? 0) + 1;
  });
  for (const { externalId, prior } of [...unchanged, ...stillClosed]) {
    run.seenIds.add(externalId);
    if (prior.hasSalary) summary.salaries++;
    summary.remoteTypes[prior.remoteType] = (summary.remoteTypes[prior.remoteType] ?? 0) + 1;
  }
  return { prepared, unchanged, stillClosed };
}

/** Decides, per posting, between new job, update and merged copy; unchanged ones come decided. */
async function planBatch(run: Run, { prepared, unchanged, stillClosed }: Normalized, tx: Em): Promise<Plan> {
  const { input, known, deps } = run;
  const fresh = prepared.map((p) => p.job).filter((j) => !known.has(j.externalId));
  const ownSources = new Set(fresh.map(sourceKeyOf));
  const rows = await deps.ingest.mergeCandidates(
    tx,
    fresh.flatMap(matchKeysOf),
    ownSources.size === 1 ? { platform: fresh[0]!.source, board: fresh[0]!.board } : undefined,
  );
  // Each posting is compared with the candidates holding one of its keys and passing
  // its checks of keys and places; only those candidates' descriptions are read.
  const byKey = new Map<string, DedupCandidate[]>();
  const candidates = rows.map((row): DedupCandidate => ({ ...row, descriptionText: '' }));
  for (const c of candidates)
    for (const key of c.dedupKeys) {
      const list = byKey.get(key);
      if (list) list.push(c);
      else byKey.set(key, [c]);
    }
  const plausible = new Map<NormalizedJob, DedupCandidate[]>();
  for (const job of fresh) {
    const own = sourceKeyOf(job);
    const keys = new Set(matchKeysOf(job));
    const of = [...new Set([...keys].flatMap((k) => byKey.get(k) ?? []))].filter(
      (c) => !c.sources.includes(own) && mayDuplicate(job, c, keys),
    );
    if (of.length > 0) plausible.set(job, of);
  }
  const needed = new Set([...plausible.values()].flat());
  const descriptions = await deps.ingest.descriptionsOf(
    tx,
    [...needed].map((c) => c.jobId),
  );
  for (const c of needed) c.descriptionText = descriptions.get(c.jobId) ?? '';
  const candidatesOf = (job: NormalizedJob) => plausible.get(job) ?? [];
  const orgs = input.organizationId ? [input.organizationId] : [];
  const plan: Plan = {
    writes: [],
    copies: [],
    unchanged: unchanged.map((u) => u.externalId),
    unchangedJobIds: unchanged.map((u) => u.prior.jobId),
    newJobIds: [],
    counts: { new: 0, updated: 0, unchanged: unchanged.length + stillClosed.length, merged: 0 },
  };
  const counts = plan.counts;
  for (const { job, searchVector } of prepared) {
    const write: JobWrite = {
      jobId: '',
      job,
      searchVector,
      seenAt: run.now,
      organizationIds: orgs,
      origin: 'source',
    };
    const prior = known.get(job.externalId);
    const ownId = jobIdFor(input.platform, input.board, job.externalId);
    if (prior) {
      // Changed, or closed and back: open unchanged postings never got here (normalizeBatch).
      counts.updated++;
      write.jobId = prior.jobId;
      (prior.jobId === ownId ? plan.writes : plan.copies).push(write);
      continue;
    }
    const duplicate = findDuplicate(job, candidatesOf(job));
    if (duplicate) {
      duplicate.sources.push(sourceKeyOf(job));
      write.jobId = duplicate.jobId;
      plan.copies.push(write);
      counts.merged++;
    } else {
      write.jobId = ownId;
      write.isNew = true;
      plan.writes.push(write);
      plan.newJobIds.push(ownId);
      counts.new++;
    }
  }
  return plan;
}

/**
 * Plans and writes one batch in one transaction; the summary counts it once it has
 * committed. The plan is made after taking the batch's company locks, so copies that
 * another process committed meanwhile are seen and merged (lockCompanies).
 */
async function planAndWrite(run: Run, batch: Normalized): Promise<void> {
  const { deps } = run;
  const attempt = (copy: boolean) =>
    againAfterDeadlock(run, () =>
      deps.orm.em.fork().transactional(async (tx) => {
        await deps.ingest.lockCompanies(
          tx,
          batch.prepared.flatMap((p) => companyLockKeysOf(p.job)),
          batch.prepared.flatMap((p) => atsJobKeysOf(p.job)),
        );
        const planned = await planBatch(run, batch, tx);
        await writeBatch(run, planned, tx, copy);
        return planned;
      }),
    );
  let plan: Plan;
  try {
    plan = await attempt(true);
  } catch (error) {
    // A job planned as new exists after all (another process stored the same posting
    // since this run read its known postings): the COPY failed, so upsert instead.
    if (!hasCode(error, '23505')) throw error;
    deps.logger?.warn(
      { board: run.input.board },
      'a new job already existed; writing the batch again as upserts',
    );
    plan = await attempt(false);
  }
  for (const k of ['new', 'updated', 'unchanged', 'merged'] as const) run.summary[k] += plan.counts[k];
}

/**
 * PostgreSQL may pick a transaction of this run as a deadlock's victim (two boards in
 * flight updating jobs they share through merged copies): it rolled back whole, so it
 * runs again from the start, planning included.
 */
async function againAfterDeadlock<T>(run: Run, transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= DEADLOCK_ATTEMPTS || !isDeadlock(error)) throw error;
      run.deps.logger?.warn({ board: run.input.board, attempt }, 'ingest lost a deadlock; running it again');
    }
  }
}

function isDeadlock(error: unknown): boolean {
  return hasCode(error, '40P01');
}

/** Whether PostgreSQL's SQLSTATE `code` is on the error or its causes. */
function hasCode(error: unknown, code: string): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === code) return true;
  return false;
}

async function writeBatch({ deps, input, now }: Run, plan: Plan, tx: Em, copy: boolean): Promise<void> {
  await deps.writer.write(tx, plan.writes, { copy });
  await deps.writer.attachCopies(tx, plan.copies);
  const copied = plan.copies.map((w) => w.jobId);
  await deps.writer.settleStatus(
    tx,
    [...copied, ...plan.writes.filter((w) => w.job.status !== 'open').map((w) => w.jobId)],
    now,
  );
  // Jobs stored before, rewritten or given a copy: their places and salary come from all
  // their open postings again (a new job's are its own, as written).
  const created = new Set(plan.newJobIds);
  await deps.writer.refreshMerged(tx, [
    ...plan.writes.filter((w) => !created.has(w.jobId)).map((w) => w.jobId),
    ...copied,
  ]);
  if (plan.unchanged.length) {
    await deps.ingest.touch(tx, input.platform, input.board, plan.unchanged, now);
    if (input.organizationId)
      await deps.writer.addMemberships(tx, plan.unchangedJobIds, input.organizationId);
  }
  // Live events need nothing from here: the job table's triggers write them to the outbox
  // in this transaction (Migration20261125100000).
}
