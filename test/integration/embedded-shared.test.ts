import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { freePort } from '../../scripts/free-port.ts';
import { MIGRATIONS } from '../../src/db/migrations/index.ts';
import { INGEST_BATCH } from '../../src/ingest/pipeline.ts';
import { TEST_DB } from '../helpers/test-services.ts';
import { NODE_FLAGS } from '../../scripts/node-flags.ts';

/**
 * The README's walkthrough with the default embedded database, as real processes: the
 * server running, CLI commands writing in a second process. Before, each CLI command
 * opened its own copy of the PGlite directory: the server never saw its writes, and
 * they were lost when the server next closed.
 */
const run = promisify(execFile);
const root = mkdtempSync(join(tmpdir(), 'jobs-shared-'));
const dir = join(root, 'db');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

const env = (extra: Record<string, string> = {}) => ({
  ...process.env,
  PGLITE_DIR: dir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  INGEST_POLLER: 'false',
  NORMALIZE_THREADS: '0',
  ...extra,
});

interface Server {
  base: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

async function startServer(extra: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [...NODE_FLAGS, 'src/cli/index.ts', 'serve', '--seed-demo'], {
    env: env({ PORT: String(port), DEMO_JOBS: '200', ...extra }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  let code: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (c) => {
      code = c;
      resolve(c);
    }),
  );
  await expect
    .poll(() => (code !== undefined ? `exited ${code}: ${out}` : out), { timeout: 300_000, interval: 200 })
    .toContain('is up at');
  return { base: `http://127.0.0.1:${port}`, child, exited };
}

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return cliWith({}, ...args);
}

/** A CLI command with more environment (another PGLITE_DIR). */
async function cliWith(
  extra: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [...NODE_FLAGS, 'src/cli/index.ts', ...args], {
      env: env(extra),
      timeout: 300_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function search(base: string, q: string): Promise<{ total: number; titles: string[] }> {
  const res = await fetch(`${base}/search/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ q, limit: 100 }),
  });
  const body = (await res.json()) as { data: Array<{ title: string }>; pagination: { total: number } };
  return { total: body.pagination.total, titles: body.data.map((j) => j.title) };
}

const listing = async (base: string, key: string) =>
  fetch(`${base}/jobs`, { headers: { 'x-api-key': key } }).then(async (r) => ({
    status: r.status,
    total: r.status === 200 ? ((await r.json()) as { total_items: number }).total_items : -1,
  }));

/** Collects every `jobsAdded` event the server pushes over SSE. */
function subscribe(base: string): { ids: string[]; close(): void } {
  const ids: string[] = [];
  const abort = new AbortController();
  void (async () => {
    const res = await fetch(
      `${base}/graphql?query=${encodeURIComponent('subscription { jobsAdded { id } }')}`,
      {
        headers: { accept: 'text/event-stream' },
        signal: abort.signal,
      },
    );
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body!) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const data = buffer
          .slice(0, end)
          .split('\n')
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6))
          .join('');
        buffer = buffer.slice(end + 2);
        if (data) ids.push(...(JSON.parse(data).data?.jobsAdded ?? []).map((j: { id: string }) => j.id));
      }
    }
  })().catch(() => undefined);
  return { ids, close: () => abort.abort() };
}

const BIG = 5000;

/** A Greenhouse board of BIG distinct postings, written once. */
function bigFeed(): string {
  const file = join(root, 'bigco.json');
  if (existsSync(file)) return file;
  const jobs = Array.from({ length: BIG }, (_, i) => ({
    id: 700000 + i,
    title: `Platform Engineer ${i}`,
    updated_at: '2026-11-01T10:00:00-05:00',
    first_published: '2026-10-20T09:00:00-05:00',
    location: { name: 'Berlin, Germany' },
    absolute_url: `https://job-boards.greenhouse.io/bigco/jobs/${700000 + i}`,
    company_name: 'Big Co',
    content: '&lt;p&gt;Build services in TypeScript.&lt;/p&gt;',
    departments: [],
    offices: [],
  }));
  writeFileSync(file, JSON.stringify({ jobs, meta: { total: BIG } }));
  return file;
}

const keyOf = (stdout: string) => /API key \(shown once\): (\S+)/.exec(stdout)?.[1] ?? '';

