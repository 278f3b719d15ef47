import { CompiledQuery } from 'kysely';
import { from as copyFrom } from 'pg-copy-streams';
import type { Em } from './orm.ts';

/**
 * Streams `data` into a `COPY … FROM STDIN` inside the entity manager's transaction
 * (PostgreSQL only: PGlite has no COPY protocol for clients).
 *
 * MikroORM runs statements through kysely, which hands the statement to the pg
 * client's `query()` as it is; pg runs any object with a `submit` method as a
 * "submittable" query, which is how pg-copy-streams works. So the copy runs on the
 * transaction's own connection, before the statements after it — no second
 * connection, no second transaction (a batch still commits whole, or not at all).
 */
export async function copyIn(em: Em, sql: string, data: Uint8Array): Promise<void> {
  const transaction = em.getContext(false).getTransactionContext();
  if (!transaction) throw new Error('copyIn runs inside a transaction');
  const stream = copyFrom(sql);
  const done = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  await transaction.executeQuery(CompiledQuery.raw(stream as unknown as string, []));
  stream.end(data);
  await done;
}
