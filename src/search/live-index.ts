import type { Logger } from 'pino';
import type { Em, Orm } from '../db/orm.ts';
import type {
  IndexRowsOf,
  LogPosition,
  SearchIndexRepository,
} from '../db/repositories/search-index.repository.ts';
import { BaseFacetCache } from './base-facets.ts';
import { Bitmap, roaringMemory, Scratch } from './bitmap.ts';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { indexRows, indexRowsGradually, readIndexParts } from './build-index.ts';
import { assembleIndexData, assembleIndexDataGradually, type IndexParts } from './index-builder.ts';
import { disposeIndexData, type IndexData } from './index-data.ts';
import { loadIndexSnapshot, saveIndexSnapshot } from './index-snapshot.ts';
import type { FacetThreads } from './facet-threads.ts';
import { SearchIndex, type Segment } from './search-index.ts';
import { filterKey } from './facet-cache.ts';
import { planFilter } from './filter-plan.ts';
import { parseQueryTerms } from '../domain/search-text.ts';

export interface LiveIndexOptions {
  logger: Logger;
  clock: () => Date;
  /** How often the change log is read when no search asks. */
  pollMs: number;
  /** Changed jobs kept in small segments before the base is rebuilt (also the most read at once). */
  maxDelta: number;
  /** Change-log rows older than this are pruned. */
  retentionMs: number;
  /** Wait before trying again after a failed build. */
  retryMs?: number;
  /** Directory of the snapshot file to start from and to save after each build; null: none. */
  snapshotDir?: string | null;
  /** Filters whose facet counts each index version keeps (facet-cache.ts); 0: none. */
  facetCacheSize?: number;
  /** Threads that count facets over the base (facet-threads.ts); the index sends them each base and closes them. */
  facetThreads?: FacetThreads | null;
  /** Single-word searches whose base facet counts are made when a base is ready (`pinWords`). */
  pinnedWords?: { max: number; minMatches: number };
  /**
   * Listens for the change log's NOTIFY (db/listen.ts, SEARCH_CHANGES_CHANNEL); returns
   * what stops it. Without it, every search reads the log first.
   */
  listen?: (handlers: {
    onNotify: () => void;
    onState: (listening: boolean) => void;
  }) => Promise<() => Promise<void>>;
}

export type LiveIndexState = 'off' | 'building' | 'ready' | 'failed';

/** A segment and how to find a job's doc in it. */
interface LiveSegment extends Segment {
  docOf(id: string): number | undefined;
}

/** Past this many rows read beyond the log position, a search reads the log itself (sync). */
const MAX_SEEN_SENT = 1000;

/** Job ids read per statement when following changes (a search may be waiting: few statements). */
const READ_CHUNK = 5000;
/**
 * Job ids read per statement by a merge, which nothing waits for: its rows are parsed in
 * one piece per statement (11 µs a job: 5,000 held the loop 46 ms at 1M jobs).
 */
const MERGE_READ_CHUNK = 1000;

/**
 * The search index kept current with the database (issue 9, item 3; README "Search
 * index"): built from one snapshot, then following the change log the triggers write
 * (Migration20261123000010).
 *
 * - Each read of the log names the jobs changed since the last; their current rows
 *   are read by id and indexed as a new small segment, and their old docs are marked
 *   dead in every older segment. Applying a change is idempotent (it re-reads the row),
 *   so the log's read window may overlap.
 * - Small segments are merged as they pile up (the newest two when the newer is at
 *   least half the older: a few segments, each job re-indexed a few times), and when
 *   they hold more than `maxDelta` jobs the base is rebuilt from a new snapshot in the
 *   background, then brought up to date from the log and swapped in.
 * - A merge changes nothing a search sees, so it is built outside the lock, a slice at a
 *   time (`merge`), and swapped in under it: a fresh segment is applied in one piece (a
 *   search may be waiting for it), a merge of thousands of jobs would hold every search.
 * - `sync()` reads the log now: a search calls it first, so a search sees every write
 *   committed before it began (the CLI's, another gateway's), not only within the
 *   poll's interval.
 *
 * Every change of the segments is made under one lock; queries are synchronous, so none
 * runs while segments change.
 */
