import { CompiledQuery } from 'kysely';
import type { Em } from './orm.ts';

/**
 * Runs one statement with its values sent as bind parameters ($1, $2, …), in the
 * entity manager's transaction when it has one. `em.execute` inlines every value into
 * the SQL text, escaping it character by character: for the writer's multi-megabyte
 * JSON batches that escaping was a tenth of the Node side's cost of storing a job,
 * and PostgreSQL then had to scan the literal again. Both drivers (pg, PGlite) speak
 * kysely, which MikroORM runs on.
 */
export async function executeBound<Row = never>(
  em: Em,
  sql: string,
  params: readonly unknown[],
): Promise<Row[]> {
  const context = em.getContext(false);
  const transaction = context.getTransactionContext();
  const connection = context.getConnection('write');
  await connection.ensureConnection();
  const executor = transaction ?? connection.getClient();
  const result = (await executor.executeQuery(CompiledQuery.raw(sql, [...params]))) as { rows: Row[] };
  return [...result.rows];
}
