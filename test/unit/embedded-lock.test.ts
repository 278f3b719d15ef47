import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claimDirectory, lockPathOf, type LockHolder } from '../../src/db/embedded-lock.ts';

/**
 * A lock left by a dead process must not pass for live because its pid was given out
 * again: after a reboot or a container restart the new server often has the very pid
 * the old one wrote. Before, `npm start` then refused to start ("already served by the
 * server (pid N)", its own pid), and every CLI command went to a socket nobody served.
 */
const root = mkdtempSync(join(tmpdir(), 'jobs-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const anHourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

function leaveLock(dir: string, holder: Partial<LockHolder>): void {
  const lock: LockHolder = {
    pid: process.pid,
    host: hostname(),
    command: 'jobs serve --seed-demo',
    role: 'serve',
    startedAt: anHourAgo(),
    endpoint: { host: join(root, 'gone.socket'), port: 5432 },
    ...holder,
  };
  writeFileSync(lockPathOf(dir), JSON.stringify(lock));
}

async function claimAndRelease(dir: string, role: 'serve' | 'command'): Promise<string> {
  const claim = await claimDirectory(dir, { role, waitForServerMs: 0 });
  if (claim.kind === 'owner') claim.release();
  return claim.kind;
}

const linux = existsSync('/proc/self/stat');

describe('a stale embedded-database lock whose pid runs again', () => {
  it('is taken over when it names this very process in an earlier life', async () => {
    const dir = join(root, 'own-pid');
    leaveLock(dir, { identity: linux ? 'an-earlier-boot/12345' : undefined });
    expect(await claimAndRelease(dir, 'serve')).toBe('owner');
    leaveLock(dir, { identity: linux ? 'an-earlier-boot/12345' : undefined });
    expect(await claimAndRelease(dir, 'command')).toBe('owner');
    expect(existsSync(lockPathOf(dir))).toBe(false);
  });

  it('is taken over when it names this process without saying which life (older locks)', async () => {
    const dir = join(root, 'own-pid-old-format');
    leaveLock(dir, {});
    expect(await claimAndRelease(dir, 'command')).toBe('owner');
  });

  it.skipIf(!linux)('is taken over when another process has its pid now', async () => {
    const dir = join(root, 'reused');
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      leaveLock(dir, { pid: other.pid!, identity: 'an-earlier-boot/12345' });
      expect(await claimAndRelease(dir, 'serve')).toBe('owner');
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('still counts a live holder as live, in this process too', async () => {
    const dir = join(root, 'live');
    const serving = await claimDirectory(dir, { role: 'serve' });
    expect(serving.kind).toBe('owner');
    if (serving.kind !== 'owner') return;
    serving.publish({ host: join(root, 'live.socket'), port: 5432 });
    // A second opener in the same process goes through the server, never opens the directory.
    const second = await claimDirectory(dir, { role: 'command' });
    expect(second.kind).toBe('served');
    await expect(claimDirectory(dir, { role: 'serve' })).rejects.toThrow(/already served by the server/);
    expect(JSON.parse(readFileSync(lockPathOf(dir), 'utf8')).pid).toBe(process.pid);
    serving.release();
  });
});

describe('one embedded-database directory reached by two paths', () => {
  it('has one lock, so a symlink to the directory cannot open it a second time', async () => {
    // PGLITE_DIR=/srv/jobs-db in one terminal, the directory it links to in another:
    // the locks were named after the paths, so both processes opened the one directory.
    const real = join(root, 'real-db');
    mkdirSync(real, { recursive: true });
    const link = join(root, 'linked-db');
    symlinkSync(real, link);
    const serving = await claimDirectory(real, { role: 'serve' });
    expect(serving.kind).toBe('owner');
    if (serving.kind !== 'owner') return;
    try {
      // Still starting (no endpoint yet): a second server is told to stop the first, not to wait for it.
      await expect(claimDirectory(link, { role: 'serve' })).rejects.toThrow(
        /in use by the server.*still starting; stop it first/,
      );
      serving.publish({ host: join(root, 'real.socket'), port: 5432 });
      expect((await claimDirectory(link, { role: 'command' })).kind).toBe('served');
    } finally {
      serving.release();
    }
  });
});