export class LiveSearchIndex {
  private readonly orm: Orm;
  private readonly repository: SearchIndexRepository;
  private readonly options: LiveIndexOptions;
  private segments: LiveSegment[] = [];
  private current: SearchIndex | null = null;
  /** The change log's read position, and the rows read at or after it (seq → xid). */
  private position = '';
  private seen = new Map<string, bigint>();
  private lock: Promise<unknown> = Promise.resolve();
  private syncing: Promise<void> | null = null;
  private syncAgain: Promise<void> | null = null;
  private rebuilding: Promise<void> | null = null;
  /** The merges of small segments running outside the lock (`scheduleMerge`). */
  private merging: Promise<void> | null = null;
  /** A rebuild was asked for while one ran (its snapshot is too old already). */
  private rebuildAgain = false;
  private timer: NodeJS.Timeout | null = null;
  private pruneTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private firstBuild: Promise<void> | null = null;
  /**
   * Bumped whenever a segment's docs or dead docs change in place or a segment is
   * dropped: a query held across an await (JobSearch, facet threads) resumes only if
   * it has not moved.
   */
  private version = 0;
  /** The current base's pinning of words (`pinWords`), once started. */
  private pinning: Promise<number> | null = null;
  /**
   * NOTIFYs of the change log received, and how many of them the last completed read
   * covered: while they differ (or nothing listens), a write may be committed that the
   * index has not applied, and searches read the log first.
   */
  private notices = 0;
  /**
   * Where in the log `current` is complete: set with it, and moved on by a read that
   * found nothing for it. Not `position` itself, which a rebuild moves to its new
   * base's while the old index still serves.
   */
  private currentLog: LogPosition | null = null;
  private noticesRead = -1;
  private listening = false;
  private unlisten: (() => Promise<void>) | null = null;
  /** The current base's facet counts of recent filters, kept across versions. */
  private baseFacets: BaseFacetCache | null = null;
  state: LiveIndexState = 'off';
  /** Where the current base came from. */
  startedFrom: 'snapshot' | 'database' | null = null;
  /** Figures of the last base build, for logs and metrics. */
  lastBuild: { jobs: number; ms: number; nativeBytes: number; at: Date } | null = null;

  constructor(orm: Orm, repository: SearchIndexRepository, options: LiveIndexOptions) {
    this.orm = orm;
    this.repository = repository;
    this.options = { ...options };
    this.facetThreads = options.facetThreads ?? null;
  }

  /** The facet threads, if any (JobSearch defers counts to them). */
  readonly facetThreads: FacetThreads | null;

  /** Builds the base in the background and starts following the log. */
  start(): void {
    if (this.firstBuild) return;
    this.state = 'building';
    this.firstBuild = this.startFromSnapshot().then((started) => (started ? undefined : this.rebuild()));
    this.listen();
    this.timer = setInterval(() => {
      if (this.current)
        this.sync().catch((error) => this.options.logger.warn({ err: error }, 'search index: sync failed'));
    }, this.options.pollMs);
    this.timer.unref();
    const pruneEvery = Math.max(1000, Math.min(this.options.retentionMs / 4, 10 * 60_000));
    this.pruneTimer = setInterval(() => {
      const before = new Date(this.options.clock().getTime() - this.options.retentionMs);
      this.repository
        .pruneChanges(this.orm.em.fork(), before)
        .catch((error) =>
          this.options.logger.warn({ err: error }, 'search index: pruning the change log failed'),
        );
    }, pruneEvery);
    this.pruneTimer.unref();
  }

  /** Resolves when the first build ended (true: the index serves). */
  async ready(): Promise<boolean> {
    await this.firstBuild;
    return this.current !== null;
  }

  /** The index as of the last applied change, or null while there is none. */
  index(): SearchIndex | null {
    return this.current;
  }

