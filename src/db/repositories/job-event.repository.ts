import type { JobFilter } from '../../domain/job-filter.ts';
import type { EventPosition } from '../../domain/event-id.ts';
import type { Em } from '../orm.ts';
import { buildJobWhere } from './job-filter.sql.ts';

/**
 * The outbox is read on the primary: a replica's snapshot trails it, and its `xmin` is
 * the replica's. Every read here is one statement, so one snapshot.
 */
const PRIMARY = { method: 'all', connectionType: 'write' } as const;

/** How an event moved a job relative to one filter: into its results, out of them, or within. */
export type EventChange = 'entered' | 'left' | 'changed';

export interface MatchedEvent {
  position: EventPosition;
  kind: 'added' | 'closed' | 'updated';
  jobId: string;
  /** Null when the job was outside the filter both before and after. */
  change: EventChange | null;
}

export interface EventPage {
  /** The newest pruned position: a reader whose position is below it has missed events. */
  horizon: EventPosition;
  /** The events read (a reader may leave out those that did not move the job for its filter). */
  events: MatchedEvent[];
  /** How many events were read, and the last one's position: where the next read starts. */
  count: number;
  lastRead: EventPosition | null;
  /**
   * `performance.now()` once the page's rows were read: every event in it committed before.
   * A job read by a statement started after this reflects those events (job-batch-loader.ts).
   */
  readAt: number;
}

/**
 * Reads a filter's events from the outbox. JobEventRepository matches them in SQL, one
 * statement per reader; the gateway's shared reader (search/event-matcher.ts) reads each
 * page once for all its readers and matches in memory.
 */
export interface EventReader {
  read(
    em: Em,
    filter: JobFilter,
    after: EventPosition,
    through: EventPosition,
    limit: number,
  ): Promise<EventPage>;
}

export interface EventHead {
  /**
   * Where a new reader starts: before every event not yet deliverable (those of
   * transactions still running, or started later), after every deliverable one.
   */
  start: EventPosition;
  /** The newest deliverable event, if any is kept. */
  last: EventPosition | null;
  /** No event of this database can be at or beyond this transaction id yet. */
  nextXid: bigint;
  horizon: EventPosition;
  /** The primary's log position as the head was read: past the commit of every event up to `last` (PageMarks). */
  lsn: string;
}

/**
 * `b(bound, xmax)`: the oldest transaction of this database still running (its xid8 among
 * the snapshot's running ones), else the snapshot's xmax. Running transactions of other
 * databases of the cluster write no row here: left out, they cannot hold this outbox back
 * (a transaction is known to be another database's by pg_stat_activity; one it does not
 * show is waited for, which only delays).
 */
const BOUND = `s as (select pg_current_snapshot() as snap),
  others as (select backend_xid::text::bigint as x from pg_stat_activity
              where backend_xid is not null and datid is not null and datname <> current_database()),
  b as (select least(pg_snapshot_xmax(s.snap),
                     (select x from pg_snapshot_xip(s.snap) x
                       where (x::text::bigint % 4294967296) not in (select x from others)
                       order by x limit 1)) as bound,
               pg_snapshot_xmax(s.snap) as xmax
          from s)`;

const position = (xid: string, seq: string): EventPosition => ({ xid: BigInt(xid), seq: BigInt(seq) });

/**
 * How an event moved a job for one filter, from whether the job matched it before and
 * after. `same`: written and written back within one transaction; nothing changed.
 */
export function eventChange(same: boolean, was: boolean, now: boolean): EventChange | null {
  return same ? null : was && now ? 'changed' : now ? 'entered' : was ? 'left' : null;
}

/**
 * The job as an event saw it (`before` or `after`, a `job_event_image` row) as the row
 * `j` that buildJobWhere's clause reads, with its company (and its memberships for a
 * board) as the live search joins them: the filter is searchJobs' own WHERE, not a copy.
 */
function imageFrom(column: string, board: boolean): string {
  // The image has the job's places but not `geo_box`, the column the near filter reads
  // (Migration20261126200000): made from the places by the function that fills it.
  return `(select (${column}).*, job_geo_box((${column}).places) as geo_box) j
    ${board ? 'join organization_job oj on oj.job_id = j.id' : ''} join company c on c.id = j.company_id`;
}

/** Reads of the job event outbox (Migration20261125100000; README "Live events"). */
export class JobEventRepository implements EventReader {
  private readonly clock: () => Date;

  constructor(clock: () => Date) {
    this.clock = clock;
  }

  async head(em: Em): Promise<EventHead> {
    const [row] = await em.execute<Record<string, string | null>[]>(
      `with ${BOUND}
       select b.bound::text as bound, b.xmax::text as xmax, e.xid::text as xid, e.seq::text as seq,
              h.xid::text as h_xid, h.seq::text as h_seq, pg_current_wal_insert_lsn()::text as lsn
         from b cross join job_event_horizon h
         left join lateral (select xid, seq from job_event where xid < b.bound order by xid desc, seq desc limit 1) e on true`,
      [],
      PRIMARY,
    );
    return {
      start: position(row!.bound!, '0'),
      last: row!.xid ? position(row!.xid, row!.seq!) : null,
      nextXid: BigInt(row!.xmax!),
      horizon: position(row!.h_xid!, row!.h_seq!),
      lsn: row!.lsn!,
    };
  }

