import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabaseEnv, TEST_DB } from '../helpers/test-services.ts';

const work = mkdtempSync(join(tmpdir(), 'jobs-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const jobs = (env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, ['src/cli/index.ts', ...args], {
    env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });

describe(`the CLI on a database never migrated (${TEST_DB})`, () => {
  it('refuses table commands with the fix, and works once migrated', async () => {
    const env = await createTestDatabaseEnv(join(work, 'pglite'));
    const ingest = ['ingest', 'test/fixtures/ats/greenhouse/board.json', '--source', 'greenhouse:acme'];

    const refused = jobs(env, ...ingest);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('the database is not migrated');
    expect(refused.stderr).toContain('npm run jobs -- migrate');
    expect(jobs(env, 'sources', 'list').stderr).toContain('not migrated');

    expect(jobs(env, 'migrate').status).toBe(0);
    const done = jobs(env, ...ingest);
    expect(done.status, done.stderr).toBe(0);
    expect(done.stdout).toContain('new 3');
  });
});
