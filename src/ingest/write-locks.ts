import AsyncLock from 'async-lock';
import pLimit from 'p-limit';
import { concurrentTransactions, type Orm } from '../db/orm.ts';
import { atsJobKeysOf, companyLockKeysOf, type DedupSubject } from '../domain/dedup-keys.ts';

/** Runs `write` once no other write in this process holds any of `keys`. */
export type WriteLocks = <T>(keys: string[], write: () => Promise<T>) => Promise<T>;

const locks = new WeakMap<Orm, WriteLocks>();

/**
 * Writes of boards in flight, per database, in this process. Deciding whether a
 * posting copies a stored job and storing it happen while holding the lock keys
 * (company identities and ATS jobs, writeLockKeysOf) of the batch, so a copy arriving on another board in
 * flight always sees the job it duplicates and is merged, never stored twice; batches
 * with no key in common (nearly always: other companies) write side by side, on as
 * many connections. Keys are taken in sorted order, so two batches never wait on each
 * other. PGlite has one session: there every write takes its turn.
 * Separate processes rely on upserts (README).
 */
export function writeLocks(orm: Orm): WriteLocks {
  let run = locks.get(orm);
  if (!run) {
    if (concurrentTransactions(orm)) {
      // maxPending: every board in flight may queue on a key shared by all of them.
      const keyed = new AsyncLock({ maxPending: Infinity });
      run = (keys, write) => keyed.acquire([...new Set(keys)].sort(), write);
    } else {
      const one = pLimit(1);
      run = (_keys, write) => one(write);
    }
    locks.set(orm, run);
  }
  return run;
}

const COMPANY_SLOTS = 1024;
const ATS_JOB_SLOTS = 64;

/** FNV-1a: a cheap, stable string hash for lock slots. */
function slotOf(key: string, slots: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return (h >>> 0) % slots;
}

/**
 * The write-lock keys of a batch: its company identities and ATS jobs
 * (domain/dedup-keys.ts), which two copies of one posting always share one of, hashed
 * into a bounded number of slots — async-lock takes a list of keys by nesting one
 * acquisition per key and fails silently past a few thousand, and a batch of an
 * aggregated feed names thousands of identities and jobs. Sharing a slot only waits.
 */
export function writeLockKeysOf(jobs: readonly DedupSubject[]): string[] {
  const keys = new Set<string>();
  for (const job of jobs) {
    for (const k of companyLockKeysOf(job)) keys.add(`c${slotOf(k, COMPANY_SLOTS)}`);
    for (const k of atsJobKeysOf(job)) keys.add(`a${slotOf(k, ATS_JOB_SLOTS)}`);
  }
  return [...keys];
}
