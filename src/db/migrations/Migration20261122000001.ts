import { Migration } from '@mikro-orm/migrations';

/**
 * The three large job columns compress with lz4 instead of pglz where the server has
 * it (PostgreSQL 14+ builds with lz4, Debian's among them; PGlite has not): pglz was
 * a tenth of the database's cost of storing a job, lz4 compresses as well here and
 * several times faster. Rows already stored keep pglz until rewritten; both read alike.
 */
export class Migration20261122000001 extends Migration {
  override up(): void {
    this.addSql(`do $$
      begin
        alter table job
          alter column description_html set compression lz4,
          alter column description_text set compression lz4,
          alter column search_vector set compression lz4;
      exception when feature_not_supported then
        raise notice 'lz4 is not available on this server: job columns keep pglz';
      end $$;`);
  }

  override down(): void {
    this.addSql(`alter table job
      alter column description_html set compression default,
      alter column description_text set compression default,
      alter column search_vector set compression default;`);
  }
}