describe.skipIf(TEST_DB !== 'pglite')('one embedded database for the server and the CLI', () => {
  it('shows CLI writes in the running server at once, keeps them across a SIGKILL, and refuses a second opener', async () => {
    const server = await startServer();
    const sse = subscribe(server.base);
    // The subscription is registered before anything is written (an empty keep-alive is enough).
    await new Promise((r) => setTimeout(r, 500));

    const created = await cli('keys', 'create', '--org', 'acme');
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toContain('working through it');
    const acmeKey = keyOf(created.stdout);
    expect(await listing(server.base, acmeKey)).toEqual({ status: 200, total: 0 });

    // Two ingests side by side through the served socket, while the server answers searches.
    const [greenhouse, lever] = await Promise.all([
      cli(
        'ingest',
        'test/fixtures/ats/greenhouse/board.json',
        '--source',
        'greenhouse:acme',
        '--org',
        'acme',
      ),
      cli('ingest', 'test/fixtures/ats/lever/board.json', '--source', 'lever:acme', '--org', 'acme'),
      ...Array.from({ length: 5 }, () => search(server.base, 'engineer')),
    ]);
    expect(greenhouse.code, greenhouse.stderr).toBe(0);
    expect(lever.code, lever.stderr).toBe(0);
    expect(greenhouse.stdout).toContain('new 3');
    expect(lever.stdout).toContain('new 3');

    expect(await listing(server.base, acmeKey)).toEqual({ status: 200, total: 6 });
    expect((await search(server.base, 'payments')).titles).toContain('Backend Engineer, Payments');
    // The live view heard about every new job the CLI wrote.
    await expect.poll(() => new Set(sse.ids).size, { timeout: 20_000 }).toBe(6);
    sse.close();

    const sources = await cli('sources', 'add', 'greenhouse:acme-board', '--org', 'acme');
    expect(sources.code, sources.stderr).toBe(0);

    // A second server on the same directory is refused with the holder named.
    const port = await freePort();
    const second = await run(process.execPath, [...NODE_FLAGS, 'src/cli/index.ts', 'serve'], {
      env: env({ PORT: String(port) }),
      timeout: 300_000,
    }).catch((e: { code: number; stderr: string }) => e);
    expect((second as { code: number }).code).toBe(1);
    expect((second as { stderr: string }).stderr).toMatch(/already served by the server \(pid \d+/);

    const before = (await search(server.base, '')).total;

    // Killed outright in the middle of a command's writes: no shutdown, the lock stays behind.
    const big = cli('ingest', bigFeed(), '--source', 'greenhouse:bigco');
    await expect
      .poll(async () => (await search(server.base, '')).total, { timeout: 120_000, interval: 20 })
      .toBeGreaterThan(before);
    server.child.kill('SIGKILL');
    await server.exited;
    const cut = await big;
    expect(cut.code).toBe(1);
    expect(existsSync(`${dir}.lock`)).toBe(true);

    // With no server, a command opens the directory itself (the dead server's lock is stale).
    const beta = await cli('keys', 'create', '--org', 'beta');
    expect(beta.code, beta.stderr).toBe(0);
    expect(beta.stderr).not.toContain('working through it');
    expect(existsSync(`${dir}.lock`)).toBe(false);

    const again = await startServer();
    // What committed before the kill is there; the rest arrives when the command runs again.
    const after = (await search(again.base, '')).total;
    expect(after).toBeGreaterThan(before);
    expect(after).toBeLessThan(before + BIG);
    const rerun = await cli('ingest', bigFeed(), '--source', 'greenhouse:bigco');
    expect(rerun.code, rerun.stderr).toBe(0);
    expect((await search(again.base, '')).total).toBe(before + BIG);
    expect(await listing(again.base, acmeKey)).toEqual({ status: 200, total: 6 });
    expect(await listing(again.base, keyOf(beta.stdout))).toEqual({ status: 200, total: 0 });
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    // A clean stop lets go of the directory.
    expect(existsSync(`${dir}.lock`)).toBe(false);
  }, 1_200_000);

  it('refuses to open the directory while a command holds it, naming the command', async () => {
    // A stand-in for a long `jobs ingest`: another process holding the directory.
    const holder = spawn(
      process.execPath,
      [
        ...NODE_FLAGS,
        '--input-type=module',
        '-e',
        `import { claimDirectory } from './src/db/embedded-lock.ts';
         await claimDirectory(${JSON.stringify(dir)}, { role: 'command' });
         console.log('held');
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(holder);
    await new Promise<void>((resolve) => holder.stdout!.once('data', () => resolve()));
    const lock = JSON.parse(readFileSync(`${dir}.lock`, 'utf8')) as { pid: number };
    expect(lock.pid).toBe(holder.pid);

    const port = await freePort();
    const serve = await run(process.execPath, [...NODE_FLAGS, 'src/cli/index.ts', 'serve'], {
      env: env({ PORT: String(port) }),
      timeout: 300_000,
    }).catch((e: { code: number; stderr: string }) => e);
    expect((serve as { code: number }).code).toBe(1);
    expect((serve as { stderr: string }).stderr).toContain(`is in use by`);
    expect((serve as { stderr: string }).stderr).toContain(`pid ${holder.pid}`);

    const command = await cli('keys', 'create', '--org', 'gamma');
    expect(command.code).toBe(1);
    expect(command.stderr).toContain('start the server first');
    holder.kill('SIGKILL');
  }, 600_000);
  it('lets a command started with the server in only once the server has migrated', async () => {
    // The README's first steps: `npm start` on a fresh checkout and, in another terminal,
    // a CLI command at once. The server used to name its socket before migrating: the
    // command migrated through it beside the server, and one of the two failed
    // (`relation "mikro_orm_migrations" already exists`).
    const fresh = join(root, 'fresh');
    const lock = `${fresh}.lock`;
    const port = await freePort();
    const child = spawn(process.execPath, [...NODE_FLAGS, 'src/cli/index.ts', 'serve'], {
      env: env({ PGLITE_DIR: fresh, PORT: String(port) }),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(child);
    let serverErr = '';
    child.stderr!.on('data', (d: Buffer) => (serverErr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

    await expect.poll(() => existsSync(lock), { timeout: 300_000, interval: 10 }).toBe(true);
    const early = cliWith({ PGLITE_DIR: fresh }, 'orgs', 'create', 'early');

    // Whenever commands can find the server, its schema is complete.
    const endpoint = async () => {
      try {
        return (JSON.parse(readFileSync(lock, 'utf8')) as { endpoint?: { host: string; port: number } })
          .endpoint;
      } catch {
        return undefined;
      }
    };
    await expect.poll(endpoint, { timeout: 300_000, interval: 10 }).toBeDefined();
    const client = new pg.Client({ ...(await endpoint())!, user: 'postgres', database: 'postgres' });
    await client.connect();
    const applied = await client
      .query<{ n: number }>('select count(*)::int as n from mikro_orm_migrations')
      .then((r) => r.rows[0]!.n)
      .catch((error: Error) => error.message);
    await client.end();
    expect(applied).toBe(MIGRATIONS.length);

    const created = await early;
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toContain('working through it');
    expect(created.stderr).not.toContain('migrated');
    const listed = await cliWith({ PGLITE_DIR: fresh }, 'orgs', 'list');
    expect(listed.stdout).toContain('early');
    child.kill('SIGTERM');
    expect(await exited, serverErr).toBe(0);
  }, 600_000);
  it('fails a command loudly when the server it works through is stopped, and keeps what it committed', async () => {
    // Ctrl-C on `npm start` while `jobs ingest` writes through it. Before, the command
    // printed a stray driver error (or one the server's rollback caused, "no company
    // row"), then hung on its lost connection until Node gave up with exit code 13.
    const other = { PGLITE_DIR: join(root, 'stopped') };
    const server = await startServer({ ...other, DEMO_JOBS: '0' });
    const ingest = cliWith(other, 'ingest', bigFeed(), '--source', 'greenhouse:bigco');
    await expect
      .poll(async () => (await search(server.base, '')).total, { timeout: 120_000, interval: 20 })
      .toBeGreaterThan(0);
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    const cut = await ingest;
    const again = await startServer({ ...other, DEMO_JOBS: '0' });
    const kept = (await search(again.base, '')).total;
    if (cut.code === 0) expect(kept).toBe(BIG);
    else {
      expect(cut.code).toBe(1);
      expect(cut.stderr).toMatch(
        /the server \(pid \d+\) that has the embedded database open stopped while this command ran/,
      );
      expect(cut.stderr).not.toContain('unsettled');
      // Whole batches only: each is one transaction, committed or rolled back.
      expect(kept % INGEST_BATCH).toBe(0);
      expect(kept).toBeGreaterThan(0);
    }
    const rerun = await cliWith(other, 'ingest', bigFeed(), '--source', 'greenhouse:bigco');
    expect(rerun.code, rerun.stderr).toBe(0);
    expect((await search(again.base, '')).total).toBe(BIG);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 1_200_000);
  it("stops on Ctrl-C while the page's live list is open, and lets go of the directory", async () => {
    // The live list is an event stream that never ends by itself; the server's close
    // waited for it, so with the page open SIGINT did nothing (a second one killed it).
    const other = { PGLITE_DIR: join(root, 'live') };
    const server = await startServer(other);
    const sse = subscribe(server.base);
    await new Promise((r) => setTimeout(r, 500));
    let code: number | null | undefined;
    void server.exited.then((c) => (code = c));
    server.child.kill('SIGINT');
    await expect.poll(() => code, { timeout: 300_000, interval: 200 }).toBe(0);
    sse.close();
    expect(existsSync(`${other.PGLITE_DIR}.lock`)).toBe(false);
  }, 600_000);
});
