import { compareEventPositions, type EventPosition } from '../domain/event-id.ts';
import { loadEachAfter, type JobLoad } from '../db/job-batch-loader.ts';
import type { JobRecord } from '../domain/job-record.ts';
import type { Orm } from '../db/orm.ts';
import type { EventReader, JobEventRepository } from '../db/repositories/job-event.repository.ts';
import type { JobRepository } from '../db/repositories/job.repository.ts';
import type { WebhookDeliveryRepository } from '../db/repositories/webhook-delivery.repository.ts';
import type {
  EndpointToFill,
  WebhookEndpointRepository,
} from '../db/repositories/webhook-endpoint.repository.ts';

/** Outbox events per read while filling an endpoint (the live streams' page size: they share pages). */
const EVENTS_PER_READ = 2000;

export interface BatchDeps {
  orm: Orm;
  jobs: JobRepository;
  jobEventLog: JobEventRepository;
  /** Matches the endpoints' saved searches against the outbox (the gateway's shared reader). */
  eventReader: EventReader;
  /**
   * Endpoints filled at once, each in a transaction of its own connection (1 on an
   * embedded database: its one session runs one transaction at a time).
   */
  fillsAtOnce: number;
  /** Jobs by id, gathered with other readers' (services.liveJobs); else read in the fill's transaction. */
  loadJobs?: JobLoad<JobRecord>;
  endpoints: WebhookEndpointRepository;
  deliveries: WebhookDeliveryRepository;
  batchSize: number;
  onWarning: (message: string, details: Record<string, unknown>) => void;
  /** Deliveries were committed (a group's transaction): the sender may claim them now. */
  onFilled?: () => void;
}

/** The webhook body's view of a job (README "Webhooks"): the REST contract's names. */
function jobSummary(job: JobRecord) {
  return {
    id: job.id,
    title: job.title,
    company: job.companyName,
    location: job.locationText,
    remote_type: job.remoteType,
    job_type: job.jobType,
    salary: job.salaryText,
    url: job.applyUrl ?? job.listingUrl,
    posted_at: job.postedAt.toISOString(),
    status: job.status,
  };
}

/** Endpoints filled in one transaction: their cursors locked, deliveries inserted and cursors moved together. */
const ENDPOINTS_PER_FILL = 25;

/**
 * Turns the outbox's new events into deliveries for every enabled endpoint that is behind
 * (README "Webhooks"): for a group of endpoints, under their row locks, reads each saved
 * search's events after its cursor, writes the jobs that entered (`added`) and left
 * (`closed`) the results as batches, and moves the cursors, in one transaction. Gateways
 * filling at once skip each other's endpoints (SKIP LOCKED); a crash before the commit
 * leaves the cursors where they were.
 */
export async function fillDeliveries(deps: BatchDeps): Promise<number> {
  const head = await deps.jobEventLog.head(deps.orm.em.fork());
  if (!head.last) return 0;
  const last = head.last;
  const queue = await deps.endpoints.behind(deps.orm.em.fork(), last);
  if (queue.length === 0) return 0;
  // A transaction per endpoint and page kept 100 endpoints' deliveries 10-20 s behind a
  // 10,000-job ingest (the bench): groups share one, and a few groups fill at once.
  const groups: EndpointToFill[][] = [];
  const perGroup = Math.min(ENDPOINTS_PER_FILL, Math.ceil(queue.length / deps.fillsAtOnce));
  for (let i = 0; i < queue.length; i += perGroup) groups.push(queue.slice(i, i + perGroup));
  let written = 0;
  await Promise.all(
    Array.from({ length: Math.min(deps.fillsAtOnce, groups.length) }, async () => {
      for (let group = groups.shift(); group; group = groups.shift())
        written += await fillGroup(deps, group, last);
    }),
  );
  return written;
}

interface DeliveryRow {
  endpointId: string;
  body: string;
  jobCount: number;
}

