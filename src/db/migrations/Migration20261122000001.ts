import { Migration } from '@mikro-orm/migrations';

/**
 * How the large job columns are stored, chosen by measurement (README, Benchmarks):
 * - the descriptions compress with lz4 instead of pglz where the server has it
 *   (PostgreSQL 14+ builds with lz4, Debian's among them; PGlite has not): as small,
 *   several times faster to compress. Rows already stored keep pglz until rewritten.
 * - the search vector is stored out of line without compression: pglz tried and gave
 *   up on nearly every vector (a wasted pass on each write), and lz4, which succeeds,
 *   made broad searches that read every matching vector about a tenth slower.
 * Together: PostgreSQL stores a job about a fifth cheaper (bench stage "floor", 10,000
 * → 12,800 jobs/s in an A/B), searches read vectors as before.
 */
export class Migration20261122000001 extends Migration {
  override up(): void {
    this.addSql('alter table job alter column search_vector set storage external;');
    this.addSql(`do $$
      begin
        alter table job
          alter column description_html set compression lz4,
          alter column description_text set compression lz4;
      exception when feature_not_supported then
        raise notice 'lz4 is not available on this server: descriptions keep pglz';
      end $$;`);
  }

  override down(): void {
    this.addSql(`alter table job
      alter column search_vector set storage extended,
      alter column description_html set compression default,
      alter column description_text set compression default;`);
  }
}
