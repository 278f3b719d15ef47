import { loadConfig } from '../../config.ts';
import { isDatabaseUnavailable } from '../../db/database-errors.ts';
import { isHolderAlive, type LockHolder } from '../../db/embedded-lock.ts';
import { migrate, servedBy } from '../../db/orm.ts';
import { createServices, type Services } from '../../services.ts';

export interface WithServicesOptions {
  /** The command reads or writes tables: migrate the embedded database, refuse on a PostgreSQL one not migrated. */
  schema?: boolean;
}

/** Runs a command body with services built from the environment, and always closes them. */
export async function withServices<T>(
  body: (services: Services) => Promise<T>,
  options: WithServicesOptions = {},
): Promise<T> {
  const services = await createServices(loadConfig());
  const server = servedBy(services.orm);
  // Said once, on stderr: the command's own output stays machine-readable.
  if (server)
    console.error(`jobs: the server (pid ${server.pid}) has the embedded database open; working through it`);
  if (!server) {
    try {
      if (options.schema) await requireMigrated(services);
      return await body(services);
    } finally {
      await services.close();
    }
  }
  const watch = watchServer(server);
  let lost = false;
  try {
    return await Promise.race([
      (async () => {
        if (options.schema) await requireMigrated(services);
        return body(services);
      })(),
      watch.gone,
    ]);
  } catch (error) {
    if (!watch.isGone() && !isDatabaseUnavailable(error) && !/connect ENOENT/.test(String(error)))
      throw error;
    lost = true;
    throw new Error(
      `the server (pid ${server.pid}) that has the embedded database open stopped while this command ran ` +
        `(${(error as Error).message}): what it had committed stays, the rest did not happen; ` +
        'run it again (an ingest goes on where it stopped)',
    );
  } finally {
    watch.stop();
    // A connection lost inside a transaction is never handed back to the pool, and the
    // close would wait for it (the process then ended with Node's "unsettled top-level
    // await" warning and code 13 instead of this message): not waited for once the server is gone.
    if (lost || watch.isGone()) void services.close().catch(() => undefined);
    else await services.close();
  }
}

/**
 * Notices the serving process go away (Ctrl-C, a crash) while a command works through
 * it. Its connection then fails, but a query waiting for the pool's one connection
 * waits forever; this ends the command instead, and keeps the process alive until it does.
 */
function watchServer(server: LockHolder): { gone: Promise<never>; isGone(): boolean; stop(): void } {
  let gone = false;
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setInterval(() => {
      if (isHolderAlive(server)) return;
      gone = true;
      clearInterval(timer);
      reject(new Error('its process ended'));
    }, 250);
  });
  promise.catch(() => undefined);
  return { gone: promise, isGone: () => gone, stop: () => clearInterval(timer) };
}

/**
 * The embedded database is this project's own: a command migrates it, as `serve`
 * does, so `jobs ingest` works on a fresh checkout (it used to fail until `migrate` was
 * run, which the README did not say). A PostgreSQL database is the operator's: a
 * schema change there is a deliberate step (`jobs migrate`), so a command refuses,
 * with the fix, instead of one `relation "…" does not exist` per board.
 */
async function requireMigrated(services: Services): Promise<void> {
  const pending = await services.orm.migrator.getPending();
  if (pending.length === 0) return;
  if (services.config.database.kind === 'pglite') {
    const applied = await migrate(services.orm);
    console.error(`jobs: migrated the embedded database (${applied.length} applied)`);
    return;
  }
  throw new Error(
    `the database is not migrated (${pending.length} pending): run \`npm run jobs -- migrate\` first (\`serve\` migrates by itself)`,
  );
}

/**
 * withServices for commands that work on the tables (everything but migrate, seed and
 * serve): the embedded database is migrated first, PostgreSQL must be.
 */
export function withMigratedServices<T>(body: (services: Services) => Promise<T>): Promise<T> {
  return withServices(body, { schema: true });
}
