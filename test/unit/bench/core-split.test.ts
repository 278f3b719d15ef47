import { describe, expect, it } from 'vitest';
import { planCoreSplit } from '../../../scripts/bench/core-split.ts';

// taskset lists; the bench pins by them (Linux only, as the bench's --push-cores split is).
describe.skipIf(process.platform !== 'linux')('planCoreSplit (push bench, --push-cores split)', () => {
  it('halves the CPUs, the ingest taking the larger half when odd', () => {
    expect(planCoreSplit(2)).toEqual({ ingest: '0', gateway: '1', replica: '1' });
    expect(planCoreSplit(5)).toEqual({ ingest: '0-2', gateway: '3-4', replica: '3-4' });
  });

  it("gives the replica a CPU of its own when the gateway's half has two, else the gateway's", () => {
    expect(planCoreSplit(2, true)).toEqual({ ingest: '0', gateway: '1', replica: '1' });
    expect(planCoreSplit(3, true)).toEqual({ ingest: '0-1', gateway: '2', replica: '2' });
    expect(planCoreSplit(4, true)).toEqual({ ingest: '0-1', gateway: '2', replica: '3' });
    expect(planCoreSplit(8, true)).toEqual({ ingest: '0-3', gateway: '4-6', replica: '7' });
  });

  it('refuses a machine of one CPU', () => {
    expect(() => planCoreSplit(1)).toThrow(/at least 2 CPUs/);
  });
});
