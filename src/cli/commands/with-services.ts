import { loadConfig } from '../../config.ts';
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
  try {
    if (options.schema) await requireMigrated(services);
    return await body(services);
  } finally {
    await services.close();
  }
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
