import pLimit from 'p-limit';
import type { Logger } from 'pino';
import { BOARD_CONCURRENCY } from './run-boards.ts';
import { runSource, type SourceRunDeps } from './run-source.ts';

export interface Poller {
  /** Runs every due source once (also what each tick does). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs each configured source on its own interval inside the server. One tick at a
 * time: a slow board delays the next tick instead of piling runs up. Within a tick
 * the due sources run a few at a time (BOARD_CONCURRENCY): fetching waits on other
 * hosts, and write locks keep copies across them merged. With several gateways each
 * polls; upserts make concurrent runs of one board harmless.
 */
export function startPoller(deps: SourceRunDeps & { logger: Logger }, everyMs = 30_000): Poller {
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = async () => {
    const due = await deps.sources.due(deps.orm.em.fork(), deps.clock());
    const limit = pLimit(BOARD_CONCURRENCY);
    await Promise.all(
      due.map((source) =>
        limit(async () => {
          if (stopped) return;
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
            deps.logger.error(
              { err: error, source: `${source.platform}:${source.board}` },
              'source run failed',
            );
          }
        }),
      ),
    );
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
