import { createHash } from 'node:crypto';

const BLOCK = Buffer.alloc(4 * 2 ** 20, 7);

/**
 * A fixed piece of CPU work, timed (ms): the same work in every run, so that a run on a
 * slower hour of this VM — its speed drifts, ±20 % and at times more, with PostgreSQL's
 * CPU per request moving by as much as the gateway's — can be told apart from a change
 * of the code. JavaScript arithmetic and a native hash, one thread; the best of three, so
 * that being descheduled once does not count.
 */
export function speedProbeMs(): number {
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const t = performance.now();
    let x = 1;
    for (let i = 0; i < 20_000_000; i++) x = (Math.imul(x, 48271) + i) | 0;
    const hash = createHash('sha256');
    for (let k = 0; k < 4; k++) hash.update(BLOCK);
    hash.update(String(x)).digest();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}
