import { Migration } from '@mikro-orm/migrations';

/**
 * lz4 instead of pglz for the event outbox's images of a job (Migration20261125100000).
 * An image holds the job's search vector, about 2 kB for a demo posting: most rows are
 * just over the size at which PostgreSQL compresses, and pglz spent a pass on each (its
 * positions hardly compress) before storing it. Measured on one server, 10,000 images of
 * demo jobs inserted as the insert trigger does, six alternated rounds: pglz 20 µs a row,
 * lz4 14, no compression (storage external, as the job's own search vector is stored since
 * Migration20261122000001) 13 — but lz4 keeps two images in three inline (compressed
 * just enough to fit), which the event readers then read without a TOAST lookup. The
 * descriptions are lz4 since Migration20261122000001 already. Only images written from now
 * on use it; both methods read.
 *
 * PostgreSQL builds without lz4 (PGlite, the embedded default, is one) refuse the method
 * with feature_not_supported: there pglz stays, as before.
 */
const IMAGES = 'alter column before set compression %s, alter column after set compression %s';

export class Migration20261127000000 extends Migration {
  override up(): void {
    this.addSql(`do $$
      begin
        alter table job_event ${IMAGES.replaceAll('%s', 'lz4')};
      exception when feature_not_supported then
        null; -- a build without lz4 (PGlite): pglz stays
      end $$;`);
  }

  override down(): void {
    this.addSql(`alter table job_event ${IMAGES.replaceAll('%s', 'default')};`);
  }
}
