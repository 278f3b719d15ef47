import { executePrepared } from '../bound-statement.ts';
import type { Em } from '../orm.ts';
import { replicaPast, type ReplicaConnection } from '../replica-past.ts';
import { arrayLiteral, uuidsOf, type SqlPart } from './job-filter.sql.ts';

/**
 * What the in-process search index (src/search) holds of one job: every value a
 * filter, a facet or a sort reads, in the form the SQL path compares it.
 * - The words are the stored search vector's own lexemes per weight (A title, B company,
 *   C description; D, which no writer stores but a hand-made vector has, counts as
 *   description, as the SQL path's tiers rank it), so the index matches exactly what `search_vector @@ 'w:*'` and the
 *   tiers' `head_vector @@ 'w:*A'` match, whatever code stored the row.
 * - Times are microseconds since the epoch (timestamptz's precision; a JS Date has ms).
 * - `departmentKey` is PostgreSQL's `lower(department)`, as the department filter compares.
 */
export interface IndexJobRow {
  id: string;
  status: string;
  remoteType: string;
  jobType: string | null;
  seniority: string | null;
  categoryId: string | null;
  companyId: string;
  countryCodes: string[];
  cityKeys: string[];
  skillKeys: string[];
  salaryMinUsd: number | null;
  salaryMaxUsd: number | null;
  atsPlatform: string;
  source: string;
  departmentKey: string | null;
  visaSponsorship: boolean | null;
  /**
   * The coordinates of the job's places that have both as JSON numbers, flat (lat, lon)
   * pairs: what the SQL path's near condition (near.sql.ts) reads of `places`.
   */
  points: number[];
  postedUs: number;
  firstSeenUs: number;
  titleWords: string[];
  companyWords: string[];
  descriptionWords: string[];
}

/** A company as the company filters match it: id, `lower(unaccent(name))`, normalized name. */
export interface IndexCompanyRow {
  id: string;
  nameKey: string;
  normalizedName: string;
}

export interface IndexMembershipRow {
  organizationId: string;
  jobId: string;
}

/** Receives a consistent snapshot of everything the index is built from, in this order. */
/** Some jobs' index rows, with their organizations and companies (`jobsByIds`). */
export interface IndexRowsOf {
  rows: IndexJobRow[];
  memberships: IndexMembershipRow[];
  companies: IndexCompanyRow[];
}

export interface IndexSnapshotVisitor {
  /** Where the change log is to be read from to follow this snapshot (ChangeBatch.position). */
  position?(position: string): void;
  /** Every job id in (posted_at, id) order: the index's dense doc numbers. */
  order(ids: string[]): void;
  companies(rows: IndexCompanyRow[]): void;
  /** The jobs, a page at a time (in id order, not doc order). */
  jobs(rows: IndexJobRow[]): void;
  memberships(rows: IndexMembershipRow[]): void;
}

/**
 * The index's columns of a job row `j` — or of an outbox image (Migration20261125100000's
 * job_event_image: the columns a search's WHERE reads), under a prefix. An image has no
 * first_seen_at; matching does not read it (it only orders pages), so posted_at stands in.
 */
function indexColumns(col: (name: string) => string, p = '', firstSeen = col('first_seen_at')): string {
  return `${col('id')}::text as ${p}id, ${col('status')} as ${p}status, ${col('remote_type')} as ${p}remote_type,
  ${col('job_type')} as ${p}job_type, ${col('seniority')} as ${p}seniority,
  ${col('category_id')}::text as ${p}category_id, ${col('company_id')}::text as ${p}company_id,
  ${col('country_codes')} as ${p}country_codes, ${col('city_keys')} as ${p}city_keys, ${col('skill_keys')} as ${p}skill_keys,
  ${col('salary_min_usd')} as ${p}salary_min_usd, ${col('salary_max_usd')} as ${p}salary_max_usd,
  ${col('ats_platform')} as ${p}ats_platform, ${col('source')} as ${p}source,
  lower(${col('department')}) as ${p}department_key, ${col('visa_sponsorship')} as ${p}visa_sponsorship,
  (select coalesce(jsonb_agg(jsonb_build_array(x.p->'latitude', x.p->'longitude')), '[]'::jsonb)
     from jsonb_array_elements(${col('places')}) x(p)
    where jsonb_typeof(x.p->'latitude') = 'number' and jsonb_typeof(x.p->'longitude') = 'number') as ${p}points,
  (extract(epoch from ${col('posted_at')}) * 1000000)::bigint::text as ${p}posted_us,
  (extract(epoch from ${firstSeen}) * 1000000)::bigint::text as ${p}first_seen_us,
  array_to_string(tsvector_to_array(ts_filter(${col('search_vector')}, '{a}')), ' ') as ${p}title_words,
  array_to_string(tsvector_to_array(ts_filter(${col('search_vector')}, '{b}')), ' ') as ${p}company_words,
  array_to_string(tsvector_to_array(ts_filter(${col('search_vector')}, '{c,d}')), ' ') as ${p}description_words`;
}

