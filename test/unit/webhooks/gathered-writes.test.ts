import { describe, expect, it } from 'vitest';
import { gatheredWrites } from '../../../src/webhooks/gathered-writes.ts';

/** A write that waits until the test lets it finish, so batches can be watched forming. */
function controlledWrite() {
  const batches: number[][] = [];
  const finish: (() => void)[] = [];
  const write = (items: number[]) =>
    new Promise<void>((resolve) => {
      batches.push(items);
      finish.push(resolve);
    });
  return { batches, finish, write };
}
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('gathered write-backs', () => {
  it('writes what is recorded in one turn as one batch, and what comes meanwhile as the next', async () => {
    const { batches, finish, write } = controlledWrite();
    const writes = gatheredWrites(write);
    let settled = 0;
    const first = [1, 2, 3].map((n) => writes.record(n).then(() => settled++));
    await turn();
    expect(batches).toEqual([[1, 2, 3]]);
    // Recorded while the first batch is being written: not settled by the first write.
    const second = [4, 5].map((n) => writes.record(n).then(() => settled++));
    finish[0]!();
    await Promise.all(first);
    expect(settled).toBe(3);
    await turn();
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    finish[1]!();
    await Promise.all(second);
    expect(settled).toBe(5);
    // Quiet again: the next record starts a new batch.
    const third = writes.record(6);
    await turn();
    expect(batches.at(-1)).toEqual([6]);
    finish[2]!();
    await third;
  });

  it('fails every caller of a batch whose write fails, and goes on with the next', async () => {
    let calls = 0;
    const writes = gatheredWrites<number>(async () => {
      if (++calls === 1) throw new Error('database down');
    });
    const results = await Promise.allSettled([writes.record(1), writes.record(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await expect(writes.record(3)).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });

  it('settles without writing once dropped (a killed gateway writes nothing back)', async () => {
    let dropped = false;
    const written: number[][] = [];
    const writes = gatheredWrites<number>(
      async (items) => void written.push(items),
      () => dropped,
    );
    await writes.record(1);
    dropped = true;
    await writes.record(2);
    expect(written).toEqual([[1]]);
  });
});
