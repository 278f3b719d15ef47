import { Migration } from '@mikro-orm/migrations';

/**
 * Freshness and honest dates (issue 11):
 * - status `expired` on jobs and postings: not seen for JOB_EXPIRY_DAYS, or past the
 *   expiry date the source gave;
 * - source_posting.expires_at: that date (a mapped expiry column, Recruitee's close_at);
 * - job.posted_at_source: `source` when posted_at is the source's own date,
 *   `first_seen` when the source gave none and posted_at is when we first saw it. Rows
 *   stored before took the first-seen time exactly in that case (posted_at =
 *   first_seen_at), which is how they are told apart here; a source date equal to the
 *   first sighting to the microsecond is the one case read wrong.
 */
export class Migration20261125000000 extends Migration {
  override up(): void {
    for (const table of ['job', 'source_posting']) {
      this.addSql(`alter table ${table} drop constraint ${table}_status_check;`);
      this.addSql(
        `alter table ${table} add constraint ${table}_status_check check (status in ('open','closed','expired'));`,
      );
    }
    this.addSql('alter table source_posting add column expires_at timestamptz null;');
    this.addSql(
      `alter table job add column posted_at_source text not null default 'source'
         check (posted_at_source in ('source','first_seen'));`,
    );
    this.addSql(`update job set posted_at_source = 'first_seen' where posted_at = first_seen_at;`);
  }

  override down(): void {
    this.addSql('alter table job drop column posted_at_source;');
    this.addSql('alter table source_posting drop column expires_at;');
    for (const table of ['job', 'source_posting']) {
      this.addSql(`update ${table} set status = 'closed' where status = 'expired';`);
      this.addSql(`alter table ${table} drop constraint ${table}_status_check;`);
      this.addSql(
        `alter table ${table} add constraint ${table}_status_check check (status in ('open','closed'));`,
      );
    }
  }
}
