import type { PlaceParts } from '../../domain/job.ts';
import { ADVISORY_LOCK_CLASS } from '../advisory-locks.ts';
import type { Em } from '../orm.ts';
/**
 * Companies map onto this many lock slots: a batch of an aggregated feed names
 * hundreds of companies, and each lock held takes a slot of PostgreSQL's shared lock
 * table (64 per connection by default). Two companies sharing a slot only wait.
 */
const COMPANY_LOCK_SLOTS = 4096;
/** ATS jobs map onto this many slots after the companies' (lockCompanies). */
const ATS_JOB_LOCK_SLOTS = 64;

export interface KnownPosting {
  jobId: string;
  payloadHash: string;
  status: 'open' | 'closed';
  /** What the stored job says, so a run that skips an unchanged posting still reports it. */
  remoteType: string;
  hasSalary: boolean;
  /** The source's own update time of the posting as last applied; null when it sent none. */
  sourceUpdatedAt: Date | null;
}

/** A candidate without its description (`descriptionsOf` reads those it needs). */
export interface MergeCandidateRow {
  jobId: string;
  sources: string[];
  dedupKeys: string[];
  title: string;
  places: PlaceParts[];
  listingUrl: string | null;
  applyUrl: string | null;
}

/** The reads and lifecycle updates of an ingest run; bulk writes are JobWriter's. */
export class IngestRepository {
  /** Every posting this source has delivered before, by external id. */
  async knownPostings(em: Em, platform: string, board: string): Promise<Map<string, KnownPosting>> {
    const rows = await em.execute<
      {
        external_id: string;
        job_id: string;
        payload_hash: string;
        status: string;
        remote_type: string;
        has_salary: boolean;
        source_updated_at: Date | string | null;
      }[]
    >(
      `select sp.external_id, sp.job_id, sp.payload_hash, sp.status, j.remote_type,
              j.salary_min_usd is not null as has_salary, sp.source_updated_at
         from source_posting sp join job j on j.id = sp.job_id
        where sp.platform = ? and sp.board = ?`,
      [platform, board],
    );
    return new Map(
      rows.map((r) => [
        r.external_id,
        {
          jobId: String(r.job_id),
          payloadHash: r.payload_hash,
          status: r.status as 'open' | 'closed',
          remoteType: r.remote_type,
          hasSalary: Boolean(r.has_salary),
          sourceUpdatedAt: r.source_updated_at === null ? null : new Date(r.source_updated_at),
        },
      ]),
    );
  }

  /**
   * Holds, until the transaction ends, PostgreSQL advisory locks on the batch's company
   * identities (domain/dedup-keys.ts `companyLockKeysOf`, hashed into COMPANY_LOCK_SLOTS
   * slots) and ATS jobs (`atsJobKeysOf`, hashed into ATS_JOB_LOCK_SLOTS slots after
   * them), taken in sorted order so two writers never wait on each other in a circle. Two
   * copies of one posting share a company identity or an ATS job, so a batch planned after
   * taking them sees every copy another process committed meanwhile — the in-process
   * write locks cannot see other processes (two gateways' pollers, a CLI import beside
   * them). ATS jobs get few slots: a board's batch names a thousand of them, and each
   * lock held takes a slot of the shared lock table; two boards sharing one only wait.
   */
  async lockCompanies(em: Em, companyKeys: string[], atsJobKeys: string[] = []): Promise<void> {
    if (companyKeys.length === 0 && atsJobKeys.length === 0) return;
    await em.execute(
      `select count(pg_advisory_xact_lock(${ADVISORY_LOCK_CLASS}, slot))
         from (select (hashtextextended(k, 0) & ${COMPANY_LOCK_SLOTS - 1})::int as slot
                 from jsonb_array_elements_text(?::jsonb) as k
               union
               select ${COMPANY_LOCK_SLOTS} + (hashtextextended(k, 0) & ${ATS_JOB_LOCK_SLOTS - 1})::int
                 from jsonb_array_elements_text(?::jsonb) as k
                order by 1) s`,
      [JSON.stringify([...new Set(companyKeys)]), JSON.stringify([...new Set(atsJobKeys)])],
    );
  }

