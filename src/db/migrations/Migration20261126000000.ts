import { Migration } from '@mikro-orm/migrations';

/**
 * The `near` filter (issue 11 item 2) reads the job's places (their coordinates), so the
 * outbox's images of a job (Migration20261125100000) keep them too: a live subscriber's or
 * saved search's near filter is matched against the job as the event saw it, like every
 * other filter. Images written before have no places (null): no near filter matches them.
 * A change of the places alone is now an `updated` event, and a change for the search
 * index to follow (Migration20261123000010's log), which now holds coordinates too.
 */
const EVENT_COLUMNS = [
  'status',
  'search_vector',
  'remote_type',
  'city_keys',
  'country_codes',
  'location_text',
  'salary_min_usd',
  'salary_max_usd',
  'skill_keys',
  'job_type',
  'seniority',
  'category_id',
  'company_id',
  'ats_platform',
  'source',
  'department',
  'posted_at',
  'visa_sponsorship',
];

const image = (alias: string, columns: string[]) =>
  `row(${alias}.id, ${columns.map((c) => `${alias}.${c}`).join(', ')})::job_event_image`;

function triggerFunctions(columns: string[]): string[] {
  const upsert = `on conflict (xid, job_id) do update
      set after = excluded.after, kind = job_event_kind(e.before, excluded.after), at = excluded.at`;
  const old = columns.map((c) => `o.${c}`).join(', ');
  const neu = columns.map((c) => `n.${c}`).join(', ');
  return [
    `create or replace function job_event_insert() returns trigger language plpgsql as $$
      begin
        insert into job_event as e (kind, job_id, after)
          select 'added', n.id, ${image('n', columns)} from new_rows n order by n.id
          ${upsert};
        if found then perform pg_notify('job_events', ''); end if;
        return null;
      end $$;`,
    `create or replace function job_event_update() returns trigger language plpgsql as $$
      begin
        insert into job_event as e (kind, job_id, before, after)
          select job_event_kind(b, a), id, b, a
            from (select n.id, ${image('o', columns)} as b, ${image('n', columns)} as a
                    from new_rows n join old_rows o on o.id = n.id
                   where (${old}) is distinct from (${neu})) c
           order by id
          ${upsert};
        if found then perform pg_notify('job_events', ''); end if;
        return null;
      end $$;`,
    `create or replace function job_event_delete() returns trigger language plpgsql as $$
      begin
        insert into job_event as e (kind, job_id, before)
          select 'closed', o.id, ${image('o', columns)} from old_rows o order by o.id
          ${upsert};
        if found then perform pg_notify('job_events', ''); end if;
        return null;
      end $$;`,
  ];
}

/** The columns whose change the search index follows (Migration20261123000010). */
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

function searchChangeFunction(columns: string[]): string {
  const old = columns.map((c) => `o.${c}`).join(', ');
  const neu = columns.map((c) => `n.${c}`).join(', ');
  return `create or replace function search_change_job_update() returns trigger language plpgsql as $$
      begin
        insert into search_change (job_id)
          select n.id from new_rows n join old_rows o on o.id = n.id
           where (${old}) is distinct from (${neu});
        return null;
      end $$;`;
}

export class Migration20261126000000 extends Migration {
  override up(): void {
    this.addSql('alter type job_event_image add attribute places jsonb;');
    for (const sql of triggerFunctions([...EVENT_COLUMNS, 'places'])) this.addSql(sql);
    this.addSql(searchChangeFunction([...INDEXED, 'places']));
  }

  override down(): void {
    this.addSql(searchChangeFunction(INDEXED));
    for (const sql of triggerFunctions(EVENT_COLUMNS)) this.addSql(sql);
    this.addSql('alter type job_event_image drop attribute places;');
  }
}
