import { Migration } from '@mikro-orm/migrations';

/**
 * A NOTIFY when a transaction writes change-log rows (Migration20261123000010), whatever
 * trigger wrote them: a gateway applies the change within milliseconds of the commit
 * instead of at its next poll, and until it has, its searches read the log first
 * (JobSearch). One statement-level trigger on `search_change` itself, so the triggers
 * that fill it stay as they are; NOTIFYs of one transaction fold into one, and a
 * statement that wrote no row (a sighting) sends none.
 */
export class Migration20261127100000 extends Migration {
  override up(): void {
    this.addSql(`create function search_change_notify() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from new_rows) then perform pg_notify('search_changes', ''); end if;
        return null;
      end $$;`);
    this.addSql(`create trigger search_change_notify after insert on search_change
      referencing new table as new_rows for each statement execute function search_change_notify();`);
  }

  override down(): void {
    this.addSql('drop trigger search_change_notify on search_change;');
    this.addSql('drop function search_change_notify();');
  }
}
