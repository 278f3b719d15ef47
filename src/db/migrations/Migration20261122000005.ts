import { Migration } from '@mikro-orm/migrations';

/**
 * A job's "last seen" is its postings' latest, read when a job is (a page of 20 asks
 * for 20 index lookups). Stored on the job, every re-poll rewrote every job row: a
 * 2 kB row whose new version rarely fit its page, so most of those updates wrote a
 * new entry into each of the job's twenty indexes, GIN ones included — the largest
 * part of PostgreSQL's cost of polling a board again. The postings keep theirs.
 */
export class Migration20261122000005 extends Migration {
  override up(): void {
    this.addSql('alter table job drop column last_seen_at;');
  }

  override down(): void {
    this.addSql('alter table job add column last_seen_at timestamptz null;');
    this.addSql(`update job j set last_seen_at = coalesce(
        (select max(sp.last_seen_at) from source_posting sp where sp.job_id = j.id), j.first_seen_at);`);
    this.addSql('alter table job alter column last_seen_at set not null;');
  }
}
