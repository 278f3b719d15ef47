import { Migration } from '@mikro-orm/migrations';

/**
 * Whether a salary's currency was stated or inferred (issue 11): a posting without one
 * takes its country's currency, else the source's default, and says so. Null where
 * there is no currency, and on rows stored before (their currency was not recorded as
 * either). Not a search column: no index.
 */
export class Migration20261123220000 extends Migration {
  override up(): void {
    this.addSql('alter table job add column salary_currency_inferred boolean null;');
  }

  override down(): void {
    this.addSql('alter table job drop column salary_currency_inferred;');
  }
}
