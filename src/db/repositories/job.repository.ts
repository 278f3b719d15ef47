import type { SortOrder } from '../../domain/enums.ts';
import { effectiveSort, type JobFilter, type PageRequest } from '../../domain/job-filter.ts';
import type { FacetName, JobFacets } from '../../domain/job-facets.ts';
import type { JobPage, JobRecord } from '../../domain/job-record.ts';
import { pageKeyOrder } from '../../domain/page-key.ts';
import { parseQueryTerms } from '../../domain/search-text.ts';
import type { Em } from '../orm.ts';
import { executePrepared } from '../bound-statement.ts';
import { replicaPast } from '../replica-past.ts';
import { buildFacetQuery, toJobFacets } from './job-facets.sql.ts';
import {
  arrayLiteral,
  buildJobWhere,
  buildRelevance,
  fromClause,
  uuidsOf,
  type SqlPart,
  type WherePart,
} from './job-filter.sql.ts';
import { JOB_COLUMNS, toJobRecord } from './job-row.ts';
import { logMovedSql, type LogPosition } from './search-index.repository.ts';
import { buildKeyset, readKey } from './page-key.sql.ts';

/**
 * Reads may go to a streaming replica (DATABASE_REPLICA_URLS); without replicas the
 * ORM uses the primary. Writes and API-key checks always use the primary.
 */
const READ = { method: 'all', connectionType: 'read' } as const;
/**
 * Live events' job reads (records for a stream's or a webhook's event): from the primary,
 * which the events were read from, unless a replica is known to have replayed past the
 * event's page (findByIdsReplayedPast). A replica may not have replayed the event's
 * transaction yet: a job added a moment ago was missing there and left out of its own
 * jobsAdded event as if deleted, and a changed one sent as it was before.
 */
const LIVE = { method: 'all', connectionType: 'write' } as const;

/**
 * The jobs of an id list (its one parameter) as `j`, with their company (and membership for
 * a board), for a filter's WHERE to test: fetched by id first, behind a fence the planner
 * does not see through, so a broad word is tested on these rows only.
 */
function fencedFrom(board: boolean): string {
  return `(select * from job where id = any(?::uuid[]) offset 0) j
    ${board ? 'join organization_job oj on oj.job_id = j.id' : ''} join company c on c.id = j.company_id`;
}

/** A page row's last sighting (as withLastSeen computes it), in the page's own statement. */
const LAST_SEEN = '(select max(sp.last_seen_at) from source_posting sp where sp.job_id = j.id) as last_seen';

/** The Date of a row read with LAST_SEEN (null for a job no source lists). */
const lastSeenOf = (row: Record<string, unknown>): Date | null =>
  row.last_seen ? new Date(row.last_seen as string) : null;

/** Jobs by id with their company and last sighting (one parameter: the ids as a uuid array literal). */
const BY_IDS = `select ${JOB_COLUMNS}, ${LAST_SEEN}
  from job j join company c on c.id = j.company_id where j.id = any(?::uuid[])`;