/**
 * A vector's words, read joined by spaces: the driver's text-array parser walks a
 * description's few hundred words character by character (44 µs and a string per
 * character; a split is 6 µs). The words are `tokenize`'s, letters and digits, never
 * a space.
 */
const words = (joined: unknown): string[] =>
  typeof joined === 'string' && joined !== '' ? joined.split(' ') : [];

const JOB_INDEX_COLUMNS = indexColumns((c) => `j.${c}`);

/**
 * An event's image read as columns of its own (`b`, `a`: `unnest(array[image])`), not as
 * `(e.before).column` two dozen times: an image holds the job's search vector, so most
 * are stored compressed out of line, and each field selection fetched and decompressed
 * the whole image again (PostgreSQL does not keep a detoasted composite between
 * selections) — 25,000 buffer reads for 2,000 events' eight columns against 3,300 for
 * one. An array's elements are detoasted once when it is built; unnest hands them out as
 * rows. A null image is one row of nulls (its id null: no image). Half of the page
 * read's time on the server (README "Live events").
 */
const imageColumns = (alias: 'b' | 'a') =>
  indexColumns((c) => `${alias}.${c}`, `${alias}_`, `${alias}.posted_at`);
const IMAGE_COLUMNS = `${imageColumns('b')}, ${imageColumns('a')}`;

/** One outbox event with the job as a search saw it before and after (null: none). */
export interface EventImages {
  xid: string;
  seq: string;
  kind: 'added' | 'closed' | 'updated';
  jobId: string;
  /** Written and written back within one transaction: nothing changed. */
  same: boolean;
  before: IndexJobRow | null;
  after: IndexJobRow | null;
}

/** A row's index columns, read under a prefix (an event's `b_`/`a_` images) without copying the row. */
function toIndexJobRow(row: Record<string, unknown>, p = ''): IndexJobRow {
  const r = (name: string) => row[p + name];
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    id: String(r('id')),
    status: String(r('status')),
    remoteType: String(r('remote_type')),
    jobType: (r('job_type') as string | null) ?? null,
    seniority: (r('seniority') as string | null) ?? null,
    categoryId: (r('category_id') as string | null) ?? null,
    companyId: String(r('company_id')),
    countryCodes: (r('country_codes') as string[]) ?? [],
    cityKeys: (r('city_keys') as string[]) ?? [],
    skillKeys: (r('skill_keys') as string[]) ?? [],
    salaryMinUsd: num(r('salary_min_usd')),
    salaryMaxUsd: num(r('salary_max_usd')),
    atsPlatform: String(r('ats_platform')),
    source: String(r('source')),
    departmentKey: (r('department_key') as string | null) ?? null,
    visaSponsorship: (r('visa_sponsorship') as boolean | null) ?? null,
    points: (
      (typeof r('points') === 'string' ? JSON.parse(r('points') as string) : (r('points') ?? [])) as [
        number,
        number,
      ][]
    ).flat(),
    postedUs: Number(r('posted_us')),
    firstSeenUs: Number(r('first_seen_us')),
    titleWords: words(r('title_words')),
    companyWords: words(r('company_words')),
    descriptionWords: words(r('description_words')),
  };
}

/**
 * Reads for the search index: the whole table once at build (streamed in pages by
 * primary key, so no statement sorts or holds more than a page), and jobs by id to
 * follow changes. The SQL that defines what the index holds lives here, beside the
 * SQL path it must agree with.
 */
export class SearchIndexRepository {
  /**
   * The change-log read runs before every search: on PostgreSQL it is a named prepared
   * statement (bound-statement.ts), planned once per connection, not once per search.
   */
  private readonly preparedReads: boolean;

  constructor(options: { preparedReads?: boolean } = {}) {
    this.preparedReads = options.preparedReads ?? false;
  }

