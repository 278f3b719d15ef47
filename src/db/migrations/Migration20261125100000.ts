import { Migration } from '@mikro-orm/migrations';

/**
 * The job event outbox (issue 12; README "Live events"): one row per job that was
 * added, closed or changed in a way a search can see, written by triggers in the
 * writing transaction itself, like the search index's change log
 * (Migration20261123000010). Triggers rather than the writers: ingest batches,
 * closings, expiry sweeps and reopenings all write `job`, and so do CLI commands
 * through the served socket, another gateway or a hand-written UPDATE; a trigger hears
 * every one of them, and no writer can forget. The cost is one INSERT … SELECT per
 * statement (transition tables), and none for an UPDATE that changes nothing a search
 * reads (a sighting).
 *
 * Kinds: `added` (a new job, or a closed or expired one open again), `closed` (an open
 * job closes or expires, or is deleted), `updated` (any other change of a column below).
 * A job written several times in one transaction is one event, from before to after.
 *
 * Each row keeps the job as a search saw it before and after (`before`, `after`: the
 * columns buildJobWhere reads, as a row of type `job_event_image`), so a subscriber's
 * filter is matched against the job as it was at that event, not as it is when the
 * gateway gets to it: a job added and closed a moment later counts as added, then
 * closed, for the filters it matched.
 *
 * Order and ids: `(xid, seq)`. A reader delivers only rows of transactions older than
 * the oldest writing transaction of this database its snapshot sees running: those are all
 * finished, so no row can appear later below what was delivered, whatever the commit
 * order (a sequence alone would let a late commit slip in behind a reader). The pair, in
 * that order, is the event id a client resumes from (JobEventRepository.head).
 *
 * Pruning deletes a prefix in that order (`job_event_horizon` keeps its end), so a
 * client position below the horizon is known to have missed events.
 */
/** The job's columns a search's WHERE reads (buildJobWhere), with their types. */
const EVENT_COLUMNS: [string, string][] = [
  ['status', 'text'],
  ['search_vector', 'tsvector'],
  ['remote_type', 'text'],
  ['city_keys', 'text[]'],
  ['country_codes', 'text[]'],
  ['location_text', 'text'],
  ['salary_min_usd', 'integer'],
  ['salary_max_usd', 'integer'],
  ['skill_keys', 'text[]'],
  ['job_type', 'text'],
  ['seniority', 'text'],
  ['category_id', 'uuid'],
  ['company_id', 'uuid'],
  ['ats_platform', 'text'],
  ['source', 'text'],
  ['department', 'text'],
  ['posted_at', 'timestamptz'],
  ['visa_sponsorship', 'boolean'],
];

const image = (alias: string) =>
  `row(${alias}.id, ${EVENT_COLUMNS.map(([c]) => `${alias}.${c}`).join(', ')})::job_event_image`;

export class Migration20261125100000 extends Migration {
  override up(): void {
    // A row type of its own rather than jsonb: built and stored without converting the
    // search vector to text and back (jsonb images took half of a 10,000-row UPDATE), and a
    // filter that reads a column the image lacks fails loudly instead of reading null.
    this.addSql(
      `create type job_event_image as (id uuid, ${EVENT_COLUMNS.map(([c, t]) => `${c} ${t}`).join(', ')});`,
    );
    this.addSql(`create table job_event (
      seq bigint generated always as identity,
      xid xid8 not null default pg_current_xact_id(),
      kind text not null check (kind in ('added', 'closed', 'updated')),
      job_id uuid not null,
      at timestamptz not null default now(),
      before job_event_image,
      after job_event_image,
      primary key (xid, seq)
    );`);
    this.addSql('create index job_event_at_idx on job_event (at);');
    this.addSql(`create table job_event_horizon (
      id boolean primary key default true check (id),
      xid xid8 not null,
      seq bigint not null
    );`);
    this.addSql(`insert into job_event_horizon (xid, seq) values ('0'::xid8, 0);`);

    // One event per job and transaction: a job written twice in one transaction (inserted,
    // then given its places; updated, then closed) is one change to whoever reads after the
    // commit, from its state before the transaction to its state after. The row keeps its
    // first place (all of a transaction's events are delivered together).
    this.addSql('create unique index job_event_xid_job_idx on job_event (xid, job_id);');
    // `(x).id is null`: a row value IS NULL only when every field is.
    this
      .addSql(`create function job_event_kind(b job_event_image, a job_event_image) returns text language sql immutable as $$
      select case when (a).id is null then 'closed'
                  when (b).id is null then 'added'
                  when (b).status = 'open' and (a).status <> 'open' then 'closed'
                  when (b).status <> 'open' and (a).status = 'open' then 'added'
                  else 'updated' end $$;`);
    const upsert = `on conflict (xid, job_id) do update
      set after = excluded.after, kind = job_event_kind(e.before, excluded.after), at = excluded.at`;
    // NOTIFY only wakes the gateways (delivered at commit, once per transaction); what
    // happened is read from the table.
    this.addSql(`create function job_event_insert() returns trigger language plpgsql as $$
      begin
        insert into job_event as e (kind, job_id, after)
          select 'added', n.id, ${image('n')} from new_rows n order by n.id
          ${upsert};
        if found then perform pg_notify('job_events', ''); end if;
        return null;
      end $$;`);
    const old = EVENT_COLUMNS.map(([c]) => `o.${c}`).join(', ');
    const neu = EVENT_COLUMNS.map(([c]) => `n.${c}`).join(', ');
    this.addSql(`create function job_event_update() returns trigger language plpgsql as $$
      begin
        insert into job_event as e (kind, job_id, before, after)
          select job_event_kind(b, a), id, b, a
            from (select n.id, ${image('o')} as b, ${image('n')} as a
                    from new_rows n join old_rows o on o.id = n.id
                   where (${old}) is distinct from (${neu})) c
           order by id
          ${upsert};
        if found then perform pg_notify('job_events', ''); end if;
        return null;
      end $$;`);
    this.addSql(`create function job_event_delete() returns trigger language plpgsql as $$
      begin
        insert into job_event as e (kind, job_id, before)
          select 'closed', o.id, ${image('o')} from old_rows o order by o.id
          ${upsert};
        if found then perform pg_notify('job_events', ''); end if;
        return null;
      end $$;`);
    this.addSql(`create trigger job_event_insert after insert on job
      referencing new table as new_rows for each statement execute function job_event_insert();`);
    this.addSql(`create trigger job_event_update after update on job
      referencing old table as old_rows new table as new_rows for each statement execute function job_event_update();`);
    this.addSql(`create trigger job_event_delete after delete on job
      referencing old table as old_rows for each statement execute function job_event_delete();`);
  }

  override down(): void {
    for (const op of ['insert', 'update', 'delete']) {
      this.addSql(`drop trigger job_event_${op} on job;`);
      this.addSql(`drop function job_event_${op}();`);
    }
    this.addSql('drop function job_event_kind(job_event_image, job_event_image);');
    this.addSql('drop table job_event_horizon;');
    this.addSql('drop table job_event;');
    this.addSql('drop type job_event_image;');
  }
}
