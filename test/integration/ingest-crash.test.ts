import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openToCommands } from '../../src/db/orm.ts';
import type { Services } from '../../src/services.ts';
import { createTestDatabaseEnv, createTestServices, TEST_DB } from '../helpers/test-services.ts';
import { NODE_FLAGS } from '../../scripts/node-flags.ts';

/**
 * A run killed with SIGKILL at an arbitrary moment and started again must end in
 * the state of an uninterrupted run. The real CLI runs as a child process on a real
 * database; the comparison leaves out only the wall-clock "seen at" columns.
 */
const POSTINGS = 8000;
const work = mkdtempSync(join(tmpdir(), 'jobs-crash-'));
const feed = join(work, 'crash.json');

function greenhouseFeed(): string {
  const cities = [
    'Berlin, Germany',
    'Austin, TX',
    'Remote - United States',
    'London, United Kingdom',
    'Toronto, ON, Canada',
  ];
  const jobs = Array.from({ length: POSTINGS }, (_, i) => ({
    id: 900000 + i,
    internal_job_id: 500000 + i,
    title: `${['Backend', 'Frontend', 'Data', 'Platform', 'Mobile'][i % 5]} Engineer ${Math.floor(i / 5)}`,
    updated_at: '2026-11-01T10:00:00-05:00',
    first_published: '2026-10-20T09:00:00-05:00',
    requisition_id: `REQ-${i}`,
    location: { name: cities[i % cities.length] },
    absolute_url: `https://job-boards.greenhouse.io/crashco/jobs/${900000 + i}`,
    metadata: null,
    company_name: `Crash Co ${i % 40}`,
    content: `&lt;p&gt;Build services in TypeScript and PostgreSQL. Pay: $${100 + (i % 50)},000 - $${150 + (i % 50)},000&lt;/p&gt;`,
    departments: [{ id: 1, name: 'Engineering', parent_id: null, child_ids: [] }],
    offices: [],
  }));
  return JSON.stringify({ jobs, meta: { total: POSTINGS } });
}

const ingestArgs = [
  ...NODE_FLAGS,
  'src/cli/index.ts',
  'ingest',
  feed,
  '--source',
  'greenhouse:crashco',
  '--full',
];

/** Async: on PGlite the test process itself serves the database the child writes to. */
async function runToEnd(env: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, ingestArgs, {
    env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`ingest failed: ${stderr}`);
}

async function prepare(env: Record<string, string>): Promise<void> {
  const s = await createTestServices({}, env);
  await s.close();
}

// Reads only: no search index to build (it would hold the served session while the CLI writes).
const READER = { SEARCH_INDEX: 'false' };

async function dump(env: Record<string, string>): Promise<unknown> {
  const s: Services = await createTestServices({}, { ...env, ...READER });
  const em = s.orm.em.fork();
  const q = (sql: string) => em.execute(sql);
  const state = {
    jobs: await q(`select id, title, normalized_title, company_id, location_text, city, country_code, places, remote_type,
        job_type, seniority, category_id, skills, salary_min, salary_max, salary_min_usd, salary_max_usd, salary_text,
        posted_at, status, closed_at is null as open, search_vector::text as sv from job order by id`),
    postings: await q(
      `select id, platform, board, external_id, job_id, payload_hash, status from source_posting order by id`,
    ),
    companies: await q(`select id, name, normalized_name from company order by id`),
  };
  await s.close();
  return state;
}

async function postingCount(env: Record<string, string>): Promise<number> {
  const s = await createTestServices({}, { ...env, ...READER });
  const [row] = await s.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from source_posting');
  await s.close();
  return Number(row!.n);
}

beforeAll(() => writeFileSync(feed, greenhouseFeed()));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe(`ingest killed with SIGKILL (${TEST_DB})`, () => {
  it('converges to the uninterrupted state when run again', async () => {
    const reference = await createTestDatabaseEnv(join(work, 'reference'));
    await prepare(reference);
    await runToEnd(reference);
    const expected = await dump(reference);
    expect((expected as { postings: unknown[] }).postings).toHaveLength(POSTINGS);

    const crashed = await createTestDatabaseEnv(join(work, 'crashed'));
    await prepare(crashed);
    // PGlite: this process serves the directory, as `jobs serve` does, so the CLI writes
    // through it and the test can watch the count while it runs (before, it could only
    // guess a moment and kill, which proved nothing when the run had already ended).
    // No search index: this server only serves the directory (and its change-log reads would
    // compete with the CLI for the one session).
    const server =
      TEST_DB === 'pglite'
        ? await createTestServices({ embeddedRole: 'serve' }, { ...crashed, ...READER })
        : null;
    // Migrated (createTestServices): commands may come in, as `serve` lets them after migrating.
    if (server) openToCommands(server.orm);
    const child = spawn(process.execPath, ingestArgs, {
      env: { ...process.env, ...crashed, LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Kill once some batches have committed and others have not.
    await expect
      .poll(async () => (await postingCount(crashed)) > 0, { timeout: 120_000, interval: 10 })
      .toBe(true);
    child.kill('SIGKILL');
    await exited;
    const partial = await postingCount(crashed);
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(POSTINGS);

    await runToEnd(crashed);
    // Read back directly, as the reference was (the same driver's types on both sides).
    await server?.close();
    expect(await dump(crashed)).toEqual(expected);
  }, 900_000);
});
