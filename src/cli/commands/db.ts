import type { Command } from 'commander';
import { migrate } from '../../db/orm.ts';
import { withServices } from './with-services.ts';

export function registerDbCommands(program: Command): void {
  program
    .command('migrate')
    .description('Apply pending migrations to the configured database')
    .action(() =>
      withServices(async (services) => {
        const applied = await migrate(services.orm);
        console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Nothing to apply');
      }),
    );
  program
    .command('seed')
    .description('Fill the database with the deterministic demo data set (idempotent)')
    .option('--jobs <n>', 'number of demo jobs', (v) => Number.parseInt(v, 10), 10_000)
    .action((opts: { jobs: number }) =>
      withServices(async (services) => {
        const { DEMO_API_KEY, seedDemo } = await import('../../ingest/seed-demo.ts');
        await migrate(services.orm);
        const result = await seedDemo(services, opts.jobs);
        console.log(
          result.created
            ? `Seeded ${result.jobs} jobs (${result.organizationJobs} on the demo board, ${result.rejected} rejected)`
            : 'Demo data already present',
        );
        console.log(`Demo API key: ${DEMO_API_KEY}`);
      }),
    );
}