  /**
   * Everything in one repeatable-read snapshot (PostgreSQL; PGlite is one session, so
   * writers wait for the read instead), so the doc order and the rows agree.
   */
  async readSnapshot(em: Em, visitor: IndexSnapshotVisitor, pageSize = 5000): Promise<void> {
    await em.transactional(
      async (tx) => {
        // First, so that it is this snapshot's: changes of transactions it may not see are at or after it.
        const [at] = await tx.execute<{ xmin: string }[]>(
          'select pg_snapshot_xmin(pg_current_snapshot())::text as xmin',
        );
        visitor.position?.(at!.xmin);
        // Narrow rows: one sort of ids by date, the order every other read is numbered in.
        const order = await tx.execute<{ id: string }[]>(
          'select j.id::text as id from job j order by j.posted_at, j.id',
        );
        visitor.order(order.map((r) => r.id));
        const companies = await tx.execute<Record<string, unknown>[]>(
          'select c.id::text as id, lower(unaccent(c.name)) as name_key, c.normalized_name from company c',
        );
        visitor.companies(companies.map(toIndexCompanyRow));
        for (let after = ''; ;) {
          const rows = await tx.execute<Record<string, unknown>[]>(
            `select ${JOB_INDEX_COLUMNS} from job j ${after ? 'where j.id > ?::uuid' : ''} order by j.id limit ?`,
            after ? [after, pageSize] : [pageSize],
          );
          if (rows.length === 0) break;
          visitor.jobs(rows.map((r) => toIndexJobRow(r)));
          after = String(rows.at(-1)!.id);
        }
        for (let org = '', job = ''; ;) {
          const rows = await tx.execute<{ organization_id: string; job_id: string }[]>(
            `select organization_id::text as organization_id, job_id::text as job_id from organization_job
              ${org ? 'where (organization_id, job_id) > (?::uuid, ?::uuid)' : ''}
              order by organization_id, job_id limit ?`,
            org ? [org, job, pageSize] : [pageSize],
          );
          if (rows.length === 0) break;
          visitor.memberships(rows.map((r) => ({ organizationId: r.organization_id, jobId: r.job_id })));
          org = rows.at(-1)!.organization_id;
          job = rows.at(-1)!.job_id;
        }
      },
      { isolationLevel: 'repeatable read', readOnly: true },
    );
  }

  /**
   * The index rows of these jobs (unknown ids are left out), with their organizations
   * and companies. One statement each, so a change is read whole: the rows of one
   * statement are one snapshot, and a later change to any of them is logged again.
   */
  async jobsByIds(em: Em, ids: readonly string[]): Promise<IndexRowsOf> {
    if (ids.length === 0) return { rows: [], memberships: [], companies: [] };
    const list = arrayLiteral(uuidsOf(ids));
    const rows = await em.execute<Record<string, unknown>[]>(
      `select ${JOB_INDEX_COLUMNS} from job j where j.id = any(?::uuid[])`,
      [list],
    );
    return {
      rows: rows.map((r) => toIndexJobRow(r)),
      memberships: await membershipsOf(em, list),
      companies: await companiesOf(
        em,
        rows.map((r) => String(r.company_id)),
      ),
    };
  }

