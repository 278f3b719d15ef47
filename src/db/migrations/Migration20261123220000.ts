import { Migration } from '@mikro-orm/migrations';

/**
 * Two facts issue 11 needs stored, neither a search column (no index):
 * - job.salary_currency_inferred: whether a salary's currency was stated or inferred (a
 *   posting without one takes its country's currency, else the source's default). Null
 *   where there is no currency, and on rows stored before.
 * - source_posting.source_updated_at: the source's own last-update time of the posting
 *   as last applied, so an older row or snapshot arriving later is recognised and does
 *   not roll the job back. Null where the source sends none, and on rows stored before.
 */
export class Migration20261123220000 extends Migration {
  override up(): void {
    this.addSql('alter table job add column salary_currency_inferred boolean null;');
    this.addSql('alter table source_posting add column source_updated_at timestamptz null;');
  }

  override down(): void {
    this.addSql('alter table job drop column salary_currency_inferred;');
    this.addSql('alter table source_posting drop column source_updated_at;');
  }
}
