import { Migration } from '@mikro-orm/migrations';

/**
 * Webhook delivery bodies compressed with lz4 instead of pglz, where the server has it.
 * A body is the batch's jobs as JSON, descriptions included (tens of KB), compressed once
 * by the fill's insert on the primary. In the push bench (stop 41) that insert was the
 * gateway's third statement on the primary by server time, 0.7–1.0 s per 10,000 jobs;
 * `scripts/bench/delivery-bodies.ts` writes such bodies with both methods (pglz 2.4×
 * slower to insert on this machine). Only new values change: no rewrite. A server built
 * without lz4 (PGlite) keeps pglz.
 */
export class Migration20261128000000 extends Migration {
  override up(): void {
    this.addSql(`do $$ begin
        alter table webhook_delivery alter column body set compression lz4;
      exception when feature_not_supported then null;
      end $$;`);
  }

  override down(): void {
    this.addSql('alter table webhook_delivery alter column body set compression default;');
  }
}
