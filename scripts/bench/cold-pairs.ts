/**
 * The cold ingest of this checkout against another commit's, in alternated pairs
 * (`npm run bench -- --cold-against <rev> [--pairs 6] [--postings 50000] [--outbox-off]`).
 *
 * Why pairs: this machine kind's speed drifts by ±15–20 % within minutes, so two runs far
 * apart compare the machine, not the code (issue 11's clause "nothing here may slow the
 * cold ingest by more than 10 %" was argued over for four sessions on single runs). Each
 * run is a fresh process and a fresh database of one throwaway cluster (nothing warm,
 * nothing left by the run before), the two commits take turns, and the figure is the
 * median of the pairs' ratios beside the spread.
 *
 * The other commit is checked out in a temporary git worktree sharing this checkout's
 * node_modules; the one-run script below is written into both trees' scripts/bench and
 * uses only what the bench has had since 2026-11-22 (`openDb`, `ingestAll`, the demo
 * generator), so any commit since then can be measured. `--outbox-off` disables issue
 * 12's outbox triggers where they exist (the commit before issue 12 has none).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startThrowawayPostgres } from '../pg-cluster.ts';
import { NODE_FLAGS } from '../node-flags.ts';
import { fmt, log } from './format.ts';

export interface ColdPairsOptions {
  against: string;
  pairs: number;
  postings: number;
  outboxOff: boolean;
}

const RUNNER = '.cold-run.tmp.ts';

/** One cold ingest on a fresh database; prints one JSON line. Written into each tree. */
const RUNNER_SOURCE = `// Written by scripts/bench/cold-pairs.ts for one run, and removed after.
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { generateDemoPostings } from '../../src/demo/generate.ts';
import { ingestAll, openDb } from './ingest.ts';
import { NOW } from './options.ts';

const n = Number(process.env.COLD_POSTINGS);
const admin = process.env.COLD_ADMIN_URL as string;
const name = 'cold_' + process.pid;
const run = async (sql: string) => {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(sql);
  await c.end();
};
await run('create database ' + name);
const url = new URL(admin);
url.pathname = '/' + name;
const postings = generateDemoPostings({ count: n, seed: 7, now: NOW });
const db = await openDb('PostgreSQL', { DATABASE_URL: url.toString(), SEARCH_INDEX: 'false' });
if (process.env.COLD_OUTBOX_OFF === '1')
  await db.services.orm.em
    .fork()
    .execute('alter table job disable trigger job_event_insert, disable trigger job_event_update, disable trigger job_event_delete')
    .catch(() => undefined); // a commit without the outbox
// CPU seconds by kind of thread (Linux): the normalize pool's, V8's collector helpers'.
const byThread = (): Map<string, number> => {
  const seconds = new Map<string, number>();
  try {
    for (const task of readdirSync('/proc/self/task')) {
      const stat = readFileSync('/proc/self/task/' + task + '/stat', 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const kind = name === 'WorkerThread' ? 'normalize' : name.startsWith('V8Worker') ? 'gc' : 'other';
      seconds.set(kind, (seconds.get(kind) ?? 0) + (Number(fields[11]) + Number(fields[12])) / 100);
    }
  } catch {
    // No /proc: the split is left out.
  }
  return seconds;
};
const threads0 = byThread();
const r = await ingestAll(db.services, db.probe, postings, 'cold', 'PostgreSQL', process.env.COLD_DATA_DIR as string);
const threads1 = byThread();
const per = (s: number | null) => (s === null ? null : (s * 1e6) / n);
const split = (kind: string) => (threads1.has(kind) ? per(threads1.get(kind)! - (threads0.get(kind) ?? 0)) : null);
console.log(JSON.stringify({ rate: n / r.seconds, node: per(r.nodeCpu), main: per(r.mainThreadCpu), normalize: split('normalize'), gc: split('gc'), pg: per(r.pgCpu) }));
await db.close();
await run('drop database ' + name + ' with (force)');
`;

interface Run {
  rate: number;
  node: number;
  main: number;
  /** The normalize threads' and V8's collector threads' share of `node` (null without /proc). */
  normalize: number | null;
  gc: number | null;
  pg: number | null;
  load: number;
}

