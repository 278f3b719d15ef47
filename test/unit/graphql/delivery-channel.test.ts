import { describe, expect, it } from 'vitest';
import { deliveryChannel } from '../../../src/graphql/delivery-channel.ts';

const take = async <T>(it: AsyncIterator<T>, n: number): Promise<T[]> => {
  const out: T[] = [];
  for (let i = 0; i < n; i++) {
    const step = await it.next();
    if (step.done) break;
    out.push(step.value);
  }
  return out;
};

describe('deliveryChannel', () => {
  it('delivers in order, including what was pushed before the producer returned, then ends', async () => {
    const it = deliveryChannel<number>(async (push) => {
      void push(1);
      void push(2);
      void push(3);
    });
    expect(await take(it, 10)).toEqual([1, 2, 3]);
    expect(await it.next()).toEqual({ done: true, value: undefined });
  });

  it("holds the producer at a push until the value is taken (a stream's next page waits for its frame)", async () => {
    const log: string[] = [];
    const it = deliveryChannel<number>(async (push) => {
      for (let i = 1; i <= 3; i++) {
        log.push(`push ${i}`);
        await push(i);
        log.push(`taken ${i}`);
      }
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(log).toEqual(['push 1']);
    expect(await it.next()).toEqual({ done: false, value: 1 });
    await new Promise((r) => setTimeout(r, 10));
    expect(log).toEqual(['push 1', 'taken 1', 'push 2']);
    expect(await take(it, 5)).toEqual([2, 3]);
  });

  it('hands a value straight to a consumer that is already waiting', async () => {
    let push!: (n: number) => Promise<void>;
    let release!: () => void;
    const it = deliveryChannel<number>(async (p) => {
      push = p;
      await new Promise<void>((r) => (release = r));
    });
    const next = it.next();
    await push(7); // resolves at once: the waiting consumer took it
    expect(await next).toEqual({ done: false, value: 7 });
    release();
    expect(await it.next()).toEqual({ done: true, value: undefined });
  });

  it('stops the producer when the consumer returns (a client gone), and pending pushes resolve', async () => {
    let stopped: AbortSignal | undefined;
    let pushed: Promise<void> | undefined;
    const it = deliveryChannel<number>(async (push, signal) => {
      stopped = signal;
      await push(1);
      pushed = push(2);
      await new Promise<void>((r) => signal.addEventListener('abort', () => r()));
    });
    expect(await it.next()).toEqual({ done: false, value: 1 });
    await new Promise((r) => setTimeout(r, 10));
    expect(stopped!.aborted).toBe(false);
    expect(await it.return!()).toEqual({ done: true, value: undefined });
    expect(stopped!.aborted).toBe(true);
    await pushed;
    expect(await it.next()).toEqual({ done: true, value: undefined });
  });

  it("rejects the consumer's next with the producer's error, whether it waits or comes later", async () => {
    const waiting = deliveryChannel<number>(async () => {
      await new Promise((r) => setTimeout(r, 10));
      throw new Error('read failed');
    });
    await expect(waiting.next()).rejects.toThrow('read failed');
    expect(await waiting.next()).toEqual({ done: true, value: undefined });

    const later = deliveryChannel<number>(async () => {
      throw new Error('at once');
    });
    await new Promise((r) => setTimeout(r, 10));
    await expect(later.next()).rejects.toThrow('at once');
  });
});
