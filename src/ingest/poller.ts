import type { Logger } from 'pino';
import { BOARD_CONCURRENCY } from './run-boards.ts';
import type { SourceRow } from '../db/repositories/source.repository.ts';
import { runSource, type SourceRunDeps } from './run-source.ts';

export interface Poller {
  /** Runs every due source once (also what each tick does). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * How long a claimed source stays a poller's own. A run that outlives it (a huge board
 * behind slow retries) may be started again elsewhere, which upserts make harmless; a
 * gateway that died mid-run frees its sources when it ends.
 */
export const CLAIM_LEASE_MINUTES = 30;

/**
 * Runs each configured source on its own interval inside the server. One tick at a
 * time: a slow board delays the next tick instead of piling runs up. Within a tick a
 * few sources run at a time (BOARD_CONCURRENCY): fetching waits on other hosts, and
 * write locks keep copies across them merged. Every gateway runs a poller; each source
 * is claimed before it runs (SourceRepository.claimNext), one at a time as a slot frees
 * up, so a source runs once per interval however many gateways there are, and the due
 * sources spread over the gateways.
 */
export function startPoller(deps: SourceRunDeps & { logger: Logger }, everyMs = 30_000): Poller {
  let running: Promise<void> | undefined;
  let stopped = false;
  const runClaimed = async (source: SourceRow) => {
    try {
      const result = await runSource(deps, source);
      deps.logger.info(
        {
          source: `${source.platform}:${source.board}`,
          status: result.status,
          ...result.summary,
          rejectedRows: undefined,
        },
        'source run',
      );
    } catch (error) {
      deps.logger.error({ err: error, source: `${source.platform}:${source.board}` }, 'source run failed');
      // Recorded as a failed run, which also ends the claim; if the database is what
      // failed, the claim lapses on its own.
      await deps.sources
        .recordRun(deps.orm.em.fork(), source.id, { at: deps.clock(), ok: false, error: String(error) })
        .catch(() => undefined);
    }
  };
  const slot = async () => {
    while (!stopped) {
      const source = await deps.sources.claimNext(deps.orm.em.fork(), deps.clock(), CLAIM_LEASE_MINUTES);
      if (!source) return;
      await runClaimed(source);
    }
  };
  const tick = async () => {
    await Promise.all(Array.from({ length: BOARD_CONCURRENCY }, slot));
  };
  const timer = setInterval(() => {
    if (running) return;
    running = tick()
      .catch((error: unknown) => deps.logger.error({ err: error }, 'poller tick failed'))
      .finally(() => (running = undefined));
  }, everyMs);
  timer.unref();
  return {
    tick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
