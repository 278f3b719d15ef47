import { formatEventId, type EventPosition } from '../domain/event-id.ts';

/** Where a live read went: a replica replayed past its mark, or the primary. */
export type LiveReadServer = 'replica' | 'primary';

/** Live reads so far: the pages of events, and the gatherings of their jobs, by server. */
export type LiveReads = Record<'pages' | 'jobs', Record<LiveReadServer, number>>;

/**
 * Where the primary's log stood (`pg_current_wal_insert_lsn()`, read in the statement
 * itself, after its snapshot was taken: past the commit of everything it saw):
 *
 * - when each position of the outbox was first seen deliverable (the feed's head, keyed by
 *   the position): a replica replayed past it holds every event up to that position, so a
 *   page read up to it may be read there (SearchIndexRepository.eventImages);
 * - when each page of events was read (keyed by its `readAt`, EventPage.readAt): a replica
 *   replayed past it reflects every event of the page, so the page's jobs may be read there
 *   (job-batch-loader.ts).
 *
 * With the marks a gateway reads on a replica that has replayed far enough, and keeps the
 * primary's cores for the ingest's writes (README "Live events", _Reads on a replica_).
 * Without a mark (the embedded database, the SQL matcher, a forgotten one) it reads the
 * primary.
 */
export class PageMarks {
  private readonly pages = new Map<number, string>();
  private readonly heads = new Map<string, string>();
  private readonly kept: number;

  constructor(kept = MARKS_KEPT) {
    this.kept = kept;
  }

  /** The page read at `readAt` (performance.now()) was read at `lsn`. */
  note(readAt: number, lsn: string): void {
    this.pages.set(readAt, lsn);
    this.trim(this.pages);
  }

  /** The mark of the page read at `readAt`; undefined when unknown (or forgotten). */
  of(readAt: number): string | undefined {
    return this.pages.get(readAt);
  }

  /** `position` was deliverable when the log was at `lsn`; the first such mark is kept (the lowest). */
  noteHead(position: EventPosition, lsn: string): void {
    const key = formatEventId(position);
    if (this.heads.has(key)) return;
    this.heads.set(key, lsn);
    this.trim(this.heads);
  }

  /** The mark of a deliverable position; undefined when unknown (or forgotten). */
  ofHead(position: EventPosition): string | undefined {
    return this.heads.get(formatEventId(position));
  }

  private trim(marks: Map<unknown, string>): void {
    // Oldest first (insertion order): pages are read, and heads seen, in time order.
    for (const oldest of marks.keys()) {
      if (marks.size <= this.kept) break;
      marks.delete(oldest);
    }
  }
}

/**
 * Marks kept of each kind. A reader may take a kept page a while after its read (a webhook
 * fill behind the streams); the matcher keeps 32 pages, so a few thousand marks reach far
 * past them. A forgotten mark only sends a read to the primary.
 */
const MARKS_KEPT = 4_096;
