import { Migration } from '@mikro-orm/migrations';

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
/** The platforms with platform-wide job ids, and their ids' shape (dedup-keys.ts GLOBAL_ID_SHAPES). */
const GLOBAL_ID = `((sp.platform = 'greenhouse' and sp.external_id ~ '^\\d{4,}$')
  or (sp.platform in ('ashby', 'lever') and lower(sp.external_id) ~ '${UUID}')
  or (sp.platform = 'workable' and lower(sp.external_id) ~ '^[0-9a-f]{6,}$')
  or (sp.platform = 'smartrecruiters' and sp.external_id ~ '^\\d{6,}$'))`;
const BOARD_PLATFORMS = `('greenhouse','ashby','lever','workable','smartrecruiters','recruitee','personio')`;

/**
 * Dedup by identity instead of one company|title string (issue 11 item 4): `job.dedup_keys`
 * holds the keys of domain/dedup-keys.ts — the ATS jobs the job carries (`ats:greenhouse:…`)
 * and its company's names, initials and board tokens with its title key (`n:`, `i:`, `t:`)
 * — and a GIN index answers the ingest's one overlap query per batch (`dedup_keys && …`).
 * It replaces `dedup_key`, which nothing else read.
 *
 * The backfill derives the same keys in SQL for what stored rows hold: the company's
 * normalized name and its initials, the boards and ids of the job's ATS postings, and the
 * Greenhouse, Ashby and Lever boards and jobs its URLs name. It leaves out the company's
 * domain label and the other URL forms (embedded `ashby_jid`, Workable, SmartRecruiters
 * links); a posting written again gets its full keys from the code.
 */
export class Migration20261125210000 extends Migration {
  override up(): void {
    this.addSql(`alter table job add column dedup_keys text[] not null default '{}';`);
    this.addSql(`with k as (
      select j.id, j.normalized_title as t,
             regexp_replace(c.normalized_name, '[^a-z0-9]+', '', 'g') as n,
             case when array_length(regexp_split_to_array(btrim(c.normalized_name), '\\s+'), 1) >= 2
                  then (select string_agg(left(w, 1), '' order by o)
                          from unnest(regexp_split_to_array(btrim(c.normalized_name), '\\s+')) with ordinality u(w, o))
             end as i,
             array(select distinct x from (
                     select regexp_replace(lower(sp.board), '[^a-z0-9]+', '', 'g') as x
                       from source_posting sp where sp.job_id = j.id and sp.platform in ${BOARD_PLATFORMS}
                     union all
                     select regexp_replace(substring(lower(u) from '(?:greenhouse\\.io/(?:v1/boards/)?|jobs\\.ashbyhq\\.com/|lever\\.co/)([^/?#]+)/'),
                                           '[^a-z0-9]+', '', 'g')
                       from unnest(array[j.listing_url, j.apply_url]) u
                   ) s where length(x) >= 2) as tokens,
             array(select distinct x from (
                     select sp.platform || ':' || lower(sp.external_id) as x
                       from source_posting sp where sp.job_id = j.id and ${GLOBAL_ID}
                     union all
                     select 'greenhouse:' || substring(lower(u) from '(?:greenhouse\\.io/(?:v1/boards/)?[a-z0-9_-]+/jobs/|gh_jid=)(\\d{4,})')
                       from unnest(array[j.listing_url, j.apply_url]) u
                     union all
                     select 'ashby:' || substring(lower(u) from 'jobs\\.ashbyhq\\.com/[^/]+/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})')
                       from unnest(array[j.listing_url, j.apply_url]) u
                     union all
                     select 'lever:' || substring(lower(u) from 'lever\\.co/[^/]+/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})')
                       from unnest(array[j.listing_url, j.apply_url]) u
                   ) s where x is not null) as ats
        from job j join company c on c.id = j.company_id
    )
    update job set dedup_keys =
           array(select 'ats:' || a from unnest(k.ats) a)
        || case when k.n <> '' then array['n:' || k.n || '|' || k.t] else '{}'::text[] end
        || case when length(k.i) >= 2 then array['i:' || k.i || '|' || k.t] else '{}'::text[] end
        || array(select 't:' || x || '|' || k.t from unnest(k.tokens) x)
      from k where k.id = job.id;`);
    this.addSql('create index job_dedup_keys_idx on job using gin (dedup_keys) with (fastupdate = off);');
    this.addSql('drop index job_dedup_key_idx;');
    this.addSql('alter table job drop column dedup_key;');
  }

  override down(): void {
    this.addSql(`alter table job add column dedup_key text not null default '';`);
    this.addSql(`update job set dedup_key = c.normalized_name || '|' || job.normalized_title
                   from company c where c.id = job.company_id;`);
    this.addSql('create index job_dedup_key_idx on job (dedup_key);');
    this.addSql('drop index job_dedup_keys_idx;');
    this.addSql('alter table job drop column dedup_keys;');
  }
}