  /**
   * Jobs holding any of the keys (`job.dedup_keys`, GIN-indexed), with the sources that
   * feed them: the batch's candidates for cross-source merging. Without descriptions: a
   * 10,000-posting cold ingest of the demo feeds read 67,625 candidates and 66 MB of
   * their descriptions, for 24 merges; most candidates fail on keys or places, and only
   * the rest are read again with `descriptionsOf`. (Most of those candidates came from
   * the demo ATS host's name taken as every demo company's token: see NOT_AN_EMPLOYER.)
   */
  async mergeCandidates(
    em: Em,
    matchKeys: string[],
    own?: { platform: string; board: string },
  ): Promise<MergeCandidateRow[]> {
    if (matchKeys.length === 0) return [];
    // A job the batch's own board already holds is never its copy (findDuplicate skips it):
    // left out here, a board with many openings of one title (a chain's 200 "Store
    // Associate" jobs) does not read each one's description for every new one (the cold
    // ingest ran 5x slower with them).
    // Platform and board apart, not joined into one string, so the board's postings come
    // from the unique (platform, board, external_id) index: the joined form scanned every
    // posting in the table once per batch (1 ms at 10,000 postings, linear in them).
    const notOwn =
      own === undefined
        ? ''
        : `and not exists (select 1 from source_posting o
                            where o.job_id = j.id and o.platform = ? and o.board = ?)`;
    // The keys go in as a JSON document taken apart in a subquery, opaque to the planner, on
    // purpose: written as one text[] literal (as the search filters are, issue 9) the planner
    // estimated the overlap of a batch's hundreds of keys from their statistics and left the
    // GIN index for a scan — a cold ingest of 50,000 demo postings fell from ~3,000 to ~750
    // postings/s, PostgreSQL at 2,000 µs a posting (stop 26).
    const rows = await em.execute<
      {
        id: string;
        dedup_keys: string[];
        title: string;
        places: unknown;
        sources: string[];
        listing_url: string | null;
        apply_url: string | null;
      }[]
    >(
      `select j.id, j.dedup_keys, j.title, j.places, j.listing_url, j.apply_url,
              array(select sp.platform || ':' || sp.board from source_posting sp where sp.job_id = j.id) as sources
         from job j
        where j.dedup_keys && array(select jsonb_array_elements_text(?::jsonb)) ${notOwn}`,
      [JSON.stringify([...new Set(matchKeys)]), ...(own === undefined ? [] : [own.platform, own.board])],
    );
    return rows.map((r) => ({
      jobId: String(r.id),
      dedupKeys: r.dedup_keys,
      title: r.title,
      places: (typeof r.places === 'string' ? JSON.parse(r.places) : r.places) as PlaceParts[],
      sources: r.sources,
      listingUrl: r.listing_url,
      applyUrl: r.apply_url,
    }));
  }

  /** The plain-text descriptions of these jobs, by id. */
  async descriptionsOf(em: Em, jobIds: string[]): Promise<Map<string, string>> {
    if (jobIds.length === 0) return new Map();
    const rows = await em.execute<{ id: string; description_text: string }[]>(
      'select id, description_text from job where id = any(?::uuid[])',
      [`{${jobIds.join(',')}}`],
    );
    return new Map(rows.map((r) => [String(r.id), r.description_text]));
  }

  /**
   * Unchanged postings seen again: their last-seen times (a job's is its postings'
   * latest), and a job that had closed opens again. Open jobs are not written at all.
   */
  async touch(em: Em, platform: string, board: string, externalIds: string[], seenAt: Date): Promise<void> {
    if (externalIds.length === 0) return;
    const touched = await em.execute<{ job_id: string }[]>(
      // Never backwards: an import `--as-of` an older date is no later sighting.
      `update source_posting set last_seen_at = greatest(last_seen_at, ?), status = 'open', closed_at = null
        where platform = ? and board = ? and external_id in (select jsonb_array_elements_text(?::jsonb))
        returning job_id`,
      [seenAt, platform, board, JSON.stringify(externalIds)],
    );
    await em.execute(
      `update job set status = 'open', closed_at = null
        where id in (select jsonb_array_elements_text(?::jsonb)::uuid) and status <> 'open'`,
      [JSON.stringify([...new Set(touched.map((r) => String(r.job_id)))])],
    );
  }

  /**
   * Lifecycle after a complete fetch: postings of this source that were not in it
   * close, and a job closes when none of its postings is open any more.
   * Returns the jobs that lost a posting, and of those the ones that closed.
   */
  async closeMissing(
    em: Em,
    platform: string,
    board: string,
    seenExternalIds: string[],
    now: Date,
  ): Promise<{ affected: string[]; closed: string[] }> {
    const closed = await em.execute<{ job_id: string }[]>(
      `update source_posting set status = 'closed', closed_at = ?
        where platform = ? and board = ? and status <> 'closed'
          and not (external_id in (select jsonb_array_elements_text(?::jsonb)))
        returning job_id`,
      [now, platform, board, JSON.stringify(seenExternalIds)],
    );
    if (closed.length === 0) return { affected: [], closed: [] };
    const affected = [...new Set(closed.map((r) => String(r.job_id)))];
    const jobs = await em.execute<{ id: string }[]>(
      // An expired job closes too: a source now says the posting is gone (closed beats expired).
      `update job set status = 'closed', closed_at = coalesce(closed_at, ?)
        where id in (select jsonb_array_elements_text(?::jsonb)::uuid) and status <> 'closed'
          and not exists (select 1 from source_posting sp where sp.job_id = job.id and sp.status = 'open')
        returning id`,
      [now, JSON.stringify(affected)],
    );
    return { affected, closed: jobs.map((j) => String(j.id)) };
  }
}
