import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Who has an embedded (PGlite) database directory open. PGlite is a database inside
 * one process: two processes opening one directory each work on a copy of their own,
 * and the last to close overwrites the other's writes. So exactly one process opens
 * the directory, and says so in a lock file beside it (`<dir>.lock`):
 *
 * - a server (`jobs serve`) holds it for its whole life and serves the database to
 *   other local processes over the PostgreSQL protocol; the lock names the endpoint,
 *   and every CLI command connects there instead of opening the directory;
 * - with no server running, a CLI command holds it while it runs, and anything else
 *   that would open the directory meanwhile stops with a message naming the holder.
 *
 * A lock whose process is gone (killed, crashed) is stale and taken over.
 */
export interface LockHolder {
  pid: number;
  host: string;
  /** The command line, to name the holder in messages. */
  command: string;
  role: 'serve' | 'command';
  startedAt: string;
  /**
   * Which life of the pid this is (Linux: boot id and start time), so that a lock left
   * by a dead process is not taken for live because its pid was given out again.
   */
  identity?: string;
  /** Where a serving process accepts PostgreSQL connections (set once it listens). */
  endpoint?: { host: string; port: number };
}

export type Claim =
  | { kind: 'owner'; lockPath: string; publish(endpoint: LockHolder['endpoint']): void; release(): void }
  | { kind: 'served'; holder: LockHolder & { endpoint: { host: string; port: number } } };

export class EmbeddedDatabaseInUse extends Error {}

/**
 * The lock beside the directory's real path: one directory reached by two paths (a
 * symlink to it, a symlinked parent) has one lock, not one per path, which let two
 * processes open it at once.
 */
export function lockPathOf(dir: string): string {
  const path = resolve(dir).replace(/[\\/]+$/, '');
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return null; // Not created yet.
    }
  };
  return `${real(path) ?? join(real(dirname(path)) ?? dirname(path), basename(path))}.lock`;
}

function readHolder(lockPath: string): LockHolder | null {
  try {
    return JSON.parse(readFileSync(lockPath, 'utf8')) as LockHolder;
  } catch {
    // Missing, or caught between create and write (a few microseconds): treated as absent/retried.
    return null;
  }
}

/**
 * The boot and start time of a process (Linux), or undefined where /proc does not say.
 * Pids are reused: after a reboot or a container restart the server often gets the very
 * pid its dead predecessor wrote in the lock, and then took that lock for live (its
 * own!) and refused to start, until someone deleted the file by hand.
 */
function processIdentity(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22, starttime; the fields after the command name (which may hold spaces) start at 3.
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return start ? `${boot}/${start}` : undefined;
  } catch {
    return undefined;
  }
}

const PROCESS_STARTED_AT = Date.now() - process.uptime() * 1000;

/** Whether the holder's process still runs (on this machine; another's is assumed to). */
export function isHolderAlive(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true; // another machine's process cannot be checked: assume it runs
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // A process runs under that pid: the holder, or a later one given its pid.
  if (holder.identity) {
    const now = processIdentity(holder.pid);
    if (now !== undefined) return now === holder.identity;
  }
  // Without /proc: this very process cannot have written a lock before it started.
  return !(holder.pid === process.pid && Date.parse(holder.startedAt) < PROCESS_STARTED_AT);
}

function describe(holder: LockHolder, lockPath: string): string {
  const what = holder.role === 'serve' ? 'the server' : `\`${holder.command}\``;
  if (holder.host === hostname()) return `${what} (pid ${holder.pid}, since ${holder.startedAt})`;
  // Another host's process cannot be checked; a container started anew has another host name too.
  return `${what} (pid ${holder.pid} on ${holder.host}, since ${holder.startedAt}; if that no longer runs, delete ${lockPath})`;
}

/** `jobs ingest feed.json …` as the operator typed it (argv[1] is the CLI's own script). */
function commandLine(): string {
  return `jobs ${process.argv.slice(2).join(' ')}`.trim();
}

export interface ClaimOptions {
  role: 'serve' | 'command';
  /** How long to wait for a server that holds the lock but does not listen yet. @default 120000 */
  waitForServerMs?: number;
}

