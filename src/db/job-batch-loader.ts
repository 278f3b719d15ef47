import DataLoader from 'dataloader';
import type { JobRecord } from '../domain/job-record.ts';
import type { Orm } from './orm.ts';
import type { JobRepository } from './repositories/job.repository.ts';

/** How long loads are gathered into one statement. */
const GATHER_MS = 5;

/**
 * Jobs by id for every live subscription of a gateway at once: a page of events reaches
 * all its subscribers together, and each used to read its matched jobs in a statement
 * of its own (1,000 subscribers, 1,000 statements per page, the pool queueing the
 * webhooks behind them). Loads within a few milliseconds are one statement, each id
 * read once; nothing is kept after it (the jobs are sent as they are now).
 */
export function jobBatchLoader(
  orm: Orm,
  jobs: JobRepository,
): (ids: readonly string[]) => Promise<JobRecord[]> {
  const loader: DataLoader<string, JobRecord | null> = new DataLoader(
    async (ids) => {
      try {
        const byId = new Map((await jobs.findByIds(orm.em.fork(), ids)).map((j) => [j.id, j]));
        return ids.map((id) => byId.get(id) ?? null);
      } finally {
        // The ids of this batch were asked for together; a later load reads afresh.
        loader.clearAll();
      }
    },
    { maxBatchSize: 2_000, batchScheduleFn: (run) => setTimeout(run, GATHER_MS) },
  );
  return async (ids) => {
    const loaded = await loader.loadMany(ids);
    const failed = loaded.find((r) => r instanceof Error);
    if (failed) throw failed;
    // A deleted job has no record: it is left out.
    return loaded.filter((r): r is JobRecord => r !== null && !(r instanceof Error));
  };
}
