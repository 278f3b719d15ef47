import { afterEach, describe, expect, it, vi } from 'vitest';
import { StageLog } from '../../../scripts/bench/push-stages.ts';

const pos = (xid: number, seq: number) => ({ xid: BigInt(xid), seq: BigInt(seq) });

// The push bench's stage split: each delivered job followed from its event's commit
// through the first head read that saw it and the first page read that held it.
describe('StageLog (push bench, SSE stages)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("splits each arrival's latency at the head read that saw its event and the page read that held it", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const log = new StageLog();
    let last = pos(4, 9);
    const feed = { head: async () => ({ last }) };
    let page = [{ xid: '5', seq: '1' }];
    let readMs = 0;
    const pages = {
      eventImages: async () => {
        vi.setSystemTime(Date.now() + readMs);
        return { events: page };
      },
    };
    log.watch(feed, pages);

    vi.setSystemTime(1_005);
    await feed.head(); // before the commit: sees (4, 9)
    last = pos(5, 3);
    vi.setSystemTime(1_010);
    await feed.head(); // the first to see (5, 2)
    vi.setSystemTime(1_020);
    await feed.head();
    vi.setSystemTime(1_050);
    await pages.eventImages(); // holds (5, 1) only
    page = [
      { xid: '5', seq: '2' },
      { xid: '5', seq: '3' },
    ];
    readMs = 40;
    vi.setSystemTime(1_100);
    await pages.eventImages(); // 1,100 → 1,140, holds (5, 2)

    const figures = log.figures([
      { at: 1_300, position: pos(5, 2), committed: 1_000 },
      { at: 1_400, position: pos(5, 2), committed: 1_000 },
      // No recorded page held it: not followed.
      { at: 1_500, position: pos(6, 1), committed: 1_200 },
    ]);
    expect(figures).toMatchObject({ followed: 2, arrivals: 3 });
    expect(figures!.seen).toEqual({ p50: 10, p99: 10 });
    expect(figures!.toPage).toEqual({ p50: 90, p99: 90 });
    expect(figures!.read).toEqual({ p50: 40, p99: 40 });
    expect(figures!.toArrival).toEqual({ p50: 160, p99: 260 });
  });

  it('gives nothing when no read was recorded', () => {
    expect(new StageLog().figures([{ at: 10, position: pos(1, 1), committed: 5 }])).toBeNull();
  });
});
