import type { Command } from 'commander';
import { withMigratedServices } from './with-services.ts';

export function registerKeyCommands(program: Command): void {
  const keys = program.command('keys').description('Manage organizations and their API keys');
  keys
    .command('create')
    .description('Create an API key for an organization (created when --name is new); prints the key once')
    .requiredOption('--org <slug>', 'organization slug or id')
    .option('--org-name <name>', 'display name when the organization is new')
    .option('--name <name>', 'a label for the key', 'default')
    .option('--expires <iso>', 'expiry date-time (ISO 8601)')
    .action((opts: { org: string; orgName?: string; name: string; expires?: string }) =>
      withMigratedServices(async (services) => {
        const em = services.orm.em.fork();
        const org =
          (await services.organizations.findOrganization(em, opts.org)) ??
          (await services.organizations.createOrganization(em, opts.orgName ?? opts.org, opts.org));
        const expires = opts.expires ? new Date(opts.expires) : undefined;
        if (expires && Number.isNaN(expires.getTime()))
          throw new Error('--expires must be an ISO 8601 date-time');
        const { key } = await services.organizations.createApiKey(em, org.id, opts.name, expires);
        console.log(`Organization ${org.slug} (${org.id})\nAPI key (shown once): ${key}`);
      }),
    );
  keys
    .command('revoke <prefixOrId>')
    .description('Revoke a key by its prefix (the part after jl_) or id')
    .action((prefixOrId: string) =>
      withMigratedServices(async (services) => {
        const ok = await services.organizations.revokeApiKey(services.orm.em.fork(), prefixOrId);
        console.log(ok ? 'Revoked' : 'No active key found');
        if (!ok) process.exitCode = 1;
      }),
    );
}