  /**
   * A page of the job event outbox with its images as index rows — what the gateway's
   * shared event reader matches every live filter against (search/event-matcher.ts) —
   * and the memberships and companies those filters join, as they are now (the SQL
   * matching joins them at read time too). The page and the horizon are one statement.
   *
   * `headMark`: the primary's log position when `through` was seen deliverable (the head's
   * mark, db/page-marks.ts). A replica replayed past it holds every event up to `through`,
   * each transaction whole, so the page is read there, as the primary would give it (its
   * joins as of at least then); else on the primary.
   */
  async eventImages(
    em: Em,
    after: { xid: bigint; seq: bigint },
    through: { xid: bigint; seq: bigint },
    limit: number,
    headMark?: string,
  ): Promise<{
    horizon: { xid: string; seq: string };
    /**
     * The primary's log position as the page was read (PageMarks): past the commit of
     * every event the page holds, the statement's snapshot being taken before it.
     */
    lsn: string;
    /** Whether a replica answered (replayed past `headMark`, which is then the page's mark). */
    onReplica: boolean;
    /**
     * The newest event at or before `after`, null when there is none: no event lies
     * between it and `after`, nor ever will (`after` is deliverable), so a page read from
     * any position in between holds the same events.
     */
    previous: { xid: string; seq: string } | null;
    events: EventImages[];
    memberships: IndexMembershipRow[];
    companies: IndexCompanyRow[];
  }> {
    const replica = headMark === undefined ? null : await replicaPast(em, headMark);
    const sql = `select h.xid::text as h_xid, h.seq::text as h_seq,
              ${replica ? '' : 'pg_current_wal_insert_lsn()::text as h_lsn,'} p.xid::text as p_xid, p.seq::text as p_seq, e.*
         from job_event_horizon h
         left join lateral (
           select p.xid, p.seq from job_event p where (p.xid, p.seq) <= (?::xid8, ?::bigint)
            order by p.xid desc, p.seq desc limit 1) p on true
         left join lateral (
           select e.xid::text as e_xid, e.seq::text as e_seq, e.kind as e_kind, e.job_id::text as e_job_id,
                  e.before is not distinct from e.after as e_same,
                  ${IMAGE_COLUMNS}
             from job_event e
             cross join lateral unnest(array[e.before]) b
             cross join lateral unnest(array[e.after]) a
            where (e.xid, e.seq) > (?::xid8, ?::bigint) and (e.xid, e.seq) <= (?::xid8, ?::bigint)
            order by e.xid, e.seq limit ?) e on true`;
    const params = [
      after.xid.toString(),
      after.seq.toString(),
      after.xid.toString(),
      after.seq.toString(),
      through.xid.toString(),
      through.seq.toString(),
      limit,
    ];
    const rows = replica
      ? await replica.execute<Record<string, unknown>[]>(sql, params)
      : await em.execute<Record<string, unknown>[]>(sql, params, { method: 'all', connectionType: 'write' });
    const horizon = { xid: String(rows[0]!.h_xid), seq: String(rows[0]!.h_seq) };
    // A replica's page is as new as the head's mark: records read past it reflect its events.
    const lsn = replica ? headMark! : String(rows[0]!.h_lsn);
    const onReplica = replica !== null;
    const previous =
      rows[0]!.p_xid === null ? null : { xid: String(rows[0]!.p_xid), seq: String(rows[0]!.p_seq) };
    const events: EventImages[] = rows
      .filter((r) => r.e_xid !== null)
      .map((r) => {
        return {
          xid: String(r.e_xid),
          seq: String(r.e_seq),
          kind: r.e_kind as EventImages['kind'],
          jobId: String(r.e_job_id),
          same: Boolean(r.e_same),
          before: r.b_id === null ? null : toIndexJobRow(r, 'b_'),
          after: r.a_id === null ? null : toIndexJobRow(r, 'a_'),
        };
      });
    if (events.length === 0)
      return { horizon, lsn, onReplica, previous, events, memberships: [], companies: [] };
    const companyIds: string[] = [];
    for (const e of events)
      for (const image of [e.before, e.after]) if (image) companyIds.push(image.companyId);
    return {
      horizon,
      lsn,
      onReplica,
      previous,
      events,
      ...(await this.eventJoins(
        replica ?? em,
        events.map((e) => e.jobId),
        companyIds,
      )),
    };
  }

  /**
   * What a page of events joins as it is now: its jobs' organization memberships and its
   * images' companies. Read with the page, and again when a kept page has aged (the
   * images do not change; these may).
   */
  async eventJoins(
    em: Em | ReplicaConnection,
    jobIds: readonly string[],
    companyIds: readonly string[],
  ): Promise<{ memberships: IndexMembershipRow[]; companies: IndexCompanyRow[] }> {
    // Side by side (two pooled connections on PostgreSQL): the page's latency is the live
    // events' latency.
    const [memberships, companies] = await Promise.all([
      membershipsOf(em, arrayLiteral([...new Set(jobIds)])),
      companiesOf(em, companyIds),
    ]);
    return { memberships, companies };
  }

  /**
   * The change log from `position` on (Migration20261123000010): the jobs changed by
   * transactions with an id at or after it — some already read, when their transaction
   * was running at the last read — and the position to read from next time. At most
   * `limit` rows: `overflow` says there were more (the caller rebuilds instead).
   * `missed` says rows from the position on were pruned: the caller must rebuild.
   */
  async readChanges(em: Em, position: string, limit: number): Promise<ChangeBatch> {
    // One statement, one snapshot: the next position is this snapshot's oldest running transaction.
    type Row = { xmin: string; horizon: string; changes: [string, string, string][] | string };
    const read = (sql: string, params: unknown[]) =>
      this.preparedReads ? executePrepared<Row>(em, sql, params, 'write') : em.execute<Row[]>(sql, params);
    const [row] = await read(
      `select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
              (select pruned_through::text from search_change_horizon) as horizon,
              coalesce((select json_agg(json_build_array(c.seq::text, c.xid::text, c.job_id::text))
                          from (select seq, xid, job_id from search_change
                                 where xid >= ?::xid8 order by seq limit ?) c), '[]'::json) as changes`,
      [position, limit + 1],
    );
    const changes = (typeof row!.changes === 'string' ? JSON.parse(row!.changes) : row!.changes) as [
      string,
      string,
      string,
    ][];
    return {
      next: row!.xmin,
      missed: BigInt(row!.horizon) >= BigInt(position),
      overflow: changes.length > limit,
      changes: changes.slice(0, limit).map(([seq, xid, jobId]) => ({ seq, xid, jobId })),
    };
  }

