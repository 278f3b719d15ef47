import { compareEventPositions, type EventPosition } from '../domain/event-id.ts';
import type { JobRecord } from '../domain/job-record.ts';
import type { Orm } from '../db/orm.ts';
import type { EventReader, JobEventRepository } from '../db/repositories/job-event.repository.ts';
import type { JobRepository } from '../db/repositories/job.repository.ts';
import type { WebhookDeliveryRepository } from '../db/repositories/webhook-delivery.repository.ts';
import type {
  EndpointToFill,
  WebhookEndpointRepository,
} from '../db/repositories/webhook-endpoint.repository.ts';

/** Outbox events read per transaction while filling one endpoint. */
const EVENTS_PER_READ = 500;

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
  loadJobs?: (ids: readonly string[]) => Promise<JobRecord[]>;
  endpoints: WebhookEndpointRepository;
  deliveries: WebhookDeliveryRepository;
  batchSize: number;
  onWarning: (message: string, details: Record<string, unknown>) => void;
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

/**
 * Turns the outbox's new events into deliveries for every enabled endpoint that is behind
 * (README "Webhooks"): per endpoint, under its row lock, reads its saved search's events
 * after its cursor, writes the jobs that entered (`added`) and left (`closed`) the results
 * as batches, and moves the cursor, in one transaction. Gateways filling at once skip each
 * other's endpoints (SKIP LOCKED); a crash before the commit leaves the cursor where it was.
 */
export async function fillDeliveries(deps: BatchDeps): Promise<number> {
  const head = await deps.jobEventLog.head(deps.orm.em.fork());
  if (!head.last) return 0;
  const last = head.last;
  const queue = await deps.endpoints.behind(deps.orm.em.fork(), last);
  // A few endpoints at once: each is a transaction per page, and one after the other they
  // kept 100 endpoints' deliveries tens of seconds behind a 10,000-job ingest (the bench).
  let written = 0;
  await Promise.all(
    Array.from({ length: Math.min(deps.fillsAtOnce, queue.length) }, async () => {
      for (let endpoint = queue.shift(); endpoint; endpoint = queue.shift())
        written += await fillEndpoint(deps, endpoint, last);
    }),
  );
  return written;
}

async function fillEndpoint(deps: BatchDeps, endpoint: EndpointToFill, last: EventPosition): Promise<number> {
  let written = 0;
  for (;;) {
    const step = await deps.orm.em.fork().transactional(async (tx) => {
      const cursor = await deps.endpoints.lockCursor(tx, endpoint.id);
      if (!cursor || compareEventPositions(cursor, last) >= 0) return null;
      const page = await deps.eventReader.read(tx, endpoint.filter, cursor, last, EVENTS_PER_READ);
      if (compareEventPositions(page.horizon, cursor) > 0)
        deps.onWarning('webhooks: events pruned before this endpoint read them were not sent', {
          endpointId: endpoint.id,
        });
      const added = page.events.filter((e) => e.change === 'entered').map((e) => e.jobId);
      const closed = page.events.filter((e) => e.change === 'left').map((e) => e.jobId);
      const n = await writeBatches(deps, tx, endpoint, added, closed);
      await deps.endpoints.moveCursor(tx, endpoint.id, page.lastRead ?? last);
      return { n, more: page.count === EVENTS_PER_READ };
    });
    if (!step) return written;
    written += step.n;
    if (!step.more) return written;
  }
}

async function writeBatches(
  deps: BatchDeps,
  tx: Parameters<BatchDeps['deliveries']['add']>[0],
  endpoint: EndpointToFill,
  added: string[],
  closed: string[],
): Promise<number> {
  const all = [...added.map((id) => ['added', id] as const), ...closed.map((id) => ['closed', id] as const)];
  let written = 0;
  for (let i = 0; i < all.length; i += deps.batchSize) {
    const part = all.slice(i, i + deps.batchSize);
    // Through the gateway's shared loader: endpoints filling at once read their jobs together.
    const ids = [...new Set(part.map(([, id]) => id))];
    const records = new Map(
      (deps.loadJobs ? await deps.loadJobs(ids) : await deps.jobs.findByIds(tx, ids)).map((j) => [j.id, j]),
    );
    // A deleted job has no record left: its id still says it closed.
    const describe = (id: string) => {
      const job = records.get(id);
      return job ? jobSummary(job) : { id, status: 'closed' };
    };
    const body = JSON.stringify({
      type: 'saved_search.jobs',
      timestamp: new Date().toISOString(),
      data: {
        saved_search: { id: endpoint.savedSearchId, name: endpoint.savedSearchName },
        added: part.filter(([k]) => k === 'added').map(([, id]) => describe(id)),
        closed: part.filter(([k]) => k === 'closed').map(([, id]) => describe(id)),
      },
    });
    await deps.deliveries.add(tx, endpoint.id, body, part.length);
    written++;
  }
  return written;
}
