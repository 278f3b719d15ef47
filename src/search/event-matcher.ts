import type { Em } from '../db/orm.ts';
import type { LiveReadServer, PageMarks } from '../db/page-marks.ts';
import {
  eventChange,
  type EventPage,
  type EventReader,
  type MatchedEvent,
} from '../db/repositories/job-event.repository.ts';
import type { IndexJobRow, SearchIndexRepository } from '../db/repositories/search-index.repository.ts';
import { compareEventPositions, type EventPosition } from '../domain/event-id.ts';
import type { JobFilter } from '../domain/job-filter.ts';
import { Scratch } from './bitmap.ts';
import { planFilter } from './filter-plan.ts';
import { assembleMatchData, JobIndexBuilder } from './index-builder.ts';
import { disposeMatchData, type MatchData } from './index-data.ts';

/** An event's before image matched (WAS), its after image (NOW). */
const WAS = 1;
const NOW = 2;

/** The marked events from `from` to `to`, in order. */
function* markedFrom(marks: Uint8Array, from: number, to: number): Generator<number> {
  for (let i = from; i < to; i++) if (marks[i] !== 0) yield i;
}

/** Pages kept for readers that come for the same stretch of the outbox (least recently used out). */
const PAGES_KEPT = 32;
/**
 * A kept page's joins — its jobs' memberships and its companies' names, which the
 * images do not hold — are read again after this long; the page is read again only if
 * they changed. (The images themselves never change.)
 */
const PAGE_TTL_MS = 5_000;
/**
 * A page that continues a kept page (starts where it ended) is read no sooner than this
 * after that one's read began; readers that come meanwhile carry its end forward. Without it
 * the first stream through a page read the next one at once, cut at whatever the outbox
 * held then, and the other streams followed that chain of short pages: in the push bench
 * (1,000 streams, a 10,000-job ingest) the gateway fell behind, a page's last reader
 * came 1.5–3 s after its first, and every stream paid a frame per short page. At this
 * interval pages are fewer and fuller: gateway CPU 4.2–5.3 → 3.6–4.2 s, webhook p99
 * 4.8–5.8 → 3.3–4.1 s; SSE p99 within the runs' spread (1.7–2.3 s against 1.9–3.1 s)
 * (README "Push delivery", stop 36). Counted from the end of that read (stop 36), a page
 * waited for the interval on top of the read — 400–700 ms between pages under the
 * ingest's load — and the wait was most of the SSE latency: counted from its start, SSE
 * p99 1.4–1.6 → 1.2–1.3 s, for 10 % more gateway CPU (more, smaller pages; stop 37).
 * A quiet outbox waits for nothing: the first page after a pause is read at once.
 */
export const PAGE_INTERVAL_MS = 300;
/** A page nobody asked for in this long is dropped. */
const PAGE_IDLE_MS = 30_000;
/** A page's bitmaps are freed this long after it is dropped or rebuilt (a reader may still be on it). */
const DISPOSE_AFTER_MS = 10_000;

type PageRead = Awaited<ReturnType<SearchIndexRepository['eventImages']>>;
type PageJoins = Pick<PageRead, 'memberships' | 'companies'>;

/**
 * A kept page: its index over the images as of its joins, checked against the database at
 * `checkedAt`. The rows themselves are not kept (a page's words are megabytes): a page whose
 * joins changed is read again, the same stretch of the outbox.
 */
interface KeptPage {
  page: ImagePage;
  /** What the page's read was: after `after`, through its last event, at most `limit`. */
  after: EventPosition;
  /** The newest event at or before `after` (null: none): a read from anywhere in between is this page. */
  previous: EventPosition | null;
  limit: number;
  jobIds: string[];
  companyIds: string[];
  joinsKey: string;
  checkedAt: number;
  /** When the read of its events began (the next page's interval counts from here). */
  readAt: number;
  usedAt: number;
  checking: Promise<ImagePage> | null;
}

/** The joins compared in a canonical form (the statements do not order their rows). */
const joinsKey = (j: PageJoins): string =>
  [
    ...j.memberships.map((m) => `m|${m.jobId}|${m.organizationId}`),
    ...j.companies.map((c) => `c|${c.id}|${c.nameKey}|${c.normalizedName}`),
  ]
    .sort()
    .join('\n');

