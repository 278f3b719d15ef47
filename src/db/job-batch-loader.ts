import DataLoader from 'dataloader';
import type { JobRecord, JobVersion } from '../domain/job-record.ts';
import type { Orm } from './orm.ts';
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
 * read once; nothing is kept after it (the jobs are sent as they are now).
 *
 * The loader's key is one caller's list of ids, not each id: keyed by id, every stream's
 * every matched job was a promise, a cache entry and a `Promise.all` slot of its own —
 * in the push bench (1,000 streams, 381,695 matched jobs) the largest allocator of the
 * gateway (300 MB of its 1.9 GB), all for jobs that stream asked for together anyway.
 */
export function jobBatchLoader(
  orm: Orm,
  jobs: JobRepository,
): (ids: readonly string[]) => Promise<JobRecord[]> {
  return gatheredById((ids) => jobs.findByIds(orm.em.fork(), ids));
}

/**
 * Jobs' versions by id, gathered as jobBatchLoader gathers records: what a live stream
 * reads for each of its events (its jobs' parts are kept by version, so most streams never
 * need the records themselves — id, three columns and a posting lookup instead of a row
 * with its description, 21,572 such rows for 10,000 jobs in the push bench).
 */
export function jobVersionLoader(
  orm: Orm,
  jobs: JobRepository,
): (ids: readonly string[]) => Promise<JobVersion[]> {
  return gatheredById((ids) => jobs.findVersionsByIds(orm.em.fork(), ids));
}

/** Lists of ids asked within GATHER_MS read by one statement per IDS_PER_STATEMENT ids, each id once. */
function gatheredById<T extends { id: string }>(
  read: (ids: string[]) => Promise<T[]>,
): (ids: readonly string[]) => Promise<T[]> {
  const loader = new DataLoader<readonly string[], T[]>(
    async (lists) => {
      const ids = [...new Set(lists.flat())];
      const chunks: string[][] = [];
      for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT)
        chunks.push(ids.slice(i, i + IDS_PER_STATEMENT));
      const found = await Promise.all(chunks.map(read));
      const byId = new Map(found.flat().map((item) => [item.id, item]));
      // In each caller's order; a deleted job has no row and is left out.
      return lists.map((list) => list.flatMap((id) => byId.get(id) ?? []));
    },
    // Every call reads afresh (a list is never asked for twice): nothing to cache.
    { cache: false, batchScheduleFn: (run) => setTimeout(run, GATHER_MS) },
  );
  return (ids) => (ids.length === 0 ? Promise.resolve([]) : loader.load(ids));
}
