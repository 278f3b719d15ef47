import type { Command } from 'commander';

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('Run the HTTP server (REST, GraphQL, web page)')
    .option('--seed-demo', 'fill an empty database with the demo data set and print the demo key', false)
    .option('--no-migrate', 'do not apply pending migrations on PostgreSQL at start')
    .action(async (opts: { seedDemo: boolean; migrate: boolean }) => {
      // Loaded on use, so light commands (print-schema) start without the server's graph.
      const { serve } = await import('../../main.ts');
      await serve({ seedDemo: opts.seedDemo, migrate: opts.migrate });
    });
}