  /**
   * The current index and where in the change log it stands, taken together: a search
   * asks its page read whether the log holds anything past that (logMovedSql) instead
   * of reading the log first. Null when there is no index, or when the rows read past
   * the position are too many to send (a long transaction holds it back): then sync().
   */
  indexAt(): { index: SearchIndex; log: LogPosition } | null {
    if (!this.current || !this.currentLog || !this.listening || this.notices !== this.noticesRead)
      return null;
    if (this.currentLog.seen.length > MAX_SEEN_SENT) return null;
    return { index: this.current, log: this.currentLog };
  }

  /**
   * Applies every change committed before this call. Concurrent callers share a read:
   * one that arrives while a read runs waits for the next one (the running read's
   * snapshot may predate the caller's write).
   */
  sync(): Promise<void> {
    if (!this.current) return Promise.resolve();
    if (!this.syncing) {
      const run = this.exclusive(() => this.catchUp()).then(() => undefined);
      this.syncing = run.finally(() => (this.syncing = null));
      return this.syncing;
    }
    this.syncAgain ??= this.syncing
      .catch(() => undefined)
      .then(() => {
        this.syncAgain = null;
        return this.sync();
      });
    return this.syncAgain;
  }

  private logPosition(): LogPosition {
    return { position: this.position, seen: [...this.seen.keys()] };
  }

  /** Whether the log holds a write past `log` (a search that read no page asks this alone). */
  logMoved(log: LogPosition): Promise<boolean> {
    return this.repository.logMoved(this.orm.em.fork(), log);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.listening = false;
    await this.unlisten?.().catch(() => undefined);
    if (this.timer) clearInterval(this.timer);
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    await this.firstBuild?.catch(() => undefined);
    await this.rebuilding?.catch(() => undefined);
    await this.merging;
    await this.exclusive(async () => {
      this.current = null;
      for (const s of this.segments) this.drop(s);
      this.segments = [];
    });
    await this.facetThreads?.close();
    this.state = 'off';
  }

  /**
   * Follows the change log's NOTIFYs: each one is read at once (the index is current
   * within milliseconds of a commit, not at the next poll), and counted, so that searches
   * know when the index may be behind. Until listening starts, and while the connection
   * is lost, every search reads the log itself; once listening (again), one read covers
   * what committed while nothing listened.
   */
  private listen(): void {
    const listen = this.options.listen;
    if (!listen) return;
    const notice = () => {
      this.notices++;
      if (this.current)
        this.sync().catch((error) => this.options.logger.warn({ err: error }, 'search index: sync failed'));
    };
    listen({
      onNotify: notice,
      onState: (listening) => {
        this.listening = listening && !this.stopped;
        if (listening) notice();
      },
    })
      .then((stop) => {
        if (this.stopped) void stop().catch(() => undefined);
        else this.unlisten = stop;
      })
      .catch((error) =>
        this.options.logger.warn(
          { err: error },
          'search index: cannot listen for changes; searches read the log',
        ),
      );
  }

  /** Native memory of every bitmap in the process (the index's, mostly). */
  nativeBytes(): number {
    return roaringMemory();
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.lock.then(fn, fn);
    this.lock = run.catch(() => undefined);
    return run;
  }

  /** The snapshot file of this database (its identity in the name: a recreated database has another). */
  private async snapshotPath(): Promise<{ path: string; nextXid: string } | null> {
    const dir = this.options.snapshotDir;
    if (!dir) return null;
    const { database, nextXid } = await this.repository.identity(this.orm.em.fork());
    return { path: join(dir, `search-index-${database}.snapshot`), nextXid };
  }