export async function runColdPairs(opts: ColdPairsOptions): Promise<void> {
  const here = resolve(import.meta.dirname, '../..');
  const commit = git(here, 'rev-parse', '--verify', `${opts.against}^{commit}`).trim();
  const head = git(here, 'rev-parse', '--short', 'HEAD').trim();
  const other = mkdtempSync(join(tmpdir(), 'jobs-cold-'));
  git(here, 'worktree', 'add', '--detach', '--force', other, commit);
  symlinkSync(join(here, 'node_modules'), join(other, 'node_modules'));
  const trees = [other, here];
  for (const dir of trees) writeFileSync(join(dir, 'scripts/bench', RUNNER), RUNNER_SOURCE);
  const cluster = await startThrowawayPostgres();
  try {
    log(
      `# Cold ingest, ${opts.against} against this checkout (${head}): ${opts.pairs} alternated pair${opts.pairs === 1 ? '' : 's'}`,
    );
    log(
      `${fmt(opts.postings)} demo postings a run, a fresh process and database each, search index off` +
        (opts.outboxOff ? ", issue 12's outbox triggers off" : ''),
    );
    log(
      'pair | postings/s before → after | change | Node CPU µs/posting (normalize threads, collector, main) | PostgreSQL CPU µs/posting | load',
    );
    const ratios: number[] = [];
    const runs: Run[][] = [[], []];
    for (let i = 1; i <= opts.pairs; i++) {
      const pair: Run[] = [];
      for (const [k, dir] of trees.entries()) {
        const r = await oneRun(dir, cluster, opts);
        runs[k]!.push(r);
        pair.push(r);
      }
      const [a, b] = pair as [Run, Run];
      ratios.push(b.rate / a.rate - 1);
      log(
        `${i} | ${fmt(Math.round(a.rate))} → ${fmt(Math.round(b.rate))} | ${pct(b.rate / a.rate - 1)} | ` +
          `${cpu(a)} → ${cpu(b)} | ${whole(a.pg)} → ${whole(b.pg)} | ` +
          `${a.load.toFixed(1)}, ${b.load.toFixed(1)}`,
      );
    }
    const [before, after] = runs as [Run[], Run[]];
    log(
      `median of the pairs' changes ${pct(median(ratios))} (from ${pct(Math.min(...ratios))} to ${pct(Math.max(...ratios))}); ` +
        `medians ${fmt(Math.round(median(before.map((r) => r.rate))))} → ${fmt(Math.round(median(after.map((r) => r.rate))))} postings/s ` +
        `(${pct(median(after.map((r) => r.rate)) / median(before.map((r) => r.rate)) - 1)})`,
    );
  } finally {
    cluster.stop();
    for (const dir of trees) rmSync(join(dir, 'scripts/bench', RUNNER), { force: true });
    git(here, 'worktree', 'remove', '--force', other);
    if (existsSync(other)) rmSync(other, { recursive: true, force: true });
  }
}

async function oneRun(
  dir: string,
  cluster: { url: string; dataDir: string },
  opts: ColdPairsOptions,
): Promise<Run> {
  const admin = new URL(cluster.url);
  admin.pathname = '/postgres';
  const out = await new Promise<string>((done, fail) => {
    const child = spawn(process.execPath, [...NODE_FLAGS, join('scripts/bench', RUNNER)], {
      cwd: dir,
      env: {
        ...process.env,
        COLD_ADMIN_URL: admin.toString(),
        COLD_DATA_DIR: cluster.dataDir,
        COLD_POSTINGS: String(opts.postings),
        COLD_OUTBOX_OFF: opts.outboxOff ? '1' : '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done(text) : fail(new Error(`a run in ${dir} exited with ${code}`)),
    );
  });
  const line = out.split('\n').find((l) => l.startsWith('{'));
  if (!line) throw new Error(`a run in ${dir} printed no figures`);
  return { ...(JSON.parse(line) as Omit<Run, 'load'>), load: loadavg()[0]! };
}

const whole = (x: number | null) => (x === null ? '-' : String(Math.round(x)));

/** "262 (170, 41, 51)": Node's CPU a posting, and its normalize, collector and main threads' shares. */
const cpu = (r: Run) => `${whole(r.node)} (${whole(r.normalize)}, ${whole(r.gc)}, ${whole(r.main)})`;

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function pct(x: number): string {
  return `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)} %`;
}
