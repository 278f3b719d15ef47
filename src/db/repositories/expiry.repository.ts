import { ADVISORY_LOCK_CLASS, EXPIRY_SWEEP_LOCK } from '../advisory-locks.ts';
import type { Em } from '../orm.ts';
import { statusFromPostings } from './job-writer.ts';

/**
 * Expiry of postings nobody confirms any more (issue 11): a file import or a source
 * that is never fetched whole cannot close what it stops listing, so a posting open
 * but not seen since `staleBefore`, or past the expiry date its source gave, becomes
 * `expired`, and each job it belonged to settles (open while any posting is; closed
 * beats expired). Demo postings never expire: their dates are the seed's.
 *
 * The sweep reads every open posting (no index on last_seen_at: "seen again" updates
 * stay HOT), so it runs hourly in the server and after each CLI import, not per tick.
 */
export class ExpiryRepository {
  /**
   * One sweep; `staleBefore` null expires only past expiry dates. Null when another
   * process holds the sweep (several gateways): it will have done the same work.
   */
  async expire(
    em: Em,
    now: Date,
    staleBefore: Date | null,
  ): Promise<{ postings: number; jobs: number } | null> {
    return em.transactional(async (tx) => {
      const [lock] = await tx.execute<{ got: boolean }[]>('select pg_try_advisory_xact_lock(?, ?) as got', [
        ADVISORY_LOCK_CLASS,
        EXPIRY_SWEEP_LOCK,
      ]);
      if (!lock?.got) return null;
      const expired = await tx.execute<{ job_id: string }[]>(
        `update source_posting set status = 'expired', closed_at = ?
          where status = 'open' and platform <> 'demo'
            and (expires_at <= ? or last_seen_at < coalesce(?::timestamptz, '-infinity'))
          returning job_id`,
        [now, now, staleBefore],
      );
      if (expired.length === 0) return { postings: 0, jobs: 0 };
      const jobIds = [...new Set(expired.map((r) => String(r.job_id)))].sort();
      const settled = await tx.execute<{ id: string }[]>(
        `update job j set status = s.status, closed_at = coalesce(j.closed_at, ?)
           from (select j2.id, ${statusFromPostings('j2')} as status
                   from job j2 where j2.id in (select id::uuid from jsonb_array_elements_text(?::jsonb) as id)) s
          where j.id = s.id and j.status is distinct from s.status
          returning j.id`,
        [now, JSON.stringify(jobIds)],
      );
      return { postings: expired.length, jobs: settled.length };
    });
  }
}
