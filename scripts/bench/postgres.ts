/**
 * The PostgreSQL side of the bench: the target server (a throwaway cluster from
 * scripts/pg-cluster.ts, or a database of its own on DATABASE_URL's server), the local
 * server's CPU time, and the table update statistics a re-run leaves behind.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Services } from '../../src/services.ts';
import { startThrowawayPostgres } from '../pg-cluster.ts';

export interface PgTarget {
  url: string;
  label: string;
  /** The local cluster's data directory; null on DATABASE_URL's server. */
  dataDir: string | null;
  dispose: () => Promise<void>;
}

export type TableUpdates = Map<string, { upd: number; hot: number }>;

/** PostgreSQL for the run: a fresh database on DATABASE_URL's server, or a throwaway cluster. */
export async function openPostgres(): Promise<PgTarget> {
  const given = process.env.DATABASE_URL;
  return given ? databaseOnServer(given) : throwawayCluster();
}

async function throwawayCluster(): Promise<PgTarget> {
  // BENCH_PG_SETTINGS="jit=off work_mem=64MB": extra server settings for experiments.
  const settings = Object.fromEntries(
    (process.env.BENCH_PG_SETTINGS ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((kv) => kv.split('=', 2) as [string, string]),
  );
  const cluster = await startThrowawayPostgres({ settings });
  const extra = Object.entries(settings)
    .map(([k, v]) => `, ${k}=${v}`)
    .join('');
  return {
    url: cluster.url,
    label: `throwaway PostgreSQL 15 cluster (fsync off${extra})`,
    dataDir: cluster.dataDir,
    dispose: async () => cluster.stop(),
  };
}

async function databaseOnServer(given: string): Promise<PgTarget> {
  const { Client } = await import('pg');
  const dbName = `jobs_bench_${process.pid}`;
  const admin = new Client({ connectionString: given });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(given);
  url.pathname = `/${dbName}`;
  return {
    url: url.toString(),
    label: `database ${dbName} on DATABASE_URL's server (dropped afterwards)`,
    dataDir: null,
    dispose: async () => {
      const c = new Client({ connectionString: given });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    },
  };
}

/**
 * Another fresh database on the target's server (for a stage that must not see the
 * first one's rows), dropped by the returned dispose.
 */
export async function siblingDatabase(
  target: PgTarget,
  suffix: string,
): Promise<{ url: string; dispose: () => Promise<void> }> {
  const { Client } = await import('pg');
  const adminUrl = new URL(target.url);
  adminUrl.pathname = '/postgres';
  const dbName = `jobs_bench_${process.pid}_${suffix}`;
  const run = async (sql: string) => {
    const c = new Client({ connectionString: adminUrl.toString() });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`create database ${dbName}`);
  const url = new URL(target.url);
  url.pathname = `/${dbName}`;
  return { url: url.toString(), dispose: () => run(`drop database if exists ${dbName} with (force)`) };
}

/**
 * CPU seconds (user + system) of one local PostgreSQL server: the postmaster named by
 * postmaster.pid and its children (backends, autovacuum, writers), read from /proc —
 * the live ones' own time, and the exited ones' as the postmaster's reaped children's
 * time. Without the latter a backend that ended inside a window (the push bench's ingest
 * process closes its connections before the window's end is read) took its CPU with it.
 * Null when the server is not ours to see (DATABASE_URL, not Linux).
 */
export function postgresCpuSeconds(dataDir: string | null): number | null {
  if (!dataDir) return null;
  try {
    const postmaster = Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
    let ticks = 0;
    for (const entry of readdirSync('/proc')) {
      if (/^\d+$/.test(entry)) ticks += serverTicks(entry, postmaster);
    }
    return ticks / 100;
  } catch {
    return null;
  }
}

/** Clock ticks of process `pid` when it is the postmaster or one of its children, else 0. */
function serverTicks(pid: string, postmaster: number): number {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[1] = ppid, [11] = utime, [12] = stime, [13] = cutime, [14] = cstime (stat fields 4, 14–17)
  const own = Number(fields[11]) + Number(fields[12]);
  if (Number(pid) === postmaster) return own + Number(fields[13]) + Number(fields[14]);
  return Number(fields[1]) === postmaster ? own : 0;
}

export async function serverVersion(services: Services): Promise<string> {
  const [version] = await services.orm.em
    .fork()
    .execute<{ v: string }[]>(`select current_setting('server_version') as v`);
  return version?.v ?? '?';
}

/** Cumulative row updates and HOT updates of the tables a re-run touches. */
export async function tableUpdates(services: Services): Promise<TableUpdates> {
  // The statistics collector lags a little behind commits; give it a moment.
  await new Promise((r) => setTimeout(r, 700));
  const rows = await services.orm.em.fork().execute<{ relname: string; upd: string; hot: string }[]>(
    `select relname, n_tup_upd as upd, n_tup_hot_upd as hot from pg_stat_user_tables
      where relname in ('job', 'source_posting') order by relname`,
  );
  return new Map(rows.map((r) => [r.relname, { upd: Number(r.upd), hot: Number(r.hot) }]));
}
