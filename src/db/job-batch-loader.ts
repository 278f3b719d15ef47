import DataLoader from 'dataloader';
import type { JobRecord } from '../domain/job-record.ts';
import type { Orm } from './orm.ts';
import type { LiveReadServer, PageMarks } from './page-marks.ts';
import type { JobRepository } from './repositories/job.repository.ts';

/** How long loads are gathered into one statement. */
const GATHER_MS = 5;
/** Ids per statement at most (a page of events' worth). */
const IDS_PER_STATEMENT = 2_000;

/**
 * Jobs by id for every live subscription of a gateway at once: a page of events reaches
 * all its subscribers together, and each used to read its matched jobs in a statement
 * of its own (1,000 subscribers, 1,000 statements per page, the pool queueing the
 * webhooks behind them). Loads within a few milliseconds are one statement, each id
 * read once.
 *
 * The loader's key is one caller's list of ids, not each id: keyed by id, every stream's
 * every matched job was a promise, a cache entry and a `Promise.all` slot of its own —
 * in the push bench (1,000 streams, 381,695 matched jobs) the largest allocator of the
 * gateway (300 MB of its 1.9 GB), all for jobs that stream asked for together anyway.
 *
 * `readAfter` (a page's EventPage.readAt): a job read by a statement that started after
 * that moment reflects every event of the page, so it is taken as read for a second or
 * two instead of read again. Streams take a page over 20–40 ms, a gathering is 5 ms: the
 * push bench's streams read 43,500 versions of 10,000 jobs, the webhook fills 19,773
 * records (pg_stat_statements: 1.7 and 2.0 s on the server). Without `readAfter` a load
 * reads afresh.
 */
export type JobLoad<T> = (ids: readonly string[], readAfter?: number) => Promise<T[]>;

/**
 * The gateway's live job loads. With streaming replicas and a page's mark (page-marks.ts),
 * a gathering is read on a replica that has replayed past the newest of its pages, else on
 * the primary: the ingest's writes run there, and the gateway's reads took 2–3 s of its
 * server time per 10,000 jobs in the push bench. Not waiting for a replica that is behind
 * keeps the live latency the primary's.
 */
export function jobBatchLoader(
  orm: Orm,
  jobs: JobRepository,
  marks?: PageMarks,
  onRead?: (server: LiveReadServer) => void,
): JobLoad<JobRecord> {
  return gatheredById(async (ids, after) => {
    const em = orm.em.fork();
    const mark = after === undefined ? undefined : marks?.of(after);
    if (mark !== undefined) {
      const items = await jobs.findByIdsReplayedPast(em, ids, mark);
      if (items) {
        onRead?.('replica');
        return { items, asOf: after! };
      }
    }
    onRead?.('primary');
    return jobs.findByIds(em, ids, true);
  });
}

/**
 * Jobs a replica read once it had replayed past a page's mark: as new as that page (its
 * readAt), though maybe older than the moment of the read.
 */
export interface ReadAsOf<T> {
  items: T[];
  asOf: number;
}

/** How long a job read is kept for later loads whose events it reflects (memory: a few seconds of loads). */
const KEEP_MS = 1_000;

/** One caller's ids, and the moment they must be read after (JobLoad's readAfter). */
interface Asked {
  ids: readonly string[];
  after?: number;
}

/** A job as read, and the moment it is as new as: its statement's start, or ReadAsOf's page (performance.now()). */
interface Read<T> {
  item: T;
  at: number;
}

/**
 * Lists of ids asked within GATHER_MS read by one statement per IDS_PER_STATEMENT ids, each
 * id once; what was read kept for KEEP_MS to two, for loads whose `readAfter` it follows.
 * `read` is told the newest `readAfter` of the lists it reads (undefined when a list has
 * none): rows it answers as ReadAsOf are as new as that, a plain list as its start.
 */
export function gatheredById<T extends { id: string }>(
  read: (ids: string[], after: number | undefined) => Promise<T[] | ReadAsOf<T>>,
  clock: () => number = () => performance.now(),
): JobLoad<T> {
  let current = new Map<string, Read<T>>();
  let previous = new Map<string, Read<T>>();
  let generationStart = clock();
  const rotate = (now: number) => {
    if (now - generationStart < KEEP_MS) return;
    previous = current;
    current = new Map();
    generationStart = now;
  };
  const loader = new DataLoader<Asked, T[]>(
    async (asked) => {
      const ids = [...new Set(asked.flatMap((a) => a.ids))];
      const after = asked.some((a) => a.after === undefined)
        ? undefined
        : Math.max(...asked.map((a) => a.after!));
      const chunks: string[][] = [];
      for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT)
        chunks.push(ids.slice(i, i + IDS_PER_STATEMENT));
      // Before the statements: each row is at least as new as this moment.
      const started = clock();
      const found = await Promise.all(chunks.map((chunk) => read(chunk, after)));
      rotate(clock());
      const byId = new Map<string, T>();
      for (const result of found) {
        const [items, at] = Array.isArray(result) ? [result, started] : [result.items, result.asOf];
        for (const item of items) {
          byId.set(item.id, item);
          const kept = current.get(item.id);
          if (!kept || kept.at <= at) current.set(item.id, { item, at });
        }
      }
      // In each caller's order; a deleted job has no row and is left out.
      return asked.map((a) => a.ids.flatMap((id) => byId.get(id) ?? []));
    },
    // The loader's own cache is off: what is kept is kept above, with when it was read.
    { cache: false, batchScheduleFn: (run) => setTimeout(run, GATHER_MS) },
  );
  return (ids, readAfter) => {
    if (ids.length === 0) return Promise.resolve([]);
    if (readAfter === undefined) return loader.load({ ids });
    rotate(clock());
    const items: (T | undefined)[] = new Array(ids.length);
    let missing: string[] | null = null;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      const kept = current.get(id) ?? previous.get(id);
      if (kept && kept.at >= readAfter) items[i] = kept.item;
      else (missing ??= []).push(id);
    }
    if (missing === null) return Promise.resolve(items as T[]);
    return loader.load({ ids: missing, after: readAfter }).then((loaded) => {
      const byId = new Map(loaded.map((item) => [item.id, item]));
      return ids.flatMap((id, i) => items[i] ?? byId.get(id) ?? []);
    });
  };
}

/**
 * Jobs each read after a moment of its own (`after`: id → the readAt of the newest page
 * its events were on), through one gathering: a load per distinct moment, asked in the
 * same tick. A reader of many pages (a webhook fill) that asked for all its jobs after its
 * newest page re-read every job another reader had loaded between its pages (the push
 * bench's fills read about as many records again as the streams did).
 */
export async function loadEachAfter<T extends { id: string }>(
  load: JobLoad<T>,
  after: ReadonlyMap<string, number>,
): Promise<T[]> {
  const byMoment = new Map<number, string[]>();
  for (const [id, at] of after) {
    const ids = byMoment.get(at);
    if (ids) ids.push(id);
    else byMoment.set(at, [id]);
  }
  const loaded = await Promise.all([...byMoment].map(([at, ids]) => load(ids, at)));
  return loaded.flat();
}
