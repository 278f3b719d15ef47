import { compareEventPositions, type EventPosition } from '../domain/event-id.ts';
import type { JobFilter } from '../domain/job-filter.ts';
import type { JobEventFeed } from './job-events.ts';
import type { Orm } from './orm.ts';
import type { EventChange, EventReader } from './repositories/job-event.repository.ts';

/** Events one subscriber reads per page: an ingest batch (1,000) fits one; webhook fills read pages of the same size. */
const PAGE = 2000;

/**
 * What one subscriber is sent per page of the outbox: the ids of the jobs that moved as
 * it asked (in event order; a job twice if two events moved it), and the position it
 * has now read through (sent even with no ids, so a quiet filter's resume point keeps
 * up), and when the page was read (EventPage.readAt: its jobs read after that reflect its
 * events). `expired`: its position fell below the pruned horizon; the stream ends.
 */
export type EventBatch =
  { type: 'events'; position: EventPosition; jobIds: string[]; readAt: number } | { type: 'expired' };

export interface JobEventStreamOptions {
  orm: Orm;
  repo: EventReader;
  feed: JobEventFeed;
  filter: JobFilter;
  change: EventChange;
  /** Read after this position: a resumed client's Last-Event-ID, or the head for a new one. */
  from: EventPosition;
  signal: AbortSignal;
  /** Waits after a failed read before trying again (the database may be back). */
  retryMs: number;
  onError: (error: unknown) => void;
}

/**
 * One subscriber's events, each exactly once and in outbox order: it keeps its own
 * position and reads the outbox from there — catching up after a reconnect is the same
 * loop as following live events — matched by searchJobs' rules (the reader's way).
 */
export async function* jobEventStream(o: JobEventStreamOptions): AsyncGenerator<EventBatch> {
  let position = o.from;
  // One fork for the stream's life: the readers run statements only, no entities, so its
  // identity map stays empty — a fork per page was a configuration copy per stream and page.
  const em = o.orm.em.fork();
  while (!o.signal.aborted) {
    const last = await o.feed.waitBeyond(position, o.signal);
    if (!last) return;
    let page;
    try {
      page = await o.repo.read(em, o.filter, position, last, PAGE);
    } catch (error) {
      o.onError(error);
      await new Promise((resolve) => setTimeout(resolve, o.retryMs));
      continue;
    }
    if (compareEventPositions(page.horizon, position) > 0) {
      yield { type: 'expired' };
      return;
    }
    // No rows while the feed says there are: they were pruned after the horizon was read.
    position = page.lastRead ?? last;
    const jobIds = page.events.filter((e) => e.change === o.change).map((e) => e.jobId);
    yield { type: 'events', position, jobIds, readAt: page.readAt };
  }
}
