import { afterAll, describe, expect, it } from 'vitest';
import { generateDemoPostings } from '../../../src/demo/generate.ts';
import type { RawPosting } from '../../../src/domain/raw-posting.ts';
import { inProcessNormalizer, threadedNormalizer } from '../../../src/ingest/normalize-pool.ts';

const now = new Date('2026-11-22T00:00:00Z');
const ctx = { platform: 'greenhouse' as const, board: 'pool', now };
const fallbacks: unknown[] = [];
const threaded = threadedNormalizer(2, (error) => fallbacks.push(error));
afterAll(() => threaded.close());

describe('normalization in worker threads', () => {
  it('prepares exactly what the main thread prepares, in order, rejections included', async () => {
    const raws: RawPosting[] = [
      ...generateDemoPostings({ count: 450, seed: 5, now }),
      { externalId: 'no-title', title: '' } as unknown as RawPosting,
    ];
    const [inWorkers, inline] = await Promise.all([
      threaded.prepare(raws, ctx),
      inProcessNormalizer().prepare(raws, ctx),
    ]);
    expect(inWorkers).toHaveLength(451);
    expect(inWorkers).toEqual(inline);
    expect(inWorkers.at(-1)).toMatchObject({ ok: false });
    expect(inWorkers[0]).toMatchObject({ ok: true, job: { postedAt: expect.any(Date) } });
    expect(fallbacks).toEqual([]);
  });

  it('prepares on the main thread what cannot be sent to a worker', async () => {
    const [raw] = generateDemoPostings({ count: 1, seed: 6, now });
    const odd = { ...raw!, payload: { id: 1, toJSON: () => 'function values cannot be cloned' } };
    const [result] = await threaded.prepare([odd], ctx);
    expect(result).toMatchObject({ ok: true, job: { externalId: raw!.externalId } });
    expect(fallbacks).toHaveLength(1);
  });
});
