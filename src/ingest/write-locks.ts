import AsyncLock from 'async-lock';
import pLimit from 'p-limit';
import { concurrentTransactions, type Orm } from '../db/orm.ts';

/** Runs `write` once no other write in this process holds any of `keys`. */
export type WriteLocks = <T>(keys: string[], write: () => Promise<T>) => Promise<T>;

const locks = new WeakMap<Orm, WriteLocks>();

/**
 * Writes of boards in flight, per database, in this process. Deciding whether a
 * posting copies a stored job and storing it happen while holding the dedup keys
 * (normalized company | title) of the batch, so a copy arriving on another board in
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