/** Rows read by BY_IDS as records, in the order of `ids`; ids without a row are left out. */
function inOrderOf(ids: readonly string[], rows: Record<string, unknown>[]): JobRecord[] {
  const byId = new Map<string, JobRecord>();
  for (const row of rows) byId.set(String(row.id), toJobRecord(row, lastSeenOf(row)));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * What the search index knew of a page it chose: the change log position it had
 * applied, and for a relevance order each id's score (domain/relevance.ts).
 */
export interface IndexView {
  logAt: LogPosition;
  scores?: readonly number[];
}

export interface JobRepositoryOptions {
  /**
   * Statements that match words read through the text index, never by a sequential
   * scan (PostgreSQL only; see indexRead). PGlite is one session whose open transaction
   * a read must not join, and its tables are small.
   */
  indexOnlyMatching?: boolean;
  /** Page reads as named prepared statements (PostgreSQL only: see executePrepared). */
  preparedReads?: boolean;
}

/**
 * The single query API over jobs: GraphQL, REST and ingest all call these methods,
 * so the search rules live here once. SQL is raw because relevance tiers, tsquery
 * weights and array operators are beyond the ORM's query builder.
 */
export class JobRepository {
  private readonly clock: () => Date;
  private readonly indexOnlyMatching: boolean;
  private readonly preparedReads: boolean;

  constructor(clock: () => Date = () => new Date(), options: JobRepositoryOptions = {}) {
    this.clock = clock;
    this.indexOnlyMatching = options.indexOnlyMatching ?? false;
    this.preparedReads = options.preparedReads ?? false;
  }

  /** A read that recurs with other values (the index's page of ids, its re-check). */
  private recurringRead(em: Em, sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
    return this.preparedReads
      ? executePrepared<Record<string, unknown>>(em, sql, params, 'read')
      : em.execute<Record<string, unknown>[]>(sql, params, READ);
  }

  /**
   * One page of matching jobs plus the exact number of matches, and each job's sort
   * key. A keyset page (`after`/`before`) is read from the key on, through the index of
   * the sort order where it has one; a backward one comes in reverse order.
   */
  async search(em: Em, filter: JobFilter, sort: SortOrder | undefined, page: PageRequest): Promise<JobPage> {
    const where = buildJobWhere(filter, this.clock());
    const order = effectiveSort(filter, sort);
    const relevance = order === 'relevance' ? buildRelevance(filter.query) : { sql: '0', params: [] };
    if (relevance.params.length > 0) return this.searchByRelevance(em, filter, where, relevance, page);
    // Three statements: the page (an index on the sort order stops after it), its last
    // sightings, the count. Without words, relevance orders as newest.
    const keyOrder = pageKeyOrder(filter, sort);
    const keyset = buildKeyset(keyOrder, page);
    const rows = await em.execute(
      `select ${JOB_COLUMNS}, ${keyset.keyColumns}
         from ${fromClause(Boolean(filter.organizationId), true)}
        where ${where.sql} and ${keyset.where.sql}
        order by ${keyset.orderBy}
        limit ? offset ?`,
      [...where.params, ...keyset.where.params, page.limit, page.offset],
      READ,
    );
    const items = await this.withLastSeen(em, rows);
    return { items, total: await this.countMatches(em, filter), keys: rows.map((r) => readKey(r, keyOrder)) };
  }

  /**
   * Ranked by relevance, every match has to be read to find the best 20, and counting
   * them read every match again: a broad word ("engineer", half the jobs) tests each
   * job's out-of-line search vector twice. Here the matches are read once into a narrow
   * list (id, score, date) that gives both the page and the total, and only the page's
   * 20 jobs are read whole. Same snapshot for both, too.
   */
  private async searchByRelevance(
    em: Em,
    filter: JobFilter,
    where: WherePart,
    relevance: SqlPart,
    page: PageRequest,
  ): Promise<JobPage> {
    const inList = buildKeyset('relevance', page);
    const outer = buildKeyset('relevance', page, 'page.');
    const rows = await this.indexRead(
      em,
      `with matches as materialized (
         select j.id, ${relevance.sql} as relevance, j.posted_at from ${where.from} where ${where.sql}
       ), page as (
         select id, relevance, posted_at from matches
          where ${inList.where.sql}
          order by ${inList.orderBy}
          limit ? offset ?
       )
       select ${JOB_COLUMNS}, ${outer.keyColumns}, (select count(*) from matches) as total
         from page join job j on j.id = page.id join company c on c.id = j.company_id
        order by ${outer.orderBy}`,
      [...relevance.params, ...where.params, ...inList.where.params, page.limit, page.offset],
    );
    // A page past the end has no rows to carry the total: count (none on a first page: nothing matches).
    const first = page.offset === 0 && !page.after && !page.before;
    const total = rows.length > 0 ? Number(rows[0]!.total) : first ? 0 : await this.countMatches(em, filter);
    const items = await this.withLastSeen(em, rows);
    return { items, total, keys: rows.map((r) => readKey(r, 'relevance')) };
  }

  /**
   * A statement that matches words, with sequential scans off, in a transaction of its
   * own on a read connection (`SET LOCAL` lasts for it). For a broad word ("engineer",
   * half the jobs) PostgreSQL's estimates for a sequential scan and for the GIN index
   * are within a few per cent, and it picks the scan, which fetches every job's
   * out-of-line search vector to test it; through the index nothing is tested per row
   * (a ranked page at 100,000 jobs: 320 → 115–170 ms). Every other table these
   * statements read has an index for its lookups.
   */
  private async indexRead(em: Em, sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
    if (!this.indexOnlyMatching || em.getTransactionContext())
      return em.execute<Record<string, unknown>[]>(sql, params, READ);
    const connection = em.getConnection('read');
    // One pooled connection held for the transaction and given back whatever happens
    // (kysely's connection()): an ORM transaction whose rollback failed on a connection
    // the server had dropped kept it out of the pool for good.
    return connection
      .getClient()
      .connection()
      .execute(async (db) => {
        await connection.execute('begin', [], 'run', db);
        try {
          await connection.execute('set local enable_seqscan = off', [], 'run', db);
          // Relevance asks "does the job hold the word itself?" through a hashed subplan
          // over the word's matches (job-filter.sql.ts); the planner hashes it only when
          // it fits in work_mem × hash_mem_multiplier, else it runs the subplan once per
          // row. 64 MB (128 MB of hash) holds two million ids: every job, at a million.
          await connection.execute(`set local work_mem = '64MB'`, [], 'run', db);
          const rows = await connection.execute<Record<string, unknown>[]>(sql, params, 'all', db);
          await connection.execute('commit', [], 'run', db);
          return rows;
        } catch (error) {
          await connection.execute('rollback', [], 'run', db).catch(() => undefined);
          throw error;
        }
      });
  }

  /**
   * The page the search index chose (its ids, in its order) read whole, each row
   * tested against the filter again as it is read: null when any row no longer
   * matches (closed, left the board, changed since the index heard) or is gone — the
   * caller then answers through SQL, so a page never shows a job that fails its
   * filters in the database. The rows are fetched by id first (a fence the planner
   * does not see through), so a broad word is tested on these rows only. Keys for the
   * cursors are computed as the SQL path computes them.
   */
  async pageByIds(
    em: Em,
    filter: JobFilter,
    sort: SortOrder | undefined,
    ids: readonly string[],
    known?: IndexView,
  ): Promise<(Omit<JobPage, 'total'> & { logMoved?: boolean }) | null> {
    if (ids.length === 0) return { items: [], keys: [] };
    const logAt = known?.logAt;
    // Read against the index's view (logAt): the rows count only if the log has not
    // moved, and then every row is as the index has it, words included — so the words'
    // test (each row's out-of-line vector read: half of this statement's time at 1M
    // jobs) and their relevance (ten tsquery tests a row) would only repeat it. The
    // other conditions stay: in-row columns, cheap, a second guard.
    const where = buildJobWhere(logAt ? { ...filter, query: undefined } : filter, this.clock());
    const keyOrder = pageKeyOrder(filter, sort);
    const scores = logAt && keyOrder === 'relevance' ? known!.scores : undefined;
    if (scores && scores.length !== ids.length) throw new Error('pageByIds: one score per id');
    const board = Boolean(filter.organizationId);
    const from = fencedFrom(board);
    const list = arrayLiteral(uuidsOf(ids));
    // The change log's news for the index that chose the ids, in the same snapshot as the rows.
    const moved = logAt ? logMovedSql(logAt) : { sql: 'null', params: [] };
    let rows: Record<string, unknown>[];
    if (keyOrder === 'relevance') {
      const relevance = scores ? { sql: '0', params: [] } : buildRelevance(filter.query, { perRow: true });
      const outer = buildKeyset('relevance', { offset: 0, limit: ids.length }, 'page.');
      rows = await this.recurringRead(
        em,
        `select ${JOB_COLUMNS}, ${outer.keyColumns}, ${LAST_SEEN}, ${moved.sql} as log_moved
           from (select j.id, ${relevance.sql} as relevance, j.posted_at from ${from} where ${where.sql}) page
           join job j on j.id = page.id join company c on c.id = j.company_id`,
        [...moved.params, ...relevance.params, list, ...where.params],
      );
    } else {
      const keyset = buildKeyset(keyOrder, { offset: 0, limit: ids.length });
      rows = await this.recurringRead(
        em,
        `select ${JOB_COLUMNS}, ${keyset.keyColumns}, ${LAST_SEEN}, ${moved.sql} as log_moved
           from ${from} where ${where.sql}`,
        [...moved.params, list, ...where.params],
      );
    }
    const logMoved = rows.length > 0 && rows[0]!.log_moved === true;
    if (rows.length !== ids.length) return null;
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    const ordered = ids.map((id) => byId.get(id));
    if (ordered.some((r) => r === undefined)) return null;
    const items = ordered.map((row) => toJobRecord(row!, lastSeenOf(row!)));
    // The cursors' relevance as SQL computes it (domain/relevance.ts), from the index.
    if (scores) ordered.forEach((row, i) => (row!.k0 = String(scores[i])));
    return { items, keys: ordered.map((r) => readKey(r!, keyOrder)), ...(logAt && { logMoved }) };
  }

  /** The exact number of jobs matching a filter. */
  async countMatches(em: Em, filter: JobFilter): Promise<number> {
    const where = buildJobWhere(filter, this.clock());
    // The company join only when a company filter needs it: a bare count can stay on
    // job's indexes. An organization's count starts from its memberships (where.from).
    const sql = `select count(*) as total from ${where.from} where ${where.sql}`;
    // With words to match, through the text index (see indexRead); filters alone may
    // rightly scan the table.
    const [count] = parseQueryTerms(filter.query).length
      ? await this.indexRead(em, sql, where.params)
      : await em.execute<Record<string, unknown>[]>(sql, where.params, READ);
    return Number(count?.total ?? 0);
  }

  /**
   * Facet counts over a filter's matches (domain/job-facets.ts): only the facets named,
   * in one statement; words are matched through the text index as for the count.
   */
  async facets(em: Em, filter: JobFilter, names: readonly FacetName[]): Promise<JobFacets> {
    if (names.length === 0) return {};
    const where = buildJobWhere(filter, this.clock());
    const { sql, params } = buildFacetQuery(where, names);
    const rows = parseQueryTerms(filter.query).length
      ? await this.indexRead(em, sql, params)
      : await em.execute<Record<string, unknown>[]>(sql, params, READ);
    return toJobFacets(names, rows as { facet: string; value: string; count: string }[]);
  }

  /**
   * One job by id, whatever its status; with `organizationId`, only if it is on that
   * organization's board. Null when there is no such job (or it is another board's).
   */
  async findOne(em: Em, id: string, organizationId?: string): Promise<JobRecord | null> {
    const [key] = uuidsOf([id]);
    if (!key) return null;
    if (organizationId) {
      const [member] = await em.execute(
        'select 1 from organization_job where organization_id = ? and job_id = ?',
        [organizationId, key],
        READ,
      );
      if (!member) return null;
    }
    const [job] = await this.findByIds(em, [key]);
    return job ?? null;
  }

  /**
   * Jobs by id, in the order asked; unknown ids are left out. `live`: for a live event,
   * from the primary (LIVE); otherwise from a replica when there are some.
   */
  async findByIds(em: Em, ids: readonly string[], live = false): Promise<JobRecord[]> {
    // Only UUIDs can be job ids; compared as uuid, the primary key finds them.
    const keys = uuidsOf(ids);
    if (keys.length === 0) return [];
    // The last sightings in the same statement (no OFFSET skips rows here): a second
    // statement per load was 0.6–0.8 s of the push bench's server time.
    return inOrderOf(ids, await em.execute(BY_IDS, [arrayLiteral(keys)], live ? LIVE : READ));
  }

  /**
   * Jobs by id (as findByIds) from a streaming replica that has replayed the primary's log
   * past `lsn` (a page's mark, db/page-marks.ts); null when there is no replica or the one
   * asked has not (the caller reads the primary).
   */
  async findByIdsReplayedPast(em: Em, ids: readonly string[], lsn: string): Promise<JobRecord[] | null> {
    const replica = await replicaPast(em, lsn);
    if (!replica) return null;
    const keys = uuidsOf(ids);
    if (keys.length === 0) return [];
    return inOrderOf(ids, await replica.execute<Record<string, unknown>[]>(BY_IDS, [arrayLiteral(keys)]));
  }

  /**
   * Each job's last sighting: the latest of its postings' (a job row does not keep it,
   * so that a re-poll writes no job row). One statement for the page, after it is cut:
   * computed in the page query, it ran for every row an OFFSET skips.
   */
  private async withLastSeen(em: Em, jobs: Record<string, unknown>[]): Promise<JobRecord[]> {
    if (jobs.length === 0) return [];
    const rows = await em.execute<{ job_id: string; at: string | Date }[]>(
      `select job_id, max(last_seen_at) as at from source_posting
        where job_id = any(?::uuid[])
        group by job_id`,
      [arrayLiteral(jobs.map((j) => String(j.id)))],
      READ,
    );
    const seen = new Map(rows.map((r) => [String(r.job_id), new Date(r.at)]));
    return jobs.map((j) => toJobRecord(j, seen.get(String(j.id)) ?? null));
  }
}
