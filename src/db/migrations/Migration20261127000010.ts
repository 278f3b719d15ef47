import { Migration } from '@mikro-orm/migrations';

/**
 * Drops `job_title_trgm_idx` (a trigram GIN index over `lower(title)`, Migration
 * 20261122000000): no query reads it — title words are matched through the search vector
 * (`search_vector` / `head_vector`), and the only trigram search left is the location
 * filter's `lower(location_text) like any(…)`, which keeps its own index. Every job written
 * still paid for it: about 30 trigram entries a title, and 61 MB at 1,000,000 jobs.
 */
export class Migration20261127000010 extends Migration {
  override up(): void {
    this.addSql('drop index if exists job_title_trgm_idx;');
  }

  override down(): void {
    this.addSql('create index job_title_trgm_idx on job using gin (lower(title) gin_trgm_ops);');
  }
}
