/**
 * Where the primary's log stood when each page of events was read: the page's `readAt`
 * (EventPage.readAt, performance.now()) → `pg_current_wal_insert_lsn()` read in the
 * page's own statement, so past the commit of every event the page holds.
 *
 * A live event's jobs must be read as new as the page (job-batch-loader.ts). The primary
 * always is; a streaming replica is once it has replayed past the page's mark. With
 * the mark, a gateway reads those jobs on a replica that has, and keeps the primary's
 * cores for the ingest's writes (README "Live events", _Reads on a replica_). A page
 * without a mark (the embedded database, the SQL matcher) is read on the primary.
 */
export class PageMarks {
  private readonly marks = new Map<number, string>();
  private readonly kept: number;

  constructor(kept = MARKS_KEPT) {
    this.kept = kept;
  }

  note(readAt: number, lsn: string): void {
    this.marks.set(readAt, lsn);
    // Oldest first (insertion order): pages are read in time order.
    for (const oldest of this.marks.keys()) {
      if (this.marks.size <= this.kept) break;
      this.marks.delete(oldest);
    }
  }

  /** The mark of the page read at `readAt`; undefined when unknown (or forgotten). */
  of(readAt: number): string | undefined {
    return this.marks.get(readAt);
  }
}

/**
 * Pages' marks kept. A reader may take a kept page a while after its read (a webhook fill
 * behind the streams); the matcher keeps 32 pages, so a few thousand marks reach far past
 * them. A forgotten mark only sends a read to the primary.
 */
const MARKS_KEPT = 4_096;
