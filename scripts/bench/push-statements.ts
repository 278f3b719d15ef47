/**
 * `--push-statements [n]`: where the server's time goes in each phase of the push part,
 * by statement (pg_stat_statements). The throwaway cluster, and its replica, load the
 * module; each phase resets the counts as its ingest starts and prints its database's
 * top statements by execution time when its delivery window ends. Stops 40 and 41 found
 * what the subscribers cost the primary this way (webhook claims, deliveries' inserts,
 * write-backs), from a patch applied by hand: now one flag.
 *
 * `track = all`: a trigger's statements are listed too, and their time is also inside
 * the statement that fired them (the ingest's COPY holds its outbox trigger's insert).
 */
import pg from 'pg';
import { log, table } from './format.ts';

/** The throwaway cluster's settings that load and configure the module. */
export const STATEMENT_SETTINGS = {
  shared_preload_libraries: 'pg_stat_statements',
  'pg_stat_statements.track': 'all',
} as const;

/** The first characters of a statement shown, its whitespace folded. */
const QUERY_CHARS = 100;

interface StatementRow {
  ms: string;
  calls: string;
  per_call: string;
  rows: string;
  query: string;
}

/** Statement counts of one database on one server (the primary, or the replica's copy). */
export class StatementCounts {
  private readonly url: string;
  private readonly label: string;

  private constructor(url: string, label: string) {
    this.url = url;
    this.label = label;
  }

  /**
   * Creates the extension where the database is writable (the replica gets it by
   * replication) and checks that the server loaded the module; null, said once in the
   * report, where it cannot (a DATABASE_URL server without it in shared_preload_libraries).
   */
  static async open(url: string, label: string, create: boolean): Promise<StatementCounts | null> {
    const counts = new StatementCounts(url, label);
    try {
      await counts.query(async (c) => {
        if (create) await c.query('create extension if not exists pg_stat_statements');
        await c.query('select 1 from pg_stat_statements limit 1');
      });
      return counts;
    } catch (error) {
      log(`statements on the ${label}: not available (${(error as Error).message})`);
      return null;
    }
  }

  /** Zero the server's counts (every database: the phases run one at a time). */
  async reset(): Promise<void> {
    await this.query((c) => c.query('select pg_stat_statements_reset()'));
  }

  /** Prints this database's `n` statements with the most execution time since the reset. */
  async print(phase: string, n: number): Promise<void> {
    const rows = await this.query(
      async (c) =>
        (
          await c.query<StatementRow>(
            `select round(total_exec_time::numeric)::text as ms, calls::text as calls,
                    round((total_exec_time / greatest(calls, 1))::numeric, 2)::text as per_call,
                    rows::text as rows, left(regexp_replace(query, '\\s+', ' ', 'g'), $2) as query
               from pg_stat_statements
              where dbid = (select oid from pg_database where datname = current_database())
                and query not like 'select pg_stat_statements_reset()%'
              order by total_exec_time desc limit $1`,
            [n, QUERY_CHARS],
          )
        ).rows,
    );
    const total = await this.query(
      async (c) =>
        (
          await c.query<{ ms: string; calls: string }>(
            `select coalesce(round(sum(total_exec_time)::numeric), 0)::text as ms, coalesce(sum(calls), 0)::text as calls
               from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
                and toplevel`,
          )
        ).rows[0]!,
    );
    if (rows.length === 0) return;
    log();
    log(
      `${phase}: statements on the ${this.label} by execution time (top ${n}; all top-level: ${total.ms} ms in ${total.calls} calls)`,
    );
    // The numbers as a table, the statement after them, left-aligned and unpadded.
    const numbers = table(
      ['ms', 'calls', 'ms/call', 'rows'],
      rows.map((r) => [r.ms, r.calls, r.per_call, r.rows]),
      0,
    ).split('\n');
    const texts = ['statement', '-'.repeat(9), ...rows.map((r) => r.query)];
    for (const [i, line] of numbers.entries()) log(`${line}${i === 1 ? '-|-' : ' | '}${texts[i]}`);
  }

  private async query<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: this.url });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  }
}
