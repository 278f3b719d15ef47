import type { Logger } from 'pino';
import type { Orm } from '../db/orm.ts';
import type { ExpiryRepository } from '../db/repositories/expiry.repository.ts';

const DAY_MS = 86_400_000;
/** The server sweeps this often (a sweep reads every open posting). */
export const EXPIRY_SWEEP_EVERY_MS = 3_600_000;

export interface ExpiryDeps {
  orm: Orm;
  expiry: ExpiryRepository;
  clock: () => Date;
  config: { jobExpiryDays: number };
}

/**
 * Expires what nobody has confirmed for `jobExpiryDays` (and whatever is past its
 * source's expiry date). Null when another process was sweeping.
 */
export function expireStale(deps: ExpiryDeps): Promise<{ postings: number; jobs: number } | null> {
  const now = deps.clock();
  const days = deps.config.jobExpiryDays;
  const staleBefore = days > 0 ? new Date(now.getTime() - days * DAY_MS) : null;
  return deps.expiry.expire(deps.orm.em.fork(), now, staleBefore);
}

/** The server's hourly sweep, the first one at once; a failed sweep is logged and retried next hour. */
export function startExpirySweeper(deps: ExpiryDeps & { logger: Logger }): { stop: () => Promise<void> } {
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= expireStale(deps)
      .then((done) => {
        if (done && done.postings > 0) deps.logger.info(done, 'postings expired');
      })
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'expiry sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  sweep();
  const timer = setInterval(sweep, EXPIRY_SWEEP_EVERY_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