async function fillGroup(deps: BatchDeps, group: EndpointToFill[], last: EventPosition): Promise<number> {
  let written = 0;
  let pending = group.filter((e) => compareEventPositions(e.cursor, last) < 0);
  while (pending.length > 0) {
    // Pages and jobs are read before any lock is taken: a transaction holding the endpoints'
    // rows while it waited for another pooled connection (the shared job loader, the
    // shared page read) deadlocked the pool under load — every other connection was an
    // attempt's write-back waiting for those rows (the push bench hung).
    const reads: {
      endpoint: EndpointToFill;
      added: string[];
      closed: string[];
      to: EventPosition;
      more: boolean;
    }[] = [];
    // Each job's newest page read: its record loaded below must be at least as new as that.
    const readAfter = new Map<string, number>();
    for (const endpoint of pending) {
      // Pages read until the endpoint has caught up with this round's view or has a batch's
      // worth of jobs: a delivery per page made small deliveries, each an attempt, a claim
      // and a write-back (the push bench: 1,100 deliveries of 18 jobs for 20,000 jobs).
      const read = {
        endpoint,
        added: [] as string[],
        closed: [] as string[],
        to: endpoint.cursor,
        more: true,
      };
      while (read.more && read.added.length + read.closed.length < deps.batchSize) {
        const page = await deps.eventReader.read(
          deps.orm.em.fork(),
          endpoint.filter,
          read.to,
          last,
          EVENTS_PER_READ,
        );
        if (compareEventPositions(page.horizon, read.to) > 0)
          deps.onWarning('webhooks: events pruned before this endpoint read them were not sent', {
            endpointId: endpoint.id,
          });
        for (const e of page.events) {
          if (e.change === 'entered') read.added.push(e.jobId);
          else if (e.change === 'left') read.closed.push(e.jobId);
          else continue;
          readAfter.set(e.jobId, Math.max(readAfter.get(e.jobId) ?? 0, page.readAt));
        }
        // More to read when the page ended before this round's view of the outbox: a full
        // page, or the rest of a page the streams read (the shared reader's pages end where
        // their first reader's view ended).
        read.more = page.lastRead !== null && compareEventPositions(page.lastRead, last) < 0;
        read.to = page.lastRead ?? last;
      }
      reads.push(read);
    }
    // Every endpoint's jobs in one read: through the gateway's shared loader when it has one,
    // whose per-page loads (each job held to its own page) are gathered into one statement.
    const records =
      readAfter.size === 0
        ? new Map<string, JobRecord>()
        : new Map(
            (deps.loadJobs
              ? await loadEachAfter(deps.loadJobs, readAfter)
              : await deps.jobs.findByIds(deps.orm.em.fork(), [...readAfter.keys()], true)
            ).map((j) => [j.id, j]),
          );
    // A short transaction: lock, insert, move. An endpoint another gateway holds or has
    // moved meanwhile is left to it (its cursor is no longer where this read started).
    const done = await deps.orm.em.fork().transactional(async (tx) => {
      const cursors = await deps.endpoints.lockCursors(
        tx,
        reads.map((r) => r.endpoint.id),
      );
      const mine = reads.filter((r) => {
        const cursor = cursors.get(r.endpoint.id);
        return cursor !== undefined && compareEventPositions(cursor, r.endpoint.cursor) === 0;
      });
      const rows = mine.flatMap((r) => batchesOf(deps, r.endpoint, r.added, r.closed, records));
      await deps.deliveries.addMany(tx, rows);
      await deps.endpoints.moveCursors(
        tx,
        mine.map((r) => ({ id: r.endpoint.id, to: r.to })),
      );
      written += rows.length;
      return { mine, filled: rows.length > 0 };
    });
    if (done.filled) deps.onFilled?.();
    pending = done.mine.filter((r) => r.more).map((r) => ({ ...r.endpoint, cursor: r.to }));
  }
  return written;
}

function batchesOf(
  deps: BatchDeps,
  endpoint: EndpointToFill,
  added: string[],
  closed: string[],
  records: ReadonlyMap<string, JobRecord>,
): DeliveryRow[] {
  const all = [...added.map((id) => ['added', id] as const), ...closed.map((id) => ['closed', id] as const)];
  // A deleted job has no record left: its id still says it closed.
  const describe = (id: string) => {
    const job = records.get(id);
    return job ? jobSummary(job) : { id, status: 'closed' };
  };
  const rows: DeliveryRow[] = [];
  for (let i = 0; i < all.length; i += deps.batchSize) {
    const part = all.slice(i, i + deps.batchSize);
    const body = JSON.stringify({
      type: 'saved_search.jobs',
      timestamp: new Date().toISOString(),
      data: {
        saved_search: { id: endpoint.savedSearchId, name: endpoint.savedSearchName },
        added: part.filter(([k]) => k === 'added').map(([, id]) => describe(id)),
        closed: part.filter(([k]) => k === 'closed').map(([, id]) => describe(id)),
      },
    });
    rows.push({ endpointId: endpoint.id, body, jobCount: part.length });
  }
  return rows;
}
