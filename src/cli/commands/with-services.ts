import { loadConfig } from '../../config.ts';
import { servedBy } from '../../db/orm.ts';
import { createServices, type Services } from '../../services.ts';

export interface WithServicesOptions {
  /** The command reads or writes tables: refuse, with the fix, when migrations are pending. */
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
 * Without this an operator pointing a command at a new database read one
 * `relation "…" does not exist` per board; the fix is one command away.
 */
async function requireMigrated(services: Services): Promise<void> {
  const pending = await services.orm.migrator.getPending();
  if (pending.length > 0)
    throw new Error(
      `the database is not migrated (${pending.length} pending): run \`npm run jobs -- migrate\` first (\`serve\` migrates by itself)`,
    );
}

/** withServices for commands that work on the tables (everything but migrate, seed and serve). */
export function withMigratedServices<T>(body: (services: Services) => Promise<T>): Promise<T> {
  return withServices(body, { schema: true });
}
