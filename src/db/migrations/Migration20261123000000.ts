import { Migration } from '@mikro-orm/migrations';

/**
 * Key scopes and rotation (issue 10, item 12). Every existing key becomes `read`: before
 * this a key could only read its organization's board, and that is what `read` allows, so
 * existing keys keep working exactly as before and none gains the power to mint or revoke
 * keys (the public demo key above all). An organization gets its first admin key from the
 * CLI (`keys create --scope admin`).
 *
 * `replaced_by_id` links a rotated key to its replacement; the old key's `expires_at` is
 * set to the end of the overlap, so expiry alone decides when it stops working.
 */
export class Migration20261123000000 extends Migration {
  override up(): void {
    this.addSql(
      `alter table api_key add column scope text not null default 'read' check (scope in ('read','admin'));`,
    );
    this.addSql(
      'alter table api_key add column replaced_by_id uuid references api_key(id) on delete set null;',
    );
  }

  override down(): void {
    this.addSql('alter table api_key drop column replaced_by_id;');
    this.addSql('alter table api_key drop column scope;');
  }
}