  /**
   * Starts from the snapshot file when there is a usable one: the base from the file,
   * then the changes since its position. False (and a reason logged) when there is none,
   * it is unreadable or from another layout, or the log cannot bring it up to date.
   */
  private async startFromSnapshot(): Promise<boolean> {
    const started = Date.now();
    let base: LiveSegment | null = null;
    try {
      const where = await this.snapshotPath();
      if (!where) return false;
      const { parts, meta } = await loadIndexSnapshot(where.path);
      // A position past this database's transactions: a file of a restored or other database.
      if (BigInt(meta.position) > BigInt(where.nextXid)) {
        disposeIndexData(assembleIndexData(parts));
        throw new Error(`snapshot position ${meta.position} is ahead of this database (${where.nextXid})`);
      }
      const data = await assembleIndexDataGradually(parts);
      base = liveSegment(data);
      const ok = await this.exclusive(async () => {
        this.segments = [base!];
        this.position = meta.position;
        this.seen = new Map();
        if (!(await this.catchUp())) return false;
        this.publish();
        return true;
      });
      if (!ok) throw new Error('the change log cannot bring it up to date');
      this.announceReady(data.docCount, started, `snapshot of ${meta.builtAt}`);
      await data.terms.warmGradually();
      this.pinning = this.pinWords(data);
      return true;
    } catch (error) {
      this.options.logger.info(
        { reason: (error as Error).message },
        'search index: not started from a snapshot',
      );
      if (base) {
        await this.exclusive(async () => {
          if (this.segments[0] === base) this.segments = [];
          this.current = null;
        });
        this.drop(base);
      }
      return false;
    }
  }

  /** A segment leaves the index: its native memory, and its replicas in the facet threads. */
  private drop(s: LiveSegment): void {
    this.version++;
    this.facetThreads?.drop(s.data);
    dropSegment(s);
  }

  private announceReady(jobs: number, started: number, from: string): void {
    // The new base's facet data to the threads (off the first search's path: serving has begun).
    const base = this.segments[0];
    if (base && this.facetThreads) {
      const t0 = Date.now();
      this.facetThreads.add(base.data);
      this.options.logger.info(
        { ms: Date.now() - t0, threads: this.facetThreads.size },
        'search index: base sent to the facet threads',
      );
    }
    this.startedFrom = from === 'database' ? 'database' : 'snapshot';
    this.lastBuild = { jobs, ms: Date.now() - started, nativeBytes: roaringMemory(), at: new Date() };
    this.state = 'ready';
    this.options.logger.info(
      { jobs, ms: this.lastBuild.ms, nativeMB: Math.round(roaringMemory() / 1048576), from },
      'search index ready',
    );
  }

  /**
   * Pinned words (README "Pinned words"): the facet counts of the empty search and of the
   * single-word searches with the most matches, over a new base, made once and kept for its life
   * (BaseFacetCache.pin). Counting facets is most of a search's CPU, and the broadest
   * words cost the most (1–1.5 ms at 1M jobs); pinned, such a search never seen before
   * counts only its dead docs and the small segments' jobs. Made in the background
   * after the base is ready — in the facet threads when they hold it, yielding between
   * words — largest bound first, at most `max`; a union made for a word only is not
   * left in the words' cache. Stops when the base is replaced.
   */
  private async pinWords(base: IndexData): Promise<number> {
    const { max = 0, minMatches = 1 } = this.options.pinnedWords ?? {};
    if (max === 0) return 0;
    const started = Date.now();
    const stillBase = () => !this.stopped && this.segments[0]?.data === base;
    let pinned = 0;
    let last = performance.now();
    try {
      // The empty search first (a job board's landing page: every open job's facets), then the words.
      const words = await base.terms.prefixesWithAtLeast(minMatches);
      for (const word of ['', ...words]) {
        const cache = this.baseFacets;
        if (pinned >= max || !stillBase() || cache?.data !== base) break;
        const filter = word ? { query: word } : {};
        const key = filterKey(filter);
        if (key === null || cache.isPinned(key) || parseQueryTerms(word).join(' ') !== word) continue;
        const scratch = new Scratch();
        const cached = !word || base.terms.isCached(word);
        try {
          const plan = planFilter(base, filter, this.options.clock(), scratch);
          if (!cached) base.terms.forget(word);
          if (plan === 'unsupported' || plan.matches.size < minMatches) continue;
          const threads = this.facetThreads;
          if (threads?.readyId(base) !== undefined) {
            const counting = threads.counting();
            try {
              if (!cache.pin(key, plan.matches, counting)) {
                const counted = await threads.count(counting.needs);
                if (!stillBase()) break;
                cache.pin(key, plan.matches, threads.replay(counted));
              }
            } finally {
              counting.dispose();
            }
          } else cache.pin(key, plan.matches);
          pinned++;
        } finally {
          scratch.dispose();
        }
        if (performance.now() - last > 10) {
          await new Promise((resolve) => setImmediate(resolve));
          last = performance.now();
        }
      }
      this.options.logger.info({ words: pinned, ms: Date.now() - started }, 'search index: words pinned');
    } catch (error) {
      // Only speed is lost: those searches count their facets.
      this.options.logger.warn({ err: error, words: pinned }, 'search index: pinning words failed');
    }
    return pinned;
  }

