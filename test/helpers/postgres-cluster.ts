import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Vitest global setup for the `postgres` project: starts a throwaway PostgreSQL 15
 * cluster (as user postgres, which initdb requires) on a free loopback port, hands
 * its URL to the tests, and removes it afterwards. TEST_DATABASE_URL skips all of
 * that and uses a server you already run.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

function asPostgres(cmd: string, args: string[]): void {
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  execFileSync(file, argv, { stdio: 'pipe' });
}

export interface Cluster {
  url: string;
  /**
   * Stops the server, keeping its data (start() brings it back). A fast stop: the
   * cluster runs with synchronous_commit off, so an immediate stop would lose commits.
   */
  stop(): void;
  start(): void;
  /** Stops the server and deletes its files. */
  destroy(): void;
}

/** A throwaway PostgreSQL 15 cluster on a free loopback port, owned by user postgres. */
export async function startCluster(): Promise<Cluster> {
  if (!existsSync(join(PG_BIN, 'initdb'))) {
    throw new Error(
      `PostgreSQL binaries not found in ${PG_BIN}; install postgresql-15 or set TEST_DATABASE_URL`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'jobs-pg-'));
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) spawnSync('chown', ['postgres', dir]);
  const data = join(dir, 'data');
  const port = await freePort();
  asPostgres(join(PG_BIN, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const start = () =>
    asPostgres(join(PG_BIN, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      'start',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    ]);
  const stop = (mode = 'fast') => asPostgres(join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', mode, '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop: () => stop(),
    destroy: () => {
      try {
        stop('immediate');
      } catch {
        // Already stopped (a test took it down): only the files are left to remove.
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('postgresUrl', process.env.TEST_DATABASE_URL);
    return () => undefined;
  }
  const cluster = await startCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.destroy();
}
