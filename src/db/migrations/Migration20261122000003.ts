import { Migration } from '@mikro-orm/migrations';

/**
 * Each source posting keeps its own places. A job merged from copies is found by the
 * places of all of them (location filters), but the job row held only the union: when
 * the primary posting was rewritten, the places it had gained from a copy were lost
 * until the copy changed again, and a copy that closed left its places behind. With
 * the places per posting the job's are recomputed from its open postings (JobWriter).
 * Rows stored before take their job's places, the best known.
 */
export class Migration20261122000003 extends Migration {
  override up(): void {
    this.addSql(`alter table source_posting
      add column places jsonb not null default '[]',
      add column city_keys text[] not null default '{}',
      add column country_codes text[] not null default '{}';`);
    this.addSql(`update source_posting sp
      set places = j.places, city_keys = j.city_keys, country_codes = j.country_codes
      from job j where j.id = sp.job_id;`);
  }

  override down(): void {
    this.addSql(`alter table source_posting
      drop column places, drop column city_keys, drop column country_codes;`);
  }
}