  /** Resolves with how many words the last base's pinning kept, once it ended (the bench waits for it). */
  wordsPinned(): Promise<number> {
    return this.pinning ?? Promise.resolve(0);
  }

  /** Saves the base's parts for the next start; a failure only costs that start its speed. */
  private async saveSnapshot(parts: IndexParts, position: string): Promise<void> {
    try {
      const where = await this.snapshotPath();
      if (!where) return;
      await mkdir(this.options.snapshotDir!, { recursive: true });
      // The company names grow as changes arrive; the save yields between blocks.
      const companiesByName = new Map([...parts.companiesByName].map(([k, v]) => [k, [...v]]));
      const t0 = Date.now();
      const info = await saveIndexSnapshot(
        where.path,
        { ...parts, companiesByName },
        { position, builtAt: new Date().toISOString(), docCount: parts.ids.length },
      );
      this.options.logger.info(
        { path: where.path, bytes: info.bytes, ms: Date.now() - t0 },
        'search index snapshot saved',
      );
    } catch (error) {
      this.options.logger.warn({ err: error }, 'search index: the snapshot was not saved');
    }
  }

  /** Builds a new base from a snapshot, brings it up to date and swaps it in; SQL serves meanwhile. */
  private rebuild(): Promise<void> {
    this.rebuilding ??= (async () => {
      const started = Date.now();
      try {
        const { parts, position } = await readIndexParts(this.repository, this.orm.em.fork());
        const data = await assembleIndexDataGradually(parts);
        if (this.stopped) return disposeIndexData(data);
        const base = liveSegment(data);
        await this.exclusive(async () => {
          const old = { segments: this.segments, position: this.position, seen: this.seen };
          this.segments = [base];
          this.position = position;
          this.seen = new Map();
          try {
            if (!(await this.catchUp()))
              throw new Error('too many changes since the snapshot; reading a new one');
          } catch (error) {
            // The old index may still serve (a failed read): it follows the log from where it was.
            ({ segments: this.segments, position: this.position, seen: this.seen } = old);
            this.drop(base);
            throw error;
          }
          for (const s of old.segments) this.drop(s);
          this.publish();
        });
        this.announceReady(data.docCount, started, 'database');
        // The base's bitmaps never change (changes go to other segments): saved as they are.
        await this.saveSnapshot(parts, position);
        // The 1–2-letter prefixes, once, between requests (a search that needs one first makes it).
        await base.data.terms.warmGradually();
        this.pinning = this.pinWords(base.data);
      } catch (error) {
        this.options.logger.error({ err: error }, 'search index: build failed; searches use SQL');
        if (!this.current) this.state = 'failed';
        // A catch-up that overflowed has already asked for another build at once (rebuildAgain):
        // a timer too would build a second base a minute later (at 1M jobs, tens of seconds of CPU).
        if (!this.stopped && !this.rebuildAgain)
          setTimeout(() => void this.rebuild(), this.options.retryMs ?? 60_000).unref();
      }
    })().finally(() => {
      this.rebuilding = null;
      if (this.rebuildAgain && !this.stopped) {
        this.rebuildAgain = false;
        void this.rebuild();
      }
    });
    return this.rebuilding;
  }