  /** Whether the log holds a row a reader at `at` has not read (logMovedSql, on its own). */
  async logMoved(em: Em, at: LogPosition): Promise<boolean> {
    const moved = logMovedSql(at);
    const sql = `select ${moved.sql} as moved`;
    const [row] = this.preparedReads
      ? await executePrepared<{ moved: boolean }>(em, sql, moved.params, 'write')
      : await em.execute<{ moved: boolean }[]>(sql, moved.params);
    return row!.moved === true;
  }

  /**
   * Which database this is (the cluster's system identifier and the database's oid: a
   * recreated database is another), and the next transaction id, beyond which no
   * position of this database can be.
   */
  async identity(em: Em): Promise<{ database: string; nextXid: string }> {
    const [row] = await em.execute<{ system: string; oid: string; next: string }[]>(
      `select (select system_identifier::text from pg_control_system()) as system,
              (select oid::text from pg_database where datname = current_database()) as oid,
              pg_snapshot_xmax(pg_current_snapshot())::text as next`,
    );
    return { database: `${row!.system}-${row!.oid}`, nextXid: row!.next };
  }

  /** Deletes change rows older than `before`, remembering the newest transaction id pruned. */
  async pruneChanges(em: Em, before: Date): Promise<void> {
    await em.execute(
      `with gone as (delete from search_change where changed_at < ? returning xid)
       update search_change_horizon
          set pruned_through = greatest(pruned_through, (select xid from gone order by xid desc limit 1))
        where exists (select 1 from gone)`,
      [before.toISOString()],
    );
  }
}

/** The change log's NOTIFY channel (Migration20261127100000): no payload, just "read the log". */
export const SEARCH_CHANGES_CHANNEL = 'search_changes';

/** Where an index reader stands in the change log: its read position and the rows read at or after it. */
export interface LogPosition {
  position: string;
  /** The `seq` of every row read with an xid at or after `position` (readChanges overlaps). */
  seen: readonly string[];
}

/**
 * True when the change log holds a row a reader at `at` has not read (or pruned rows it
 * had not): a boolean column for a statement that reads something else, so that a search
 * learns in its page read, without a round trip of its own, whether its index missed a
 * write committed before that statement's snapshot (JobSearch).
 */
export function logMovedSql(at: LogPosition): SqlPart {
  // An unread row, if any, is among the first seen + 1 rows from the position (the others
  // are the seen ones): `order by xid limit` keeps a generic plan on the xid index. A bare
  // `exists (… where xid >= $1 and …)` was planned as a scan of the whole log (35 ms at 1M).
  return {
    sql: `(select (select pruned_through from search_change_horizon) >= ?::xid8
             or exists (select 1 from (select seq from search_change where xid >= ?::xid8 order by xid limit ?) r
                         where r.seq <> all(?::bigint[])))`,
    params: [at.position, at.position, at.seen.length + 1, `{${at.seen.join(',')}}`],
  };
}

/** What the change log holds from a position on (SearchIndexRepository.readChanges). */
export interface ChangeBatch {
  /** The position to read from next. */
  next: string;
  /** Rows at or after the position were pruned: the reader missed changes. */
  missed: boolean;
  /** More rows than the limit: the reader should rebuild rather than apply them. */
  overflow: boolean;
  changes: { seq: string; xid: string; jobId: string }[];
}

/** The organizations of these jobs (`list`: an array literal of job ids). */
async function membershipsOf(em: Em | ReplicaConnection, list: string): Promise<IndexMembershipRow[]> {
  const rows = await em.execute<{ organization_id: string; job_id: string }[]>(
    `select organization_id::text as organization_id, job_id::text as job_id from organization_job
      where job_id = any(?::uuid[])`,
    [list],
  );
  return rows.map((r) => ({ organizationId: r.organization_id, jobId: r.job_id }));
}

/** These companies as the company filters match them. */
async function companiesOf(em: Em | ReplicaConnection, ids: readonly string[]): Promise<IndexCompanyRow[]> {
  const rows = await em.execute<Record<string, unknown>[]>(
    `select c.id::text as id, lower(unaccent(c.name)) as name_key, c.normalized_name from company c
      where c.id = any(?::uuid[])`,
    [arrayLiteral([...new Set(ids)])],
  );
  return rows.map(toIndexCompanyRow);
}

function toIndexCompanyRow(c: Record<string, unknown>): IndexCompanyRow {
  return { id: String(c.id), nameKey: String(c.name_key), normalizedName: String(c.normalized_name) };
}
