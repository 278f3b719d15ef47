import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';
import { DEMO_API_KEY } from '../../src/ingest/seed-demo.ts';
import { TEST_DB } from '../helpers/test-services.ts';
import { NODE_FLAGS } from '../../scripts/node-flags.ts';

/**
 * What `npm start` does, as a real process: an embedded database in a directory,
 * migrated and filled with demo data, both contract routes and /graphql served, the
 * demo key printed; and a restart that keeps the data and adds nothing twice.
 * (A smaller demo set than the default 10,000 keeps the test quick.)
 */
const dir = mkdtempSync(join(tmpdir(), 'jobs-serve-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<{ base: string; output: () => string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...NODE_FLAGS, 'src/cli/index.ts', 'serve', '--seed-demo'], {
    env: {
      ...process.env,
      PORT: String(port),
      PGLITE_DIR: join(dir, 'db'),
      DEMO_JOBS: '3000',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  let exitCode: number | null = null;
  const exited = new Promise<void>((resolve) => child.once('exit', (code) => ((exitCode = code), resolve())));
  await expect
    .poll(() => (exitCode !== null ? `exited ${exitCode}: ${out}` : out), { timeout: 180_000, interval: 200 })
    .toContain('is up at');
  return {
    base: `http://127.0.0.1:${port}`,
    output: () => out,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const totals = async (base: string) => {
  const search = await (
    await fetch(`${base}/search/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
  ).json();
  const mine = await (await fetch(`${base}/jobs`, { headers: { 'x-api-key': DEMO_API_KEY } })).json();
  return { all: search.pagination.total as number, board: mine.total_items as number };
};

describe.skipIf(TEST_DB !== 'pglite')('npm start on an empty directory (embedded database)', () => {
  it('seeds demo data once, serves both routes and GraphQL, and keeps the data across a restart', async () => {
    const first = await start();
    expect(first.output()).toContain(DEMO_API_KEY);
    // A handful of log lines and the banner, not one line per demo board (there are ~100 here).
    const logLines = first
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(logLines.length, logLines.join('\n')).toBeLessThan(10);
    expect(first.output()).toContain('demo data seeded');
    const before = await totals(first.base);
    // 3,000 postings seeded; the dedup rule merges a few of them (demo companies whose board
    // token equals another's initials, with templated descriptions alike enough), so the
    // jobs number a little less. What matters here is that they survive the restart below.
    expect(before.all).toBeGreaterThan(2_900);
    expect(before.all).toBeLessThanOrEqual(3_000);
    expect(before.board).toBeGreaterThanOrEqual(300);
    const gql = await fetch(`${first.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': DEMO_API_KEY },
      body: JSON.stringify({
        query: '{ searchJobs(first: 1) { totalCount } organizationJobs(first: 1) { totalCount } }',
      }),
    });
    expect((await gql.json()).data).toEqual({
      searchJobs: { totalCount: before.all },
      organizationJobs: { totalCount: before.board },
    });
    await first.stop();

    const second = await start();
    expect(await totals(second.base)).toEqual(before);
    await second.stop();
  }, 480_000);
});