interface ImagePage {
  horizon: EventPosition;
  events: { position: EventPosition; kind: MatchedEvent['kind']; jobId: string; same: boolean }[];
  /** Per doc of `data`, its event and whether it is the event's after image (else its before image). */
  docEvent: Int32Array;
  docIsAfter: Uint8Array;
  data: MatchData;
  /** When its rows were read (EventPage.readAt). */
  readAt: number;
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
  private readonly pages = new Map<string, Promise<KeptPage>>();
  /** The kept pages whose read has finished, by the same keys: where each starts and ends is known. */
  private readonly settled = new Map<string, KeptPage>();
  private readonly repository: SearchIndexRepository;
  private readonly sql: EventReader;
  private readonly clock: () => Date;

  /** Where the primary's log stood at each head and page, for live reads on a replica. */
  private readonly pageMarks: PageMarks | undefined;
  private readonly onPageRead: ((server: LiveReadServer) => void) | undefined;
  /** The newest position the gateway's feed has seen deliverable, if it follows one. */
  private readonly deliverable: () => EventPosition | null;

  constructor(
    repository: SearchIndexRepository,
    sql: EventReader,
    clock: () => Date,
    options: {
      marks?: PageMarks;
      onPageRead?: (server: LiveReadServer) => void;
      deliverable?: () => EventPosition | null;
    } = {},
  ) {
    this.repository = repository;
    this.sql = sql;
    this.clock = clock;
    this.pageMarks = options.marks;
    this.onPageRead = options.onPageRead;
    this.deliverable = options.deliverable ?? (() => null);
  }

  async read(
    em: Em,
    filter: JobFilter,
    after: EventPosition,
    through: EventPosition,
    limit: number,
  ): Promise<EventPage> {
    const { page, from } = await this.pageFrom(em, after, through, limit);
    if (page.events.length === from)
      return { horizon: page.horizon, events: [], count: 0, lastRead: null, readAt: page.readAt };
    const scratch = new Scratch();
    try {
      const plan = planFilter(page.data, filter, this.clock(), scratch, false);
      if (plan === 'unsupported') {
        const page = await this.sql.read(em, filter, after, through, limit);
        return { ...page, events: page.events.filter((e) => e.change !== null) };
      }
      // The events whose images match, from the matches (a few per filter): neither asking
      // the bitmap about both images of every event for every filter (1,000 filters × every
      // event), nor a fresh array per filter and page. The marks are the matcher's, cleared
      // after use (nothing awaits in between).
      const marks = this.marksFor(page.events.length);
      const hit: number[] = [];
      for (const doc of plan.matches.toUint32Array()) {
        const event = page.docEvent[doc]!;
        if (event < from) continue;
        if (marks[event] === 0) hit.push(event);
        marks[event]! |= page.docIsAfter[doc] ? NOW : WAS;
      }
      // In event order: the few hits sorted, or, when many, the marks read in order.
      const order: Iterable<number> =
        hit.length * 8 < page.events.length - from
          ? hit.sort((a, b) => a - b)
          : markedFrom(marks, from, page.events.length);
      const events: MatchedEvent[] = [];
      for (const i of order) {
        const e = page.events[i]!;
        const change = eventChange(e.same, (marks[i]! & WAS) !== 0, (marks[i]! & NOW) !== 0);
        // Events that did not move the job for this filter are left out (most of them).
        if (change) events.push({ position: e.position, kind: e.kind, jobId: e.jobId, change });
      }
      for (const i of hit) marks[i] = 0;
      return {
        horizon: page.horizon,
        events,
        count: page.events.length - from,
        lastRead: page.events.at(-1)!.position,
        readAt: page.readAt,
      };
    } finally {
      scratch.dispose();
    }
  }

  private marks = new Uint8Array(0);

  /** The matcher's marks, at least `n` long and all zero. */
  private marksFor(n: number): Uint8Array {
    if (this.marks.length < n) this.marks = new Uint8Array(Math.max(n, 2 * this.marks.length));
    return this.marks;
  }

