#!/usr/bin/env node
import { Command } from 'commander';
import { registerBenchCommand } from './commands/bench.ts';
import { registerDbCommands } from './commands/db.ts';
import { registerDatasetsCommand } from './commands/datasets.ts';
import { registerIngestCommand } from './commands/ingest.ts';
import { registerKeyCommands } from './commands/keys.ts';
import { registerSchemaCommand } from './commands/print-schema.ts';
import { registerServeCommand } from './commands/serve.ts';
import { registerSourcesCommands } from './commands/sources.ts';

/** `jobs <command>`: one entry for the server and every operator task. */
const program = new Command('jobs').description('Job Listings Service').showHelpAfterError();
registerServeCommand(program);
registerDbCommands(program);
registerKeyCommands(program);
registerIngestCommand(program);
registerDatasetsCommand(program);
registerSourcesCommands(program);
registerSchemaCommand(program);
registerBenchCommand(program);

await program.parseAsync(process.argv);