  /**
   * Reads the log once — everything committed before the read began — and applies what
   * it names. Under the lock. One read, not "until quiet": under a steady ingest a loop
   * would keep a waiting search from ever starting. False when the index cannot follow
   * (too many changes, or pruned ones): it stops answering (SQL serves) until a new base
   * is built.
   */
  private async catchUp(): Promise<boolean> {
    // The NOTIFYs so far announce commits this read will see (it starts after them).
    const notices = this.notices;
    const em = this.orm.em.fork();
    const batch = await this.repository.readChanges(em, this.position, this.options.maxDelta);
    if (batch.missed || batch.overflow) {
      // Too much to follow row by row, or rows pruned before this index read them.
      this.options.logger.info(
        { missed: batch.missed, overflow: batch.overflow },
        'search index: rebuilding from a new snapshot',
      );
      this.current = null;
      if (this.rebuilding) this.rebuildAgain = true;
      else void this.rebuild();
      return false;
    }
    const fresh = [...new Set(batch.changes.filter((c) => !this.seen.has(c.seq)).map((c) => c.jobId))];
    if (fresh.length) await this.apply(em, fresh);
    // Only once applied: a failed read leaves the position for the next try.
    const next = BigInt(batch.next);
    for (const c of batch.changes) this.seen.set(c.seq, BigInt(c.xid));
    for (const [seq, xid] of this.seen) if (xid < next) this.seen.delete(seq);
    this.position = batch.next;
    this.noticesRead = notices;
    // A new version only when something changed: each version starts with an empty facet cache.
    if (fresh.length > 0 || !this.current) this.publish();
    else if (this.current.segments === this.segments) this.currentLog = this.logPosition();
    if (this.deltaSize() > this.options.maxDelta) void this.rebuild();
    return true;
  }

  /** Re-reads these jobs and indexes them as the newest segment, in one piece. Under the lock. */
  private async apply(em: Em, ids: string[]): Promise<void> {
    const rows = await this.readRows(em, ids);
    const data = rows && this.shareCompanies(indexRows(rows.rows, rows.memberships, rows.companies));
    // The segments change in place from here (dead docs, a new one).
    this.version++;
    for (const s of this.segments)
      for (const id of ids) {
        const doc = s.docOf(id);
        if (doc !== undefined) s.dead.add(doc);
      }
    if (data) this.segments.push(liveSegment(data));
    this.scheduleMerge();
  }

  /** Resolves when no merge of segments runs (tests and the bench wait for a settled index). */
  async mergesDone(): Promise<void> {
    while (this.merging) await this.merging;
  }

  /** Merges small segments while they pile up, one merge at a time, outside the lock. */
  private scheduleMerge(): void {
    if (this.merging || this.stopped) return;
    this.merging = (async () => {
      for (let pair = this.mergeable(); pair && !this.stopped; pair = this.mergeable())
        await this.merge(...pair);
    })()
      .catch((error) => this.options.logger.warn({ err: error }, 'search index: merging segments failed'))
      .finally(() => (this.merging = null));
  }

  /** The newest two small segments when the newer is at least half the older (an LSM's tiers). */
  private mergeable(): [LiveSegment, LiveSegment] | null {
    if (this.segments.length <= 2) return null;
    const [older, newer] = this.segments.slice(-2) as [LiveSegment, LiveSegment];
    return live(newer) * 2 >= live(older) ? [older, newer] : null;
  }

