import type { PageMarks } from './page-marks.ts';
import { compareEventPositions, type EventPosition } from '../domain/event-id.ts';
import { listenFor } from './listen.ts';
import { engineOf, type Orm } from './orm.ts';
import type { EventHead, JobEventRepository } from './repositories/job-event.repository.ts';

/** The outbox triggers' wake-up call (Migration20261125100000): no payload, just "look". */
export const JOB_EVENTS_CHANNEL = 'job_events';

export interface JobEventFeedOptions {
  /** How often the outbox is looked at without a wake-up (a NOTIFY lost, a long transaction ended). */
  pollMs: number;
  /** How long events are kept. */
  retentionMs: number;
  /**
   * An enabled webhook endpoint keeps the events it has not read; one whose oldest unread
   * event is older than this is disabled instead (WEBHOOK_DISABLE_AFTER_HOURS).
   */
  webhookLagMs: number;
  onWarning: (message: string, details: Record<string, unknown>) => void;
  onError: (error: unknown, what: string) => void;
  /** Where the log stood when each position was first seen deliverable (pages read up to it may go to a replica). */
  marks?: PageMarks;
  /** Each newer deliverable position, as it is seen (after its mark is noted). */
  onHead?: (last: EventPosition) => void;
}

/**
 * One gateway's view of the outbox's deliverable end. Subscribers read the outbox
 * themselves, each from its own position (so a resumed one and a live one are the same
 * code); the feed only tells them when there is something new, and prunes.
 */
export interface JobEventFeed {
  /** The outbox's current state, read afresh: where a new subscriber starts, and the horizon. */
  head(): Promise<EventHead>;
  /** Resolves when an event after `position` is deliverable, or when `signal` aborts. */
  waitBeyond(position: EventPosition, signal: AbortSignal): Promise<EventPosition | null>;
  close(): Promise<void>;
}

/** Outbox rows are pruned this often (by every gateway; a prune that finds nothing is cheap). */
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * LISTEN for the outbox triggers' NOTIFY on a dedicated connection (PostgreSQL), or on
 * the one in-process PGlite (which also hands over those of CLI commands writing
 * through the served socket), and poll as a fallback: a NOTIFY says only that a
 * transaction with events committed; events become deliverable when every older
 * transaction has ended too, which no NOTIFY announces.
 */
export async function createJobEventFeed(
  orm: Orm,
  repo: JobEventRepository,
  databaseUrl: string | null,
  options: JobEventFeedOptions,
): Promise<JobEventFeed> {
  if (engineOf(orm) === 'pglite-served')
    // The served session is the server's; its live events are the server's to deliver.
    throw new Error('live job events come from the server that serves the embedded database');
  let last: EventPosition | null = null;
  const waiters = new Set<{ beyond: EventPosition; resolve: (p: EventPosition | null) => void }>();
  let closed = false;
  let running: Promise<void> | null = null;
  let again = false;
  let lastPrune = 0; // the first look prunes

  const release = () => {
    if (!last) return;
    for (const w of waiters)
      if (compareEventPositions(last, w.beyond) > 0) {
        waiters.delete(w);
        w.resolve(last);
      }
  };
  const look = async () => {
    const head = await repo.head(orm.em.fork());
    if (head.last && (!last || compareEventPositions(head.last, last) > 0)) {
      last = head.last;
      options.marks?.noteHead(last, head.lsn);
      options.onHead?.(last);
    }
    release();
    if (Date.now() - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      const { disabledEndpoints } = await repo.prune(
        orm.em.fork(),
        options.retentionMs,
        options.webhookLagMs,
      );
      if (disabledEndpoints > 0)
        options.onWarning('webhooks: endpoints disabled, no gateway read their events in time', {
          disabledEndpoints,
        });
    }
  };
  // One look at a time; a wake-up during one asks for another right after.
  const wake = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = look()
      .catch((error: unknown) => options.onError(error, 'job events: reading the outbox failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  };

  const stop = await listenFor(orm, databaseUrl, JOB_EVENTS_CHANNEL, {
    onNotify: wake,
    onError: (error, what) => options.onError(error, `job events: ${what}`),
  });
  const timer = setInterval(wake, options.pollMs);
  timer.unref();
  wake();

  return {
    head: () => repo.head(orm.em.fork()),
    waitBeyond: (beyond, signal) => {
      if (last && compareEventPositions(last, beyond) > 0) return Promise.resolve(last);
      if (signal.aborted || closed) return Promise.resolve(null);
      return new Promise((resolve) => {
        // The listener goes with the wait: a stream waits on its one signal many times a
        // day, and each wait's listener stayed on it for the stream's life.
        const onAbort = () => {
          waiters.delete(waiter);
          resolve(null);
        };
        const waiter = {
          beyond,
          resolve: (p: EventPosition | null) => {
            signal.removeEventListener('abort', onAbort);
            resolve(p);
          },
        };
        waiters.add(waiter);
        signal.addEventListener('abort', onAbort, { once: true });
      });
    },
    close: async () => {
      closed = true;
      clearInterval(timer);
      for (const w of waiters) w.resolve(null);
      waiters.clear();
      await running;
      await stop().catch(() => undefined);
    },
  };
}
