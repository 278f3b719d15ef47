/**
 * A throwaway PostgreSQL 15 cluster for scripts (the bench) when DATABASE_URL is not
 * set: initdb + pg_ctl as user postgres (initdb refuses root) on a free loopback port,
 * durability off (fsync, synchronous_commit, full_page_writes), removed on stop() and
 * on Ctrl-C / SIGTERM / exit. The tests' global setup (test/helpers/postgres-cluster.ts)
 * and the bench both use it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.ts';

export interface ThrowawayPostgres {
  url: string;
  /** The cluster's data directory (postmaster.pid names the server process). */
  dataDir: string;
  /** Stops the server and removes its directory; safe to call twice. */
  stop(): void;
  /**
   * Takes the server down and keeps its data (an outage, for tests); resume() brings
   * it back. A fast stop: with synchronous_commit off an immediate one loses commits.
   */
  pause(): void;
  resume(): void;
}

export interface ThrowawayOptions {
  /** Directory of initdb/pg_ctl. @default $PG_BIN or /usr/lib/postgresql/15/bin */
  binDir?: string;
  /** Extra `-c name=value` server settings. */
  settings?: Record<string, string | number>;
  /** URL of a running primary: the new cluster is its streaming replica (pg_basebackup -R). */
  replicaOf?: string;
}

function asPostgres(cmd: string, args: string[]): void {
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  execFileSync(file, argv, { stdio: 'pipe' });
}

export async function startThrowawayPostgres(options: ThrowawayOptions = {}): Promise<ThrowawayPostgres> {
  const bin = options.binDir ?? process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
  if (!existsSync(join(bin, 'initdb'))) {
    throw new Error(
      `PostgreSQL binaries not found in ${bin}; install postgresql-15, set PG_BIN, or set DATABASE_URL`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'jobs-pg-'));
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) spawnSync('chown', ['postgres', dir]);
  const data = join(dir, 'data');
  const port = await freePort();

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    try {
      if (existsSync(join(data, 'postmaster.pid')))
        asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // The server may already be gone; the directory goes regardless.
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const onSignal = (signal: NodeJS.Signals) => {
    stop();
    process.kill(process.pid, signal);
  };
  // Registered before initdb, so a Ctrl-C during setup also cleans up.
  process.on('exit', stop);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  let start = () => undefined as void;
  try {
    if (options.replicaOf) {
      asPostgres(join(bin, 'pg_basebackup'), [
        '-d',
        options.replicaOf,
        '-D',
        data,
        '-R',
        '-X',
        'stream',
        '--no-sync',
        // An immediate checkpoint: the default spread one makes the copy wait ~30 s.
        '--checkpoint=fast',
      ]);
    } else {
      asPostgres(join(bin, 'initdb'), [
        '-D',
        data,
        '-U',
        'postgres',
        '--auth=trust',
        '-E',
        'UTF8',
        '--no-sync',
      ]);
    }
    const settings: Record<string, string | number> = {
      listen_addresses: '127.0.0.1',
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      max_connections: 200,
      ...options.settings,
    };
    const flags = Object.entries(settings)
      .map(([k, v]) => `-c ${k}=${v}`)
      .join(' ');
    start = () =>
      asPostgres(join(bin, 'pg_ctl'), [
        '-D',
        data,
        '-l',
        join(dir, 'log'),
        '-w',
        'start',
        '-o',
        `-p ${port} -k ${dir} ${flags}`,
      ]);
    start();
  } catch (error) {
    stop();
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDir: data,
    stop,
    pause: () => asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']),
    resume: () => start(),
  };
}
