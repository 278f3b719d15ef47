import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabaseEnv, TEST_DB } from '../helpers/test-services.ts';
import { NODE_FLAGS } from '../../scripts/node-flags.ts';

const work = mkdtempSync(join(tmpdir(), 'jobs-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const jobs = (env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, [...NODE_FLAGS, 'src/cli/index.ts', ...args], {
    env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });

describe(`the CLI on a database never migrated (${TEST_DB})`, () => {
  it(
    TEST_DB === 'pglite'
      ? 'migrates the embedded database itself: ingest works on a fresh checkout'
      : 'refuses table commands on PostgreSQL with the fix, and works once migrated',
    async () => {
      const env = await createTestDatabaseEnv(join(work, 'pglite'));
      const ingest = ['ingest', 'test/fixtures/ats/greenhouse/board.json', '--source', 'greenhouse:acme'];

      if (TEST_DB === 'postgres') {
        // The operator's database: a schema change is their deliberate step.
        const refused = jobs(env, ...ingest);
        expect(refused.status).toBe(1);
        expect(refused.stderr).toContain('the database is not migrated');
        expect(refused.stderr).toContain('npm run jobs -- migrate');
        expect(jobs(env, 'sources', 'list').stderr).toContain('not migrated');
        expect(jobs(env, 'migrate').status).toBe(0);
      }
      const done = jobs(env, ...ingest);
      expect(done.status, done.stderr).toBe(0);
      if (TEST_DB === 'pglite') expect(done.stderr).toMatch(/migrated the embedded database \(\d+ applied\)/);
      expect(done.stdout).toContain('new 3');
      // A directory: one summary per board, then the grand total (the broken fixtures fail).
      const folder = jobs(env, 'ingest', 'test/fixtures/ats/greenhouse', '--source', 'greenhouse');
      expect(folder.status).toBe(1);
      expect(folder.stdout).toMatch(/^total \(5 boards, [1-4] failed\): fetched \d+, new \d+/m);
      // Up to four CLI processes, each opening the database: a minute and more on a busy machine.
    },
    300_000,
  );
});

describe(`a generic import with a mapping file, from the CLI (${TEST_DB})`, () => {
  it('imports a CSV with value maps, defaults and constants, and refuses a misspelt key by name', async () => {
    const env = await createTestDatabaseEnv(join(work, 'mapping'));
    if (TEST_DB === 'postgres') expect(jobs(env, 'migrate').status).toBe(0);
    const csv = join(work, 'hr-export.csv');
    writeFileSync(
      csv,
      ['Req,Job Title,Type,Remote?', 'R-1,Payroll Clerk,F,no', 'R-2,Warehouse Associate,P,yes'].join('\n'),
    );
    const mapping = join(work, 'hr-export.json');
    writeFileSync(
      mapping,
      JSON.stringify({
        fields: {
          externalId: 'Req',
          title: 'Job Title',
          employmentType: { from: 'Type', values: { F: 'full-time', P: 'part-time' } },
          remoteFlag: 'Remote?',
          companyName: { value: 'Acme Logistics' },
          country: { value: 'US' },
        },
      }),
    );
    const done = jobs(env, 'ingest', csv, '--source', 'generic:hr', '--mapping', mapping);
    expect(done.status, done.stderr).toBe(0);
    expect(done.stdout).toContain('new 2');
    expect(done.stdout).toContain('rejected 0');

    const misspelt = join(work, 'misspelt.json');
    writeFileSync(misspelt, JSON.stringify({ title: 'Job Title', employmentTyp: 'Type' }));
    const refused = jobs(env, 'ingest', csv, '--source', 'generic:hr', '--mapping', misspelt);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('unknown field "employmentTyp"');

    // A snapshot taken two years ago: its postings count as seen then, and expire at once.
    const old = join(work, 'old-export.csv');
    writeFileSync(old, ['Req,Job Title,Type,Remote?', 'R-9,Archivist,F,no', 'R-10,Curator,P,no'].join('\n'));
    const dated = jobs(
      env,
      'ingest',
      old,
      '--source',
      'generic:old',
      '--mapping',
      mapping,
      '--as-of',
      '2024-11-01',
    );
    expect(dated.status, dated.stderr).toBe(0);
    expect(dated.stdout).toContain('new 2');
    expect(dated.stdout).toMatch(/^expired: 2 postings not seen lately or past their expiry date, 2 jobs$/m);
    const bad = jobs(
      env,
      'ingest',
      old,
      '--source',
      'generic:old',
      '--mapping',
      mapping,
      '--as-of',
      'last week',
    );
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('not an ISO 8601 date: "last week"');
  }, 300_000);
});

describe(`organizations from the CLI (${TEST_DB})`, () => {
  it('creates and lists organizations before any key, refuses a taken slug, and exits 1 when nothing was done', async () => {
    const env = await createTestDatabaseEnv(join(work, 'orgs'));
    expect(jobs(env, 'migrate').status).toBe(0);
    const created = jobs(env, 'orgs', 'create', 'acme', '--name', 'Acme Inc');
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/^Organization acme \([0-9a-f-]{36}\)/);
    const taken = jobs(env, 'orgs', 'create', 'acme');
    expect(taken.status).toBe(1);
    expect(taken.stderr).toContain('exists already');
    expect(jobs(env, 'orgs', 'create', 'Not A Slug').status).toBe(1);
    // A source can name the organization before it has a key.
    const source = jobs(env, 'sources', 'add', 'greenhouse:acme', '--org', 'acme');
    expect(source.status, source.stderr).toBe(0);
    expect(jobs(env, 'keys', 'create', '--org', 'acme').status).toBe(0);
    const list = jobs(env, 'orgs', 'list');
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(/^acme\s+1\s+0\s+[0-9a-f-]{36}$/m);
    const revoke = jobs(env, 'keys', 'revoke', 'nosuchkey0');
    expect(revoke.status).toBe(1);
    // Eight CLI processes, each opening the database: minutes on a busy 2-core machine.
  }, 300_000);
});
