import { Migration } from '@mikro-orm/migrations';

/**
 * Salary filters compare the range's reach, `coalesce(salary_max_usd, salary_min_usd)`
 * (min_salary), and its start, `coalesce(salary_min_usd, salary_max_usd)` (max_salary).
 * No index served either expression, so a "min $120k" search read every candidate row
 * to test it (issue 9). Indexes on the two expressions make both conditions index
 * scans the planner can combine with the others (and give it their statistics). They
 * replace the indexes on the bare columns, which no statement used, so a stored job
 * keeps the same number of index entries.
 */
export class Migration20261122000007 extends Migration {
  override up(): void {
    this.addSql('create index job_salary_reach_idx on job ((coalesce(salary_max_usd, salary_min_usd)));');
    this.addSql('create index job_salary_start_idx on job ((coalesce(salary_min_usd, salary_max_usd)));');
    this.addSql('drop index job_salary_max_usd_idx;');
    this.addSql('drop index job_salary_min_usd_idx;');
  }

  override down(): void {
    this.addSql('create index job_salary_max_usd_idx on job (salary_max_usd);');
    this.addSql('create index job_salary_min_usd_idx on job (salary_min_usd);');
    this.addSql('drop index job_salary_reach_idx;');
    this.addSql('drop index job_salary_start_idx;');
  }
}
