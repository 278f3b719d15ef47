import type { Em } from '../db/orm.ts';
import {
  eventChange,
  type EventPage,
  type EventReader,
  type MatchedEvent,
} from '../db/repositories/job-event.repository.ts';
import type { IndexJobRow, SearchIndexRepository } from '../db/repositories/search-index.repository.ts';
import type { EventPosition } from '../domain/event-id.ts';
import type { JobFilter } from '../domain/job-filter.ts';
import { Scratch } from './bitmap.ts';
import { planFilter } from './filter-plan.ts';
import { assembleIndexData, JobIndexBuilder } from './index-builder.ts';
import { disposeIndexData, type IndexData } from './index-data.ts';

/** Pages kept for readers that come for the same stretch of the outbox. */
const PAGES_KEPT = 32;
/** A kept page is read again after this long (memberships and company names it joined may change). */
const PAGE_TTL_MS = 5_000;
/** A page's bitmaps are freed this long after it leaves the cache (a reader may still be on it). */
const DISPOSE_AFTER_MS = 10_000;

interface ImagePage {
  horizon: EventPosition;
  events: { position: EventPosition; kind: MatchedEvent['kind']; jobId: string; same: boolean }[];
  /** Per event, its before and after image's doc in `data` (-1: no image). */
  beforeDoc: Int32Array;
  afterDoc: Int32Array;
  data: IndexData;
}

const position = (xid: string, seq: string): EventPosition => ({ xid: BigInt(xid), seq: BigInt(seq) });
/**
 * Pages are kept by where they start, not where the asker's view of the outbox ended: a
 * reader that woke a moment later (a later `through`) takes the page already read from its
 * position, then the next from that page's end — all of it deliverable, since it was when
 * read — so readers at one position stay in step and keep sharing pages.
 */
const keyOf = (after: EventPosition, limit: number) => `${after.xid}:${after.seq}|${limit}`;

/**
 * The gateway's one reader of the job event outbox for every live subscription and
 * webhook endpoint (issue 12 item 8). Each subscriber read the outbox itself, matching its
 * filter in SQL: with 1,000 subscribers every event was read and matched 1,000 times, and
 * a 10,000-job ingest took minutes to reach them. Here a page of events (after, through,
 * limit) is read once — with the job as a search saw it before and after each event, as
 * index rows — and put in a small search index of those images; each subscriber's filter
 * is then planned against it by the search index's own planFilter, which the differential
 * tests hold equal to searchJobs' SQL. Subscribers that follow live events all ask for the
 * same pages, so they share them. A filter the index cannot answer exactly (planFilter's
 * 'unsupported': a `locations` substring, words of other scripts) is matched in SQL, as
 * before.
 */
export class EventMatcher implements EventReader {
  private readonly pages = new Map<string, Promise<ImagePage>>();
  private readonly repository: SearchIndexRepository;
  private readonly sql: EventReader;
  private readonly clock: () => Date;

  constructor(repository: SearchIndexRepository, sql: EventReader, clock: () => Date) {
    this.repository = repository;
    this.sql = sql;
    this.clock = clock;
  }

  async read(
    em: Em,
    filter: JobFilter,
    after: EventPosition,
    through: EventPosition,
    limit: number,
  ): Promise<EventPage> {
    const page = await this.page(em, after, through, limit);
    if (page.events.length === 0) return { horizon: page.horizon, events: [], count: 0, lastRead: null };
    const scratch = new Scratch();
    try {
      const plan = planFilter(page.data, filter, this.clock(), scratch);
      if (plan === 'unsupported') {
        const page = await this.sql.read(em, filter, after, through, limit);
        return { ...page, events: page.events.filter((e) => e.change !== null) };
      }
      const events: MatchedEvent[] = [];
      for (let i = 0; i < page.events.length; i++) {
        const e = page.events[i]!;
        const before = page.beforeDoc[i]!;
        const now = page.afterDoc[i]!;
        const change = eventChange(
          e.same,
          before >= 0 && plan.matches.has(before),
          now >= 0 && plan.matches.has(now),
        );
        // Events that did not move the job for this filter are left out (most of them).
        if (change) events.push({ position: e.position, kind: e.kind, jobId: e.jobId, change });
      }
      return {
        horizon: page.horizon,
        events,
        count: page.events.length,
        lastRead: page.events.at(-1)!.position,
      };
    } finally {
      scratch.dispose();
    }
  }

  /** The page, read once for every reader that asks for it while it is kept. */
  private page(em: Em, after: EventPosition, through: EventPosition, limit: number): Promise<ImagePage> {
    const key = keyOf(after, limit);
    const kept = this.pages.get(key);
    if (kept) return kept;
    const read = this.readPage(em, after, through, limit);
    this.pages.set(key, read);
    // A failed read is not kept: the next reader tries again.
    read.catch(() => this.pages.get(key) === read && this.pages.delete(key));
    void read.then(
      () => {
        const expire = setTimeout(() => this.evict(key, read), PAGE_TTL_MS);
        expire.unref();
      },
      () => undefined,
    );
    while (this.pages.size > PAGES_KEPT) {
      const [oldest, promise] = this.pages.entries().next().value!;
      this.evict(oldest, promise);
    }
    return read;
  }

  private evict(key: string, promise: Promise<ImagePage>): void {
    if (this.pages.get(key) !== promise) return;
    this.pages.delete(key);
    promise.then(
      (page) => setTimeout(() => disposeIndexData(page.data), DISPOSE_AFTER_MS).unref(),
      () => undefined,
    );
  }

  private async readPage(
    em: Em,
    after: EventPosition,
    through: EventPosition,
    limit: number,
  ): Promise<ImagePage> {
    const read = await this.repository.eventImages(em, after, through, limit);
    // Each image is a doc of its own, in the index's doc order (posted, then id).
    const images: { id: string; row: IndexJobRow; event: number; side: 'before' | 'after' }[] = [];
    read.events.forEach((e, event) => {
      if (e.before) images.push({ id: `${event}b`, row: e.before, event, side: 'before' });
      if (e.after) images.push({ id: `${event}a`, row: e.after, event, side: 'after' });
    });
    images.sort((a, b) => a.row.postedUs - b.row.postedUs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const builder = new JobIndexBuilder(images.map((i) => i.id));
    builder.addCompanies(read.companies);
    builder.addJobs(images.map((i) => ({ ...i.row, id: i.id })));
    const orgsOf = new Map<string, string[]>();
    for (const m of read.memberships) orgsOf.set(m.jobId, [...(orgsOf.get(m.jobId) ?? []), m.organizationId]);
    builder.addMemberships(
      images.flatMap((i) =>
        (orgsOf.get(read.events[i.event]!.jobId) ?? []).map((organizationId) => ({
          organizationId,
          jobId: i.id,
        })),
      ),
    );
    const data = assembleIndexData(builder.finish());
    const beforeDoc = new Int32Array(read.events.length).fill(-1);
    const afterDoc = new Int32Array(read.events.length).fill(-1);
    images.forEach((image, doc) => ((image.side === 'before' ? beforeDoc : afterDoc)[image.event] = doc));
    return {
      horizon: position(read.horizon.xid, read.horizon.seq),
      events: read.events.map((e) => ({
        position: position(e.xid, e.seq),
        kind: e.kind,
        jobId: e.jobId,
        same: e.same,
      })),
      beforeDoc,
      afterDoc,
      data,
    };
  }
}