  /**
   * The events after `after` up to `through` (both deliverable positions), at most
   * `limit`, each with how it moved the job relative to `filter`, matched against the
   * job as it was before and after that event.
   */
  async read(
    em: Em,
    filter: JobFilter,
    after: EventPosition,
    through: EventPosition,
    limit: number,
  ): Promise<EventPage> {
    const where = buildJobWhere(filter, this.clock());
    const board = Boolean(filter.organizationId);
    const [row] = await em.execute<{ h_xid: string; h_seq: string; events: unknown }[]>(
      `select h.xid::text as h_xid, h.seq::text as h_seq,
              coalesce((select json_agg(json_build_array(p.xid::text, p.seq::text, p.kind, p.job_id::text, p.was, p.now, p.same) order by p.xid, p.seq)
                from (select e.xid, e.seq, e.kind, e.job_id, e.before is not distinct from e.after as same,
                             (e.before).id is not null and exists(select 1 from ${imageFrom('e.before', board)} where ${where.sql}) as was,
                             (e.after).id is not null and exists(select 1 from ${imageFrom('e.after', board)} where ${where.sql}) as now
                        from job_event e
                       where (e.xid, e.seq) > (?::xid8, ?::bigint) and (e.xid, e.seq) <= (?::xid8, ?::bigint)
                       order by e.xid, e.seq limit ?) p), '[]'::json) as events
         from job_event_horizon h`,
      [
        ...where.params,
        ...where.params,
        after.xid.toString(),
        after.seq.toString(),
        through.xid.toString(),
        through.seq.toString(),
        limit,
      ],
      PRIMARY,
    );
    const raw = (typeof row!.events === 'string' ? JSON.parse(row!.events) : row!.events) as [
      string,
      string,
      MatchedEvent['kind'],
      string,
      boolean,
      boolean,
      boolean,
    ][];
    const events = raw.map(([xid, seq, kind, jobId, was, now, same]) => ({
      position: position(xid, seq),
      kind,
      jobId,
      change: eventChange(same, was, now),
    }));
    return {
      horizon: position(row!.h_xid, row!.h_seq),
      events,
      count: events.length,
      lastRead: events.at(-1)?.position ?? null,
      readAt: performance.now(),
    };
  }

  /**
   * Deletes the events older than `retentionMs` — as a prefix in event order, up to the
   * newest such event of a finished transaction — and moves the horizon to its end. Ages
   * are the database's clock, which stamped the events.
   *
   * An enabled webhook endpoint holds the prefix back at its cursor: its deliveries are made
   * from these events, and one pruned before a gateway read it would never be sent. Only an
   * endpoint nobody reads holds it for long (no gateway delivers webhooks: WEBHOOK_DELIVERY
   * off everywhere, or all down), so one whose oldest unread event is older than
   * `webhookLagMs` is disabled first, saying why, as a failing one is; enabling it again
   * starts it at the head.
   */
  async prune(em: Em, retentionMs: number, webhookLagMs?: number): Promise<{ disabledEndpoints: number }> {
    let disabledEndpoints = 0;
    if (webhookLagMs !== undefined) {
      const lagging = await em.execute<{ id: string }[]>(
        `with lag as (
           select w.id, (select e.at from job_event e where (e.xid, e.seq) > (w.cursor_xid, w.cursor_seq)
                          order by e.xid, e.seq limit 1) as unread_since
             from webhook_endpoint w where w.disabled_at is null)
         update webhook_endpoint w set disabled_at = now(),
                disabled_reason = 'no gateway read its events since '
                  || to_char(lag.unread_since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
                  || ' (webhook delivery off or down on every gateway); events after that were not sent'
           from lag where w.id = lag.id and w.disabled_at is null
            and lag.unread_since < now() - ? * interval '1 millisecond'
         returning w.id::text as id`,
        [webhookLagMs],
        PRIMARY,
      );
      disabledEndpoints = lagging.length;
    }
    await em.execute(
      `with ${BOUND},
            hold as (select w.cursor_xid as xid, w.cursor_seq as seq from webhook_endpoint w
                      where w.disabled_at is null order by 1, 2 limit 1),
            last as (select e.xid, e.seq from job_event e, b
                      where e.at < now() - ? * interval '1 millisecond' and e.xid < b.bound
                        and not exists (select 1 from hold where (e.xid, e.seq) > (hold.xid, hold.seq))
                      order by e.xid desc, e.seq desc limit 1),
            gone as (delete from job_event e using last where (e.xid, e.seq) <= (last.xid, last.seq))
       update job_event_horizon h set xid = last.xid, seq = last.seq
         from last where (last.xid, last.seq) > (h.xid, h.seq)`,
      [retentionMs],
      PRIMARY,
    );
    return { disabledEndpoints };
  }
}
