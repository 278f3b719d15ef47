import { Option, type Command } from 'commander';
import type { ApiKeyRow } from '../../db/repositories/api-key-row.ts';
import { MAX_ROTATION_OVERLAP_MS } from '../../domain/api-key.ts';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../domain/api-key-scope.ts';
import { parseDuration } from '../../domain/duration.ts';
import { withMigratedServices } from './with-services.ts';

/** The default overlap of a rotation (DEFAULT_ROTATION_OVERLAP_MS), as the option shows it. */
const DEFAULT_OVERLAP = '24h';

function duration(option: string, text: string): number {
  const ms = parseDuration(text);
  if (ms === null) throw new Error(`${option} takes a duration such as 90d, 24h, 30m or 0 (got "${text}")`);
  return ms;
}

/** `--expires-in 90d` or `--expires <iso>`; undefined when neither is given. */
function expiryOf(opts: { expires?: string; expiresIn?: string }, now: Date): Date | undefined {
  if (opts.expires && opts.expiresIn) throw new Error('give --expires or --expires-in, not both');
  if (opts.expiresIn) {
    const ms = duration('--expires-in', opts.expiresIn);
    if (ms === 0) throw new Error('--expires-in must be longer than 0');
    return new Date(now.getTime() + ms);
  }
  if (!opts.expires) return undefined;
  const at = new Date(opts.expires);
  if (Number.isNaN(at.getTime())) throw new Error('--expires must be an ISO 8601 date-time');
  if (at <= now) throw new Error('--expires is in the past');
  return at;
}

/** One key as a line of `keys list`: what it may do, and until when. */
function stateOf(key: ApiKeyRow, now: Date): string {
  if (key.revokedAt) return `revoked ${key.revokedAt.toISOString()}`;
  if (key.expiresAt && key.expiresAt <= now) return `expired ${key.expiresAt.toISOString()}`;
  const until = key.expiresAt ? `until ${key.expiresAt.toISOString()}` : 'no expiry';
  return key.replacedByPrefix ? `rotated to ${key.replacedByPrefix}, ${until}` : `active, ${until}`;
}

export function registerKeyCommands(program: Command): void {
  const keys = program.command('keys').description('Manage organizations and their API keys');
  keys
    .command('create')
    .description('Create an API key for an organization (created when the slug is new); prints the key once')
    .requiredOption('--org <slug>', 'organization slug or id')
    .option('--org-name <name>', 'display name when the organization is new')
    .option('--name <name>', 'a label for the key', 'default')
    .addOption(
      new Option('--scope <scope>', 'read: the board; admin: also manages the organization keys')
        .choices(API_KEY_SCOPES)
        .default('read'),
    )
    .option('--expires-in <duration>', 'lifetime, e.g. 90d, 12h (default: no expiry)')
    .option('--expires <iso>', 'expiry date-time (ISO 8601)')
    .action(
      (opts: {
        org: string;
        orgName?: string;
        name: string;
        scope: ApiKeyScope;
        expires?: string;
        expiresIn?: string;
      }) => {
        // Bad options fail before the database is opened.
        const expiresAt = expiryOf(opts, new Date());
        return withMigratedServices(async (services) => {
          const em = services.orm.em.fork();
          const org =
            (await services.organizations.findOrganization(em, opts.org)) ??
            (await services.organizations.createOrganization(em, opts.orgName ?? opts.org, opts.org));
          const { key, apiKey } = await services.organizations.createApiKey(em, org.id, opts.name, {
            scope: opts.scope,
            expiresAt,
          });
          console.log(
            `Organization ${org.slug} (${org.id})\nAPI key (shown once): ${key}\n` +
              `Scope ${apiKey.scope}, ${apiKey.expiresAt ? `expires ${apiKey.expiresAt.toISOString()}` : 'no expiry'}`,
          );
        });
      },
    );
  keys
    .command('list')
    .description('List keys (prefix, organization, scope, state, last use); never a secret')
    .option('--org <slug>', 'only this organization')
    .action((opts: { org?: string }) =>
      withMigratedServices(async (services) => {
        const em = services.orm.em.fork();
        const org = opts.org ? await services.organizations.findOrganization(em, opts.org) : null;
        if (opts.org && !org) throw new Error(`no organization ${opts.org}`);
        const rows = await services.organizations.listAllApiKeys(em, org?.id);
        if (rows.length === 0) {
          console.log('No keys: create one with `npm run jobs -- keys create --org <slug>`');
          return;
        }
        const now = new Date();
        console.log(['prefix', 'org', 'scope', 'state', 'last used', 'name'].join('\t'));
        for (const k of rows)
          console.log(
            [
              k.prefix,
              k.organizationSlug,
              k.scope,
              stateOf(k, now),
              k.lastUsedAt?.toISOString() ?? 'never',
              k.name,
            ].join('\t'),
          );
      }),
    );
  keys
    .command('rotate <prefixOrId>')
    .description('Issue a new secret for a key; the old one keeps working for the overlap, then expires')
    .option('--overlap <duration>', 'how long the old key keeps working, e.g. 24h, 7d, 0', DEFAULT_OVERLAP)
    .option('--expires-in <duration>', "the new key's lifetime (default: the old key's lifetime, or none)")
    .action((prefixOrId: string, opts: { overlap: string; expiresIn?: string }) => {
      const now = new Date();
      const overlapMs = duration('--overlap', opts.overlap);
      if (overlapMs > MAX_ROTATION_OVERLAP_MS)
        throw new Error(`--overlap must be at most ${MAX_ROTATION_OVERLAP_MS / 86_400_000}d`);
      const expiresAt = expiryOf({ expiresIn: opts.expiresIn }, now);
      return withMigratedServices(async (services) => {
        const rotated = await services.organizations.rotateApiKey(services.orm.em.fork(), {
          prefixOrId,
          overlapMs,
          expiresAt,
          now,
        });
        if (!rotated)
          throw new Error(`no active key ${prefixOrId} (unknown, revoked, expired or already rotated)`);
        console.log(
          `API key (shown once): ${rotated.key}\nScope ${rotated.apiKey.scope}, ` +
            `${rotated.apiKey.expiresAt ? `expires ${rotated.apiKey.expiresAt.toISOString()}` : 'no expiry'}\n` +
            `The old key ${rotated.previous.prefix} works until ${rotated.previous.expiresAt!.toISOString()}`,
        );
      });
    });
  keys
    .command('revoke <prefixOrId>')
    .description('Revoke a key by its prefix (the part after jl_) or id; it stops working at once')
    .action((prefixOrId: string) =>
      withMigratedServices(async (services) => {
        const revoked = await services.organizations.revokeApiKey(services.orm.em.fork(), prefixOrId);
        if (!revoked) throw new Error(`no active key ${prefixOrId}`);
        console.log(`Revoked ${revoked.prefix}`);
      }),
    );
}