  /**
   * Re-reads the live jobs of two adjacent segments and builds them as one, a slice at a
   * time while searches run, then swaps it in under the lock. What changed meanwhile was
   * applied as a newer segment and marked dead in these two: it is marked dead in the
   * merged one too, so each job stays live in exactly one segment. A row read here may be
   * newer than the log position (a commit not yet applied): its change, when read, kills
   * it here as in any segment. Dropped if a rebuild replaced the pair meanwhile.
   */
  private async merge(older: LiveSegment, newer: LiveSegment): Promise<void> {
    const ids = [...liveIds(older), ...liveIds(newer)];
    const rows = await this.readRows(this.orm.em.fork(), ids, MERGE_READ_CHUNK);
    const data = rows && (await indexRowsGradually(rows.rows, rows.memberships, rows.companies));
    await this.exclusive(async () => {
      const at = this.segments.indexOf(older);
      if (this.stopped || at < 1 || this.segments[at + 1] !== newer) {
        if (data) disposeIndexData(data);
        return;
      }
      const merged = data && liveSegment(this.shareCompanies(data));
      // Only a dead doc of the pair can name a job changed meanwhile: O(dead), not O(jobs), under the lock.
      if (merged)
        for (const s of [older, newer])
          for (const dead of s.dead) {
            const id = s.data.ids.at(dead);
            const doc = merged.docOf(id);
            if (doc !== undefined && !isLive(older, id) && !isLive(newer, id)) merged.dead.add(doc);
          }
      this.segments.splice(at, 2, ...(merged ? [merged] : []));
      this.drop(older);
      this.drop(newer);
      // Not while the index is off (too far behind, a rebuild coming): it must not serve again.
      if (this.current) this.publish();
    });
  }

  private async readRows(em: Em, ids: string[], chunk = READ_CHUNK): Promise<IndexRowsOf | null> {
    const rows = [];
    const memberships = [];
    const companies = [];
    for (let i = 0; i < ids.length; i += chunk) {
      const part = await this.repository.jobsByIds(em, ids.slice(i, i + chunk));
      rows.push(...part.rows);
      memberships.push(...part.memberships);
      companies.push(...part.companies);
    }
    return rows.length ? { rows, memberships, companies } : null;
  }

  /** One map of company names for every segment: the base's, grown by this segment's new companies. */
  private shareCompanies(data: IndexData): IndexData {
    const shared = this.segments[0]!.data.companiesByName;
    for (const [name, list] of data.companiesByName) {
      const have = shared.get(name);
      if (!have) shared.set(name, [...list]);
      else for (const id of list) if (!have.includes(id)) have.push(id);
    }
    data.companiesByName = shared;
    return data;
  }

  /** Jobs held outside the base: the small segments' and the base's dead. */
  private deltaSize(): number {
    return this.segments.reduce((n, s, i) => n + (i === 0 ? s.dead.size : s.data.docCount), 0);
  }

  /** Sets how many filters' facets each version keeps (the bench compares with and without). */
  setFacetCacheSize(size: number): void {
    this.options.facetCacheSize = size;
    if (this.current) this.publish();
  }

  private publish(): void {
    const size = this.options.facetCacheSize ?? 0;
    const base = this.segments[0]?.data;
    // One per base: a new base (rebuild, restart) starts with none kept.
    if (!base) this.baseFacets = null;
    else if (this.baseFacets?.data !== base) this.baseFacets = new BaseFacetCache(base, size);
    else this.baseFacets.resize(size);
    this.current = new SearchIndex(this.segments, this.options.clock, {
      facetCacheSize: size,
      baseFacets: this.baseFacets,
      version: () => this.version,
    });
    this.currentLog = this.logPosition();
  }
}

function live(s: LiveSegment): number {
  return s.data.docCount - s.dead.size;
}

function isLive(s: LiveSegment, id: string): boolean {
  const doc = s.docOf(id);
  return doc !== undefined && !s.dead.has(doc);
}

function liveIds(s: LiveSegment): string[] {
  const out: string[] = [];
  for (let doc = 0; doc < s.data.docCount; doc++) if (!s.dead.has(doc)) out.push(s.data.ids.at(doc));
  return out;
}

/**
 * A segment's jobs are found by id with a binary search over its docs by id (IndexData.byId)
 * and its packed ids, the base's million as a fresh segment's few: 4 bytes a job, and no
 * map of id strings beside ids held as bytes.
 */
function liveSegment(data: IndexData): LiveSegment {
  return { data, dead: new Bitmap(), docOf: (id) => data.ids.find(data.byId, id) };
}

function dropSegment(s: LiveSegment): void {
  // Company names are shared by every segment; they are not the segment's to drop.
  disposeIndexData(s.data);
  s.dead.dispose();
}
