#!/usr/bin/env node
import { Command } from 'commander';
import { describeDatabase, loadConfig } from '../config.ts';
import { isDatabaseUnavailable } from '../db/database-errors.ts';
import { registerBenchCommand } from './commands/bench.ts';
import { registerDbCommands } from './commands/db.ts';
import { registerDatasetsCommand } from './commands/datasets.ts';
import { registerIngestCommand } from './commands/ingest.ts';
import { registerKeyCommands } from './commands/keys.ts';
import { registerOrgCommands } from './commands/orgs.ts';
import { registerQualityCommand } from './commands/quality.ts';
import { registerSchemaCommand } from './commands/print-schema.ts';
import { registerServeCommand } from './commands/serve.ts';
import { registerSourcesCommands } from './commands/sources.ts';

/** `jobs <command>`: one entry for the server and every operator task. */
const program = new Command('jobs').description('Job Listings Service').showHelpAfterError();
registerServeCommand(program);
registerDbCommands(program);
registerOrgCommands(program);
registerKeyCommands(program);
registerIngestCommand(program);
registerDatasetsCommand(program);
registerQualityCommand(program);
registerSourcesCommands(program);
registerSchemaCommand(program);
registerBenchCommand(program);

/** Operator mistakes (a taken port, a bad variable, a missing file) print one line, not a stack. */
function explain(error: unknown): string {
  const e = error as { code?: string; message?: string; address?: string; port?: number };
  if (e.code === 'EADDRINUSE')
    return `Port ${e.port} on ${e.address} is already in use: stop the other process or set PORT.`;
  if (e.code === 'ENOENT') return e.message ?? 'file not found';
  if (isDatabaseUnavailable(error)) {
    let where = '';
    try {
      where = ` (${describeDatabase(loadConfig())})`;
    } catch {
      // A bad configuration was reported on its own.
    }
    return `cannot reach the database${where}: ${e.message ?? String(error)}`;
  }
  return e.message ?? String(error);
}

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace') console.error(error);
  console.error(`jobs: ${explain(error)}`);
  process.exit(1);
}
