import { createHash } from 'node:crypto';
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

/** Statement texts given a name so far (a server keeps each connection's named statements). */
const named = new Map<string, string>();
/**
 * Texts named at most: each holds a plan in every pooled connection's server process,
 * so a stream of distinct texts (filter shapes) is not prepared past this.
 */
const MAX_NAMED = 256;

interface PgPool {
  query(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * A read whose text recurs with other values (a page of ids, its filter's values),
 * run on PostgreSQL as a named prepared statement, so each pooled connection plans
 * it once and then reuses the plan: planning was half of a search page's server time
 * at 1M jobs (0.6 of 1.2 ms; its 20 ids written into the text made every page a new
 * statement). `sql` uses `?` placeholders, as `em.execute` does; they become $1, $2, ….
 * Outside PostgreSQL, or inside a transaction, it is `em.execute`.
 */
export async function executePrepared<Row>(
  em: Em,
  sql: string,
  params: readonly unknown[],
  connectionType: 'read' | 'write',
): Promise<Row[]> {
  if (em.getTransactionContext())
    return em.execute<Row[]>(sql, [...params], { method: 'all', connectionType });
  let name = named.get(sql);
  if (name === undefined && named.size < MAX_NAMED) {
    name = `jobs_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    named.set(sql, name);
  }
  let n = 0;
  const text = sql.replace(/\?/g, () => `$${++n}`);
  const pool = (await em.getConnection(connectionType).getNativeClient()) as PgPool;
  const result = await pool.query({ ...(name ? { name } : {}), text, values: [...params] });
  return result.rows as Row[];
}
