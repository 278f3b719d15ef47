import { describe, expect, it } from 'vitest';
import type { Orm } from '../../../src/db/orm.ts';
import { writeLocks } from '../../../src/ingest/write-locks.ts';

// A stand-in handle: writeLocks only keys its state on the object, and a database
// opened by createOrm as PostgreSQL is one that allows concurrent transactions.
const postgresLike = () => ({}) as unknown as Orm;

function recorder() {
  const events: string[] = [];
  const write = (name: string, ms: number) => async () => {
    events.push(`${name}+`);
    await new Promise((r) => setTimeout(r, ms));
    events.push(`${name}-`);
    return name;
  };
  return { events, write };
}

describe('write locks', () => {
  it('lets writes with no dedup key in common run side by side', async () => {
    const locks = writeLocks(postgresLike());
    const { events, write } = recorder();
    await Promise.all([locks(['acme|engineer'], write('a', 20)), locks(['globex|designer'], write('b', 5))]);
    expect(events).toEqual(['a+', 'b+', 'b-', 'a-']);
  });

  it('runs writes sharing a key one after the other, in arrival order', async () => {
    const locks = writeLocks(postgresLike());
    const { events, write } = recorder();
    const results = await Promise.all([
      locks(['acme|engineer', 'acme|analyst'], write('a', 20)),
      locks(['acme|analyst'], write('b', 5)),
    ]);
    expect(events).toEqual(['a+', 'a-', 'b+', 'b-']);
    expect(results).toEqual(['a', 'b']);
  });

  it('cannot deadlock on keys asked for in opposite orders', async () => {
    const locks = writeLocks(postgresLike());
    const { events, write } = recorder();
    await Promise.all([locks(['x', 'y'], write('a', 10)), locks(['y', 'x'], write('b', 10))]);
    expect(events).toEqual(['a+', 'a-', 'b+', 'b-']);
  });

  it('releases keys when a write fails', async () => {
    const locks = writeLocks(postgresLike());
    await expect(locks(['k'], () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await locks(['k'], async () => 'next')).toBe('next');
  });
});
