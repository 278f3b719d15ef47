import type { Command } from 'commander';
import { withMigratedServices } from './with-services.ts';

/**
 * `jobs orgs create|list`: organizations on their own, so that `sources add --org`
 * and `ingest --org` work before any key exists (before, an organization came into
 * being only with its first key).
 */
export function registerOrgCommands(program: Command): void {
  const orgs = program.command('orgs').description('Manage organizations (the owners of keys and boards)');
  orgs
    .command('create <slug>')
    .description('Create an organization; fails if the slug is taken')
    .option('--name <name>', 'display name (default: the slug)')
    .action((slug: string, opts: { name?: string }) =>
      withMigratedServices(async (services) => {
        if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(slug))
          throw new Error(
            'the slug must be 1–63 lower-case letters, digits and dashes, starting with a letter or digit',
          );
        const em = services.orm.em.fork();
        const existing = await services.organizations.findOrganization(em, slug);
        if (existing) throw new Error(`organization ${slug} exists already (${existing.id})`);
        const org = await services.organizations.createOrganization(em, opts.name ?? slug, slug);
        console.log(`Organization ${org.slug} (${org.id})`);
      }),
    );
  orgs
    .command('list')
    .description('List organizations with their active keys and board sizes')
    .action(() =>
      withMigratedServices(async (services) => {
        const rows = await services.organizations.listOrganizations(services.orm.em.fork());
        if (rows.length === 0) {
          console.log('No organizations: create one with `npm run jobs -- orgs create <slug>`');
          return;
        }
        const width = Math.max(4, ...rows.map((r) => r.slug.length));
        console.log(`${'slug'.padEnd(width)}  ${'keys'.padStart(4)}  ${'jobs'.padStart(8)}  id`);
        for (const r of rows)
          console.log(
            `${r.slug.padEnd(width)}  ${String(r.activeKeys).padStart(4)}  ${String(r.jobs).padStart(8)}  ${r.id}`,
          );
      }),
    );
}
