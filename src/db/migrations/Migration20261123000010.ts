import { Migration } from '@mikro-orm/migrations';

/**
 * The change log the in-process search index follows (issue 9, item 3; README
 * "Search index"). Triggers write one row per job whose indexed values changed — a
 * new job, a status, a word, a place, a salary, a membership — in the writing
 * transaction itself, so no code path can write a job without the index hearing of it
 * (ingest, CLI through the served socket, a hand-written UPDATE alike).
 *
 * Each row carries its transaction's id (`xid8`). A reader remembers the oldest
 * transaction still running when it last read (`pg_snapshot_xmin`) and reads from there
 * on: a transaction that commits late, with rows older than ones already read, is still
 * in that window, so no change is lost to commit order (a sequence alone would skip it).
 *
 * Statement triggers with transition tables: one insert per statement whatever its
 * size (a 10,000-row COPY is one INSERT … SELECT), and an UPDATE that leaves every
 * indexed value alone (a sighting) writes nothing.
 *
 * Old rows are pruned after a retention time; `search_change_horizon` keeps the newest
 * transaction id pruned: an index whose position is at or below it may have missed
 * changes and is rebuilt.
 */
const INDEXED = [
  'status',
  'remote_type',
  'job_type',
  'seniority',
  'category_id',
  'company_id',
  'country_codes',
  'city_keys',
  'skill_keys',
  'salary_min_usd',
  'salary_max_usd',
  'ats_platform',
  'source',
  'department',
  'visa_sponsorship',
  'posted_at',
  'first_seen_at',
  'search_vector',
];

export class Migration20261123000010 extends Migration {
  override up(): void {
    // Skill keys were stored as folded, not distinct ("React", "react"): the SQL facet
    // counted such a job twice for one skill, the index once. Distinct from now on
    // (write-columns.ts); made so here, before the triggers, so it logs nothing.
    this.addSql(`update job set skill_keys = array(select distinct k from unnest(skill_keys) k order by k)
      where cardinality(skill_keys) <> (select count(distinct k) from unnest(skill_keys) k);`);
    this.addSql(`create table search_change (
      seq bigint generated always as identity primary key,
      xid xid8 not null default pg_current_xact_id(),
      job_id uuid not null,
      changed_at timestamptz not null default now()
    );`);
    this.addSql('create index search_change_xid_idx on search_change (xid);');
    this.addSql('create index search_change_changed_at_idx on search_change (changed_at);');
    this.addSql(`create table search_change_horizon (
      id boolean primary key default true check (id),
      pruned_through xid8 not null
    );`);
    this.addSql(`insert into search_change_horizon (pruned_through) values ('0'::xid8);`);

    const old = INDEXED.map((c) => `o.${c}`).join(', ');
    const neu = INDEXED.map((c) => `n.${c}`).join(', ');
    // One function per key column: job has `id`, organization_job `job_id`.
    for (const [table, key] of [
      ['job', 'id'],
      ['organization_job', 'job_id'],
    ] as const) {
      this.addSql(`create function search_change_${table}_new() returns trigger language plpgsql as $$
        begin
          insert into search_change (job_id) select distinct n.${key} from new_rows n;
          return null;
        end $$;`);
      this.addSql(`create function search_change_${table}_old() returns trigger language plpgsql as $$
        begin
          insert into search_change (job_id) select distinct o.${key} from old_rows o;
          return null;
        end $$;`);
      this.addSql(`create trigger search_change_${table}_insert after insert on ${table}
        referencing new table as new_rows for each statement execute function search_change_${table}_new();`);
      this.addSql(`create trigger search_change_${table}_delete after delete on ${table}
        referencing old table as old_rows for each statement execute function search_change_${table}_old();`);
    }
    this.addSql(`create function search_change_job_update() returns trigger language plpgsql as $$
      begin
        insert into search_change (job_id)
          select n.id from new_rows n join old_rows o on o.id = n.id
           where (${old}) is distinct from (${neu});
        return null;
      end $$;`);
    this.addSql(`create trigger search_change_job_update after update on job
      referencing old table as old_rows new table as new_rows
      for each statement execute function search_change_job_update();`);
    // A membership moved to another job or organization is a change of both jobs.
    this.addSql(`create function search_change_membership_update() returns trigger language plpgsql as $$
      begin
        insert into search_change (job_id)
          select o.job_id from old_rows o union select n.job_id from new_rows n;
        return null;
      end $$;`);
    this.addSql(`create trigger search_change_organization_job_update after update
      on organization_job referencing old table as old_rows new table as new_rows
      for each statement execute function search_change_membership_update();`);
  }

  override down(): void {
    for (const t of ['job', 'organization_job']) {
      this.addSql(`drop trigger search_change_${t}_insert on ${t};`);
      this.addSql(`drop trigger search_change_${t}_delete on ${t};`);
      this.addSql(`drop function search_change_${t}_new();`);
      this.addSql(`drop function search_change_${t}_old();`);
    }
    this.addSql('drop trigger search_change_job_update on job;');
    this.addSql('drop function search_change_job_update();');
    this.addSql('drop trigger search_change_organization_job_update on organization_job;');
    this.addSql('drop function search_change_membership_update();');
    this.addSql('drop table search_change_horizon;');
    this.addSql('drop table search_change;');
  }
}