/**
 * Takes the directory for this process, or finds the server that has it. Throws
 * EmbeddedDatabaseInUse, naming the holder and what to do, when neither is possible.
 */
export async function claimDirectory(dir: string, options: ClaimOptions): Promise<Claim> {
  const lockPath = lockPathOf(dir);
  const deadline = Date.now() + (options.waitForServerMs ?? 120_000);
  let unreadableSince = 0;
  for (;;) {
    const mine: LockHolder = {
      pid: process.pid,
      host: hostname(),
      command: commandLine(),
      role: options.role,
      startedAt: new Date().toISOString(),
      identity: processIdentity(process.pid),
    };
    try {
      // 'wx': created only if absent, atomically: of two processes racing here one wins.
      const fd = openSync(lockPath, 'wx', 0o600);
      writeSync(fd, JSON.stringify(mine));
      closeSync(fd);
      return ownerClaim(lockPath, mine);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(lockPath);
    if (holder === null && unreadableSince === 0) unreadableSince = Date.now();
    if (holder === null && Date.now() - unreadableSince < 2_000) {
      // Most likely caught between another process's create and write: look again.
      await sleep(50);
      continue;
    }
    unreadableSince = 0;
    if (holder === null || !isHolderAlive(holder)) {
      takeOverStale(lockPath, holder);
      continue;
    }
    if (holder.role === 'serve' && holder.endpoint) {
      if (options.role === 'serve')
        throw new EmbeddedDatabaseInUse(
          `the embedded database ${dir} is already served by ${describe(holder, lockPath)}: stop it first, or set PGLITE_DIR to another directory`,
        );
      return { kind: 'served', holder: holder as LockHolder & { endpoint: { host: string; port: number } } };
    }
    if (holder.role === 'serve' && options.role === 'command') {
      // The server is still starting (opening the database, migrating it): wait for its endpoint.
      if (Date.now() < deadline) {
        await sleep(200);
        continue;
      }
      throw new EmbeddedDatabaseInUse(
        `the embedded database ${dir} is still being opened and migrated by ${describe(holder, lockPath)}; ` +
          'run the command again once the server is up',
      );
    }
    throw new EmbeddedDatabaseInUse(
      `the embedded database ${dir} is in use by ${describe(holder, lockPath)}; ` +
        (options.role === 'command'
          ? 'wait for it to finish, or start the server first (`npm start`): commands then go through it'
          : holder.role === 'serve'
            ? // A server that is still starting: it never finishes, so waiting is no advice.
              'it is still starting; stop it first, or set PGLITE_DIR to another directory'
            : 'wait for it to finish, then start the server (commands run while the server runs go through it)'),
    );
  }
}

/**
 * Moves a stale lock aside. Two processes may both have seen it stale; if the one
 * moved is not the stale lock any more but a live one another process took
 * meanwhile, it goes back (link fails if a lock exists again), so at most one owner.
 */
function takeOverStale(lockPath: string, stale: LockHolder | null): void {
  const moved = `${lockPath}.stale-${process.pid}`;
  try {
    renameSync(lockPath, moved);
  } catch {
    return; // Another process moved it first.
  }
  const was = readHolder(moved);
  if (
    was !== null &&
    isHolderAlive(was) &&
    (stale === null || was.pid !== stale.pid || was.startedAt !== stale.startedAt)
  ) {
    try {
      linkSync(moved, lockPath);
    } catch {
      // A newer lock is in place already.
    }
  }
  unlinkSync(moved);
}

function ownerClaim(lockPath: string, mine: LockHolder): Claim {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only our own lock: never remove one a later process wrote after ours went stale.
    if (readHolder(lockPath)?.pid === mine.pid) {
      try {
        unlinkSync(lockPath);
      } catch {
        // Already gone.
      }
    }
  };
  // A process that exits without closing (an uncaught error, process.exit) still lets go.
  process.on('exit', release);
  return {
    kind: 'owner',
    lockPath,
    publish: (endpoint) => {
      // Replaced by rename, so a reader sees the old lock or the new one, never half of it.
      writeFileSync(`${lockPath}.next`, JSON.stringify({ ...mine, endpoint }), { mode: 0o600 });
      renameSync(`${lockPath}.next`, lockPath);
    },
    release,
  };
}
