import type { Command } from 'commander';
import { serve } from '../../main.ts';

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('Run the HTTP server (REST, GraphQL, web page)')
    .option('--seed-demo', 'fill an empty database with the demo data set and print the demo key', false)
    .option('--no-migrate', 'do not apply pending migrations on PostgreSQL at start')
    .action(async (opts: { seedDemo: boolean; migrate: boolean }) => {
      await serve({ seedDemo: opts.seedDemo, migrate: opts.migrate });
    });
}
