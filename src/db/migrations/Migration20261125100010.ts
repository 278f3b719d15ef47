import { Migration } from '@mikro-orm/migrations';

/**
 * Saved searches (issue 12, item 3): an organization's named filters, kept as the filter
 * the API took (jsonb), so that a later webhook or live view can run them as searchJobs
 * does. A name is unique within its organization, case-insensitively; an organization's
 * searches go with it.
 */
export class Migration20261125100010 extends Migration {
  override up(): void {
    this.addSql(`create table saved_search (
      id uuid primary key,
      organization_id uuid not null references organization(id) on delete cascade,
      name text not null,
      filter jsonb not null,
      created_at timestamptz not null default now()
    );`);
    this.addSql('create unique index saved_search_name_idx on saved_search (organization_id, lower(name));');
  }

  override down(): void {
    this.addSql('drop table saved_search;');
  }
}
