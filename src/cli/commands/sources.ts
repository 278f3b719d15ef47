import type { Command } from 'commander';
import type { SourceRow } from '../../db/repositories/source.repository.ts';
import { formatSummary, parseSourceSpec } from './ingest.ts';
import { withMigratedServices } from './with-services.ts';

export function registerSourcesCommands(program: Command): void {
  const sources = program.command('sources').description('Configured feeds the server polls');
  sources
    .command('add <platform:board>')
    .description('Add (or update) a board to poll, e.g. greenhouse:acme')
    .option('--org <id|slug>', 'organization owning the source: its jobs join that board')
    .option('--interval <minutes>', 'minutes between runs', (v) => Number.parseInt(v, 10), 60)
    .action((spec: string, opts: { org?: string; interval: number }) =>
      withMigratedServices(async (services) => {
        const { platform, board } = parseSourceSpec(spec);
        if (!board) throw new Error('give the board as platform:board');
        const em = services.orm.em.fork();
        const org = opts.org ? await services.organizations.findOrganization(em, opts.org) : null;
        if (opts.org && !org) throw new Error(`no organization ${opts.org}`);
        const row = await services.sources.upsert(em, {
          platform,
          board,
          organizationId: org?.id,
          intervalMinutes: opts.interval,
        });
        console.log(`Source ${row.platform}:${row.board} (${row.id}) every ${row.intervalMinutes} min`);
      }),
    );
  sources
    .command('list')
    .description('List configured sources and their last runs')
    .action(() =>
      withMigratedServices(async (services) => {
        const rows = await services.sources.list(services.orm.em.fork());
        if (rows.length === 0) console.log('No sources');
        for (const r of rows) {
          const last = r.lastRunAt ? r.lastRunAt.toISOString() : 'never';
          console.log(
            `${r.platform}:${r.board}\tevery ${r.intervalMinutes} min\tlast run ${last}${r.lastError ? `\terror: ${r.lastError}` : ''}`,
          );
        }
      }),
    );
  sources
    .command('run [source]')
    .description('Run one source (id or platform:board) now, or every due source')
    .action((spec: string | undefined) =>
      withMigratedServices(async (services) => {
        const { runSource } = await import('../../ingest/run-source.ts');
        const { CLAIM_LEASE_MINUTES } = await import('../../ingest/poller.ts');
        const em = services.orm.em.fork();
        const runOne = async (source: SourceRow) => {
          const result = await runSource(services, source);
          const label = `${source.platform}:${source.board}`;
          console.log(
            result.summary
              ? formatSummary(label, result.summary)
              : `${label}: ${result.status}${result.error ? ` (${result.error})` : ''}`,
          );
          if (result.status === 'failed' || result.status === 'not_found') process.exitCode = 1;
        };
        if (spec) {
          // A named source runs now, whether due or claimed by a poller.
          const source = await services.sources.find(em, spec);
          if (!source) throw new Error(`no source ${spec}`);
          return runOne(source);
        }
        // Every due source: each claimed first, as the gateways' pollers do, so none of
        // them runs it at the same time.
        const next = () => services.sources.claimNext(em, services.clock(), CLAIM_LEASE_MINUTES);
        for (let source = await next(); source; source = await next()) await runOne(source);
      }),
    );
}
