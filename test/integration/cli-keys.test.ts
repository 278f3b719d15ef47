import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiKeyCheck } from '../../src/domain/api-key-check.ts';
import { createTestDatabaseEnv, createTestServices, TEST_DB } from '../helpers/test-services.ts';
import { NODE_FLAGS } from '../../scripts/node-flags.ts';

const work = mkdtempSync(join(tmpdir(), 'jobs-cli-keys-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const jobs = (env: Record<string, string>, ...args: string[]) => {
  const run = spawnSync(process.execPath, [...NODE_FLAGS, 'src/cli/index.ts', ...args], {
    env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  // A process that ends by a signal has no status: say which signal, so a crash is not read as a wrong exit code.
  if (run.status === null) run.stderr = `killed by ${run.signal}: ${run.error?.message ?? ''}\n${run.stderr}`;
  return run;
};
const keyOf = (stdout: string) => /API key \(shown once\): (\S+)/.exec(stdout)?.[1] ?? '';
const prefixOf = (key: string) => key.split('_')[1]!;
// The secret is base64url: it may hold '_' itself, so everything after the prefix.
const secretOf = (key: string) => key.split('_').slice(2).join('_');
const DAY = 86_400_000;

/** What the database says of keys once the CLI processes have ended. */
async function checks(env: Record<string, string>, keys: string[]): Promise<ApiKeyCheck['status'][]> {
  const services = await createTestServices({}, env);
  try {
    const em = services.orm.em.fork();
    const out: ApiKeyCheck['status'][] = [];
    for (const key of keys) out.push((await services.organizations.checkApiKey(em, key)).status);
    return out;
  } finally {
    await services.close();
  }
}

describe(`keys from the CLI (${TEST_DB})`, () => {
  it('creates keys with a scope and an expiry, lists them, rotates and revokes, and exits 1 when it did nothing', async () => {
    const env = await createTestDatabaseEnv(join(work, 'keys'));
    expect(jobs(env, 'migrate').status).toBe(0);

    // Bad options fail before the database is opened, with a non-zero exit.
    const badScope = jobs(env, 'keys', 'create', '--org', 'acme', '--scope', 'owner');
    expect(badScope.status).toBe(1);
    expect(badScope.stderr).toMatch(/read, admin/);
    const badDuration = jobs(env, 'keys', 'create', '--org', 'acme', '--expires-in', '90');
    expect(badDuration.status).toBe(1);
    expect(badDuration.stderr).toContain('90d');
    expect(jobs(env, 'keys', 'rotate', 'whatever00', '--overlap', '31d').status).toBe(1);

    const before = Date.now();
    const created = jobs(env, 'keys', 'create', '--org', 'acme', '--scope', 'admin', '--expires-in', '90d');
    expect(created.status, created.stderr).toBe(0);
    const admin = keyOf(created.stdout);
    const expires = Date.parse(/expires (\S+)/.exec(created.stdout)![1]!);
    expect(expires).toBeGreaterThanOrEqual(before + 90 * DAY);
    expect(expires).toBeLessThan(Date.now() + 90 * DAY + 1_000);
    const reader = keyOf(jobs(env, 'keys', 'create', '--org', 'acme', '--name', 'ci').stdout);
    expect(reader).toMatch(/^jl_/);

    const list = jobs(env, 'keys', 'list');
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(
      new RegExp(`^${prefixOf(admin)}\\tacme\\tadmin\\tactive, until \\S+\\tnever\\tdefault$`, 'm'),
    );
    expect(list.stdout).toMatch(
      new RegExp(`^${prefixOf(reader)}\\tacme\\tread\\tactive, no expiry\\tnever\\tci$`, 'm'),
    );
    expect(list.stdout).not.toContain(secretOf(admin));
    expect(jobs(env, 'keys', 'list', '--org', 'nosuch').status).toBe(1);

    // Rotation with no overlap: the old key stops at once, the new one keeps the scope and lifetime.
    const rotated = jobs(env, 'keys', 'rotate', prefixOf(admin), '--overlap', '0');
    expect(rotated.status, rotated.stderr).toBe(0);
    const replacement = keyOf(rotated.stdout);
    expect(rotated.stdout).toMatch(/^Scope admin, expires /m);
    expect(rotated.stdout).toContain(`The old key ${prefixOf(admin)} works until`);
    expect(jobs(env, 'keys', 'rotate', prefixOf(admin)).status).toBe(1);
    expect(jobs(env, 'keys', 'rotate', 'nosuchkey0').status).toBe(1);
    // The default overlap: the old key works on.
    const rotatedReader = jobs(env, 'keys', 'rotate', prefixOf(reader));
    expect(rotatedReader.status, rotatedReader.stderr).toBe(0);

    const revoked = jobs(env, 'keys', 'revoke', prefixOf(replacement));
    expect(revoked.status, revoked.stderr).toBe(0);
    expect(jobs(env, 'keys', 'revoke', prefixOf(replacement)).status).toBe(1);
    expect(jobs(env, 'keys', 'revoke', 'nosuchkey0').status).toBe(1);

    const after = jobs(env, 'keys', 'list', '--org', 'acme');
    expect(after.stdout).toMatch(new RegExp(`^${prefixOf(admin)}\\tacme\\tadmin\\texpired `, 'm'));
    expect(after.stdout).toMatch(new RegExp(`^${prefixOf(replacement)}\\tacme\\tadmin\\trevoked `, 'm'));
    expect(after.stdout).toMatch(
      new RegExp(`^${prefixOf(reader)}\\tacme\\tread\\trotated to [a-z2-7]{10}, until `, 'm'),
    );

    expect(await checks(env, [admin, replacement, reader, keyOf(rotatedReader.stdout)])).toEqual([
      'expired',
      'revoked',
      'valid',
      'valid',
    ]);
    // Many CLI processes, each opening the database: minutes on a busy 2-core machine.
  }, 600_000);
});
