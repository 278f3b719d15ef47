import { Piscina } from 'piscina';
import type { RawPosting } from '../domain/raw-posting.ts';
import type { PrepareTask } from './normalize-worker.ts';
import { preparePosting, type PrepareContext, type PreparedPosting } from './normalize/prepare.ts';

/** Turns raw postings into prepared ones (normalized, enriched, search vector built), in order. */
export interface Normalizer {
  prepare(raws: RawPosting[], ctx: PrepareContext): Promise<PreparedPosting[]>;
  close(): Promise<void>;
}

/** In-process work yields to the event loop this often, so a batch being written progresses meanwhile. */
const YIELD_EVERY = 100;
/** Postings per worker task: small enough to spread one board over every thread. */
const CHUNK = 200;

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Normalization on the calling thread (tests, and NORMALIZE_THREADS=0). */
export function inProcessNormalizer(): Normalizer {
  return {
    async prepare(raws, ctx) {
      const out: PreparedPosting[] = [];
      for (let i = 0; i < raws.length; i++) {
        if (i > 0 && i % YIELD_EVERY === 0) await nextTick();
        out.push(preparePosting(raws[i]!, ctx));
      }
      return out;
    },
    close: async () => undefined,
  };
}

/**
 * Normalization in worker threads. It is most of the CPU of ingesting a posting and
 * pure, so with it off the main thread the main thread plans and writes while the
 * workers normalize the next boards, and every core works (README, Benchmark).
 *
 * A chunk that cannot be sent to a worker (a feed object that is not cloneable, say)
 * or whose worker fails is prepared on this thread instead: same code, same result.
 */
export function threadedNormalizer(threads: number, onFallback?: (error: unknown) => void): Normalizer {
  const pool = new Piscina<PrepareTask, PreparedPosting[]>({
    filename: new URL('./normalize-worker.ts', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    // Idle workers would block the process from exiting between runs otherwise.
    idleTimeout: 5_000,
  });
  const inline = inProcessNormalizer();
  const chunk = async (raws: RawPosting[], ctx: PrepareContext) => {
    try {
      return await pool.run({ raws, ctx });
    } catch (error) {
      onFallback?.(error);
      return inline.prepare(raws, ctx);
    }
  };
  return {
    async prepare(raws, ctx) {
      const chunks: Promise<PreparedPosting[]>[] = [];
      for (let i = 0; i < raws.length; i += CHUNK) chunks.push(chunk(raws.slice(i, i + CHUNK), ctx));
      return (await Promise.all(chunks)).flat();
    },
    close: () => pool.destroy(),
  };
}
