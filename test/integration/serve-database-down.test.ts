import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../scripts/pg-cluster.ts';
import { freePort } from '../../scripts/free-port.ts';
import { loadConfig } from '../../src/config.ts';
import { createServices } from '../../src/services.ts';
import { TEST_DB } from '../helpers/test-services.ts';
import { NODE_FLAGS } from '../../scripts/node-flags.ts';

/**
 * `jobs serve` started while PostgreSQL is down (containers starting together, a
 * reboot): it listens, answers /healthz, says 503 on /readyz and on the API, names the
 * database it waits for, and serves once the database is back — instead of exiting.
 * The probes are never rate-limited.
 */
const children: ChildProcess[] = [];
let cluster: ThrowawayPostgres | undefined;
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  cluster?.stop();
});

describe.skipIf(TEST_DB !== 'postgres')('serve with the database down at start', () => {
  it('waits with backoff, reports readiness, then serves', async () => {
    cluster = await startThrowawayPostgres();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database waiting');
    await admin.end();
    const url = new URL(cluster.url);
    url.pathname = '/waiting';
    url.password = 'secret-password';
    cluster.pause();

    const port = await freePort();
    const child = spawn(process.execPath, [...NODE_FLAGS, 'src/cli/index.ts', 'serve'], {
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        PORT: String(port),
        LOG_LEVEL: 'warn',
        INGEST_POLLER: 'false',
        RATE_LIMIT_MAX: '3',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    let exited: number | null | undefined;
    child.once('exit', (code) => (exited = code));
    const base = `http://127.0.0.1:${port}`;
    const status = (path: string) =>
      fetch(`${base}${path}`)
        .then((r) => r.status)
        .catch(() => 0);

    await expect.poll(() => status('/healthz'), { timeout: 60_000, interval: 200 }).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBeTruthy();
    const search = await fetch(`${base}/search/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(search.status).toBe(503);
    expect((await search.json()).error.code).toBe('database_unavailable');
    await expect.poll(() => out, { timeout: 30_000 }).toContain('cannot reach the database (DATABASE_URL=');
    expect(out).not.toContain('secret-password');
    // Metrics are scraped while starting too.
    expect(await status('/metrics')).toBe(200);
    // Probes many times over a limit of 3 per window: never 429.
    for (let i = 0; i < 10; i++) expect(await status('/healthz')).toBe(200);

    cluster.resume();
    // Backoff reaches a few seconds by now; it migrates and becomes ready.
    await expect.poll(() => status('/readyz'), { timeout: 90_000, interval: 250 }).toBe(200);
    const served = await fetch(`${base}/search/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(served.status).toBe(200);
    expect((await served.json()).pagination.total).toBe(0);
    expect(exited).toBeUndefined();
  }, 240_000);

  it('connects over a Unix socket named by ?host= (and ?port=), as libpq does', async () => {
    const socketDir = mkdtempSync(join(tmpdir(), 'jobs-pgsock-'));
    chmodSync(socketDir, 0o777);
    const viaSocket = await startThrowawayPostgres({
      settings: { unix_socket_directories: `'${socketDir}'` },
    });
    try {
      const port = new URL(viaSocket.url).port;
      const config = loadConfig({
        DATABASE_URL: `postgres://postgres@/postgres?host=${encodeURIComponent(socketDir)}&port=${port}`,
        LOG_LEVEL: 'silent',
        NORMALIZE_THREADS: '0',
      });
      const services = await createServices(config);
      try {
        const [row] = await services.orm.em
          .fork()
          .execute<{ addr: string | null }[]>('select inet_server_addr()::text as addr');
        // No server address: the connection is a Unix socket, not TCP.
        expect(row!.addr).toBeNull();
      } finally {
        await services.close();
      }
      expect(() => loadConfig({ DATABASE_URL: 'mysql://root@localhost/jobs' })).toThrow(/postgres:\/\//);
    } finally {
      viaSocket.stop();
      rmSync(socketDir, { recursive: true, force: true });
    }
  }, 120_000);
});