  /**
   * The page for a reader at `after`, and the first of its events after that position. A
   * reader whose position lies inside a kept page (after its start, before its last event)
   * takes the rest of that page, and from its end on reads the pages every other reader
   * reads: webhook fills (whose cursors are where each endpoint was created, then wherever
   * a fill round's view of the outbox ended) and the live streams (where each subscribed)
   * otherwise followed pages cut at other places, and every event was read and indexed
   * once for each.
   */
  private async pageFrom(
    em: Em,
    after: EventPosition,
    through: EventPosition,
    limit: number,
  ): Promise<{ page: ImagePage; from: number }> {
    for (const kept of this.settled.values()) {
      const events = kept.page.events;
      if (kept.limit !== limit || events.length === 0) continue;
      if (compareEventPositions(kept.after, after) > 0) {
        // A reader behind the page's start with no event in between (a stream that
        // subscribed, or an endpoint created, while the outbox was quiet: each starts
        // where the outbox stood then) reads the same page: in the push bench the
        // webhook fills' first reads were ten pages of 770–1,200 events, all of the same
        // events, each read for itself while the streams waited.
        if (!kept.previous || compareEventPositions(kept.previous, after) <= 0)
          return { page: await this.page(em, kept.after, through, limit), from: 0 };
        continue;
      }
      if (compareEventPositions(kept.after, after) === 0) continue;
      if (compareEventPositions(after, events.at(-1)!.position) >= 0) continue;
      const page = await this.page(em, kept.after, through, limit);
      // The first event past the reader's position (positions ascend through the page).
      let lo = 0;
      let hi = page.events.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (compareEventPositions(page.events[mid]!.position, after) <= 0) lo = mid + 1;
        else hi = mid;
      }
      return { page, from: lo };
    }
    return { page: await this.page(em, after, through, limit), from: 0 };
  }

  /**
   * The page, read once for every reader that asks for it while it is kept. Readers that
   * lag (webhook fills behind the live streams) come for pages read seconds before:
   * re-reading a page when it aged (it used to be dropped after PAGE_TTL_MS) made the
   * laggards' page boundaries drift from the streams' for good, and every later page was
   * read and indexed twice. Now an aged page's joins are read again instead, and the page
   * itself only if they changed.
   */
  private page(em: Em, after: EventPosition, through: EventPosition, limit: number): Promise<ImagePage> {
    const key = keyOf(after, limit);
    const kept = this.pages.get(key);
    if (kept) {
      const waiting = this.waiting.get(key);
      if (waiting && compareEventPositions(through, waiting.through) > 0) waiting.through = through;
      // Most recently used last.
      this.pages.delete(key);
      this.pages.set(key, kept);
      return kept.then((k) => this.current(em, k));
    }
    const read = this.readAfterInterval(em, key, after, through, limit);
    this.pages.set(key, read);
    read.then(
      (kept) => this.pages.get(key) === read && this.settled.set(key, kept),
      // A failed read is not kept: the next reader tries again.
      () => this.pages.get(key) === read && this.pages.delete(key),
    );
    while (this.pages.size > PAGES_KEPT) {
      const [oldest, promise] = this.pages.entries().next().value!;
      this.evict(oldest, promise);
    }
    this.sweepLater();
    return read.then((k) => k.page);
  }

  /** Pages waiting for their interval, by key: how far each will read (readers meanwhile move it on). */
  private readonly waiting = new Map<string, { through: EventPosition }>();

  /** The page's read, after PAGE_INTERVAL_MS from the read of the kept page it continues, if any. */
  private async readAfterInterval(
    em: Em,
    key: string,
    after: EventPosition,
    through: EventPosition,
    limit: number,
  ): Promise<KeptPage> {
    let wait = 0;
    for (const kept of this.settled.values()) {
      const last = kept.page.events.at(-1);
      if (kept.limit === limit && last && compareEventPositions(last.position, after) === 0) {
        wait = kept.readAt + PAGE_INTERVAL_MS - Date.now();
        break;
      }
    }
    if (wait <= 0) return this.readPage(em, after, this.furthest(through), limit);
    const end = { through };
    this.waiting.set(key, end);
    try {
      await new Promise((resolve) => setTimeout(resolve, wait));
    } finally {
      this.waiting.delete(key);
    }
    return this.readPage(em, after, this.furthest(end.through), limit);
  }

  /**
   * How far a page read now may reach: its readers' view of the outbox, or the feed's newer
   * one. The readers of a page come when the feed wakes them and then wait for its
   * interval; what committed meanwhile was left to the next page, one interval later — in
   * the push bench (stop 44) commit → page read took up to 680 ms, a third of the SSE
   * latency, where the interval alone allows 300.
   */
  private furthest(through: EventPosition): EventPosition {
    const seen = this.deliverable();
    return seen && compareEventPositions(seen, through) > 0 ? seen : through;
  }

  /** The kept page, its joins checked again if they aged (one check for every reader meanwhile). */
  private current(em: Em, kept: KeptPage): Promise<ImagePage> {
    kept.usedAt = Date.now();
    if (kept.usedAt - kept.checkedAt < PAGE_TTL_MS) return Promise.resolve(kept.page);
    kept.checking ??= (async () => {
      try {
        const joins = await this.repository.eventJoins(em, kept.jobIds, kept.companyIds);
        if (joinsKey(joins) !== kept.joinsKey && kept.page.events.length > 0) {
          const stale = kept.page;
          const through = stale.events.at(-1)!.position;
          Object.assign(kept, await this.readPage(em, kept.after, through, kept.limit), {
            usedAt: kept.usedAt,
          });
          setTimeout(() => disposeMatchData(stale.data), DISPOSE_AFTER_MS).unref();
        }
        kept.checkedAt = Date.now();
        return kept.page;
      } finally {
        kept.checking = null;
      }
    })();
    return kept.checking;
  }

  private evict(key: string, promise: Promise<KeptPage>): void {
    if (this.pages.get(key) !== promise) return;
    this.pages.delete(key);
    this.settled.delete(key);
    promise.then(
      (kept) => setTimeout(() => disposeMatchData(kept.page.data), DISPOSE_AFTER_MS).unref(),
      () => undefined,
    );
  }

  private sweep: NodeJS.Timeout | null = null;

  /** Drops pages nobody asked for in PAGE_IDLE_MS (their memory is a few MB each). */
  private sweepLater(): void {
    if (this.sweep) return;
    this.sweep = setTimeout(() => {
      this.sweep = null;
      const now = Date.now();
      for (const [key, promise] of this.pages)
        void promise.then(
          (kept) => now - kept.usedAt >= PAGE_IDLE_MS && this.evict(key, promise),
          () => undefined,
        );
      if (this.pages.size > 0) this.sweepLater();
    }, PAGE_IDLE_MS);
    this.sweep.unref();
  }

  private async readPage(
    em: Em,
    after: EventPosition,
    through: EventPosition,
    limit: number,
  ): Promise<KeptPage> {
    const started = Date.now();
    // Up to a position the feed saw deliverable at a known log position: a replica past it
    // has the page (the feed's positions are; another caller's may not be).
    const read = await this.repository.eventImages(
      em,
      after,
      through,
      limit,
      this.pageMarks?.ofHead(through),
    );
    const readAt = performance.now();
    this.pageMarks?.note(readAt, read.lsn);
    this.onPageRead?.(read.onReplica ? 'replica' : 'primary');
    const now = Date.now();
    const companyIds: string[] = [];
    for (const e of read.events)
      for (const image of [e.before, e.after]) if (image) companyIds.push(image.companyId);
    return {
      page: this.build(read, readAt),
      after,
      previous: read.previous && position(read.previous.xid, read.previous.seq),
      limit,
      jobIds: read.events.map((e) => e.jobId),
      companyIds: [...new Set(companyIds)],
      joinsKey: joinsKey(read),
      checkedAt: now,
      readAt: started,
      usedAt: now,
      checking: null,
    };
  }

  /** The page's small index: each image a doc of its own, in the index's doc order (posted, then id). */
  private build(read: PageRead, readAt: number): ImagePage {
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
    const data = assembleMatchData(builder.finish());
    const docEvent = new Int32Array(images.length);
    const docIsAfter = new Uint8Array(images.length);
    images.forEach((image, doc) => {
      docEvent[doc] = image.event;
      docIsAfter[doc] = image.side === 'after' ? 1 : 0;
    });
    return {
      horizon: position(read.horizon.xid, read.horizon.seq),
      events: read.events.map((e) => ({
        position: position(e.xid, e.seq),
        kind: e.kind,
        jobId: e.jobId,
        same: e.same,
      })),
      docEvent,
      docIsAfter,
      data,
      readAt,
    };
  }
}
