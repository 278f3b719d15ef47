import { Migration } from '@mikro-orm/migrations';

/**
 * Each source posting keeps its own salary, as it keeps its places: a job merged from
 * copies takes a copy's salary when its own posting has none, and that salary was
 * lost when the primary posting was rewritten (until the copy changed again). The job's
 * salary is now made again from its open postings (JobWriter.refreshMerged). Rows
 * stored before take their job's salary, the best known.
 */
export class Migration20261122000004 extends Migration {
  override up(): void {
    this.addSql('alter table source_posting add column salary jsonb null;');
    this.addSql(`update source_posting sp set salary = jsonb_build_object(
        'salary_min', j.salary_min, 'salary_max', j.salary_max, 'salary_currency', j.salary_currency,
        'salary_period', j.salary_period, 'salary_text', j.salary_text,
        'salary_min_usd', j.salary_min_usd, 'salary_max_usd', j.salary_max_usd)
      from job j
      where j.id = sp.job_id and (j.salary_min is not null or j.salary_max is not null or j.salary_text is not null);`);
  }

  override down(): void {
    this.addSql('alter table source_posting drop column salary;');
  }
}
