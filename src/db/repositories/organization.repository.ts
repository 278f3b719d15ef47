import { randomUUID } from 'node:crypto';
import { generateApiKey, hashSecret, parseApiKey, secretMatches } from '../../domain/api-key.ts';
import type { Em } from '../orm.ts';

export interface OrganizationRow {
  id: string;
  name: string;
  slug: string;
}

/** Don't write last_used_at more than once a minute per key: it is a hint, not an audit log. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** Organizations and their API keys. */
export class OrganizationRepository {
  async ensureOrganization(em: Em, org: OrganizationRow): Promise<void> {
    await em.execute(
      'insert into organization (id, name, slug) values (?, ?, ?) on conflict (id) do nothing',
      [org.id, org.name, org.slug],
    );
  }

  async createOrganization(em: Em, name: string, slug: string): Promise<OrganizationRow> {
    const org = { id: randomUUID(), name, slug };
    await em.execute('insert into organization (id, name, slug) values (?, ?, ?)', [
      org.id,
      org.name,
      org.slug,
    ]);
    return org;
  }

  async findOrganization(em: Em, idOrSlug: string): Promise<OrganizationRow | null> {
    const [row] = await em.execute<OrganizationRow[]>(
      'select id, name, slug from organization where id::text = ? or slug = ?',
      [idOrSlug, idOrSlug],
    );
    return row ?? null;
  }

  /** Every organization with its number of active keys and of jobs on its board, by slug. */
  async listOrganizations(em: Em): Promise<Array<OrganizationRow & { activeKeys: number; jobs: number }>> {
    const rows = await em.execute<Array<OrganizationRow & { active_keys: string; jobs: string }>>(
      `select o.id, o.name, o.slug,
              (select count(*) from api_key k
                where k.organization_id = o.id and k.revoked_at is null
                  and (k.expires_at is null or k.expires_at > now())) as active_keys,
              (select count(*) from organization_job m where m.organization_id = o.id) as jobs
         from organization o
        order by o.slug`,
    );
    return rows.map(({ active_keys, jobs, ...org }) => ({
      ...org,
      activeKeys: Number(active_keys),
      jobs: Number(jobs),
    }));
  }

  /** Creates a key and returns it in clear: the only time it is ever visible. */
  async createApiKey(
    em: Em,
    organizationId: string,
    name: string,
    expiresAt?: Date,
  ): Promise<{ id: string; key: string }> {
    const { key, prefix, secretHash } = generateApiKey();
    const id = randomUUID();
    await em.execute(
      'insert into api_key (id, organization_id, name, prefix, secret_hash, expires_at) values (?, ?, ?, ?, ?, ?)',
      [id, organizationId, name, prefix, secretHash, expiresAt ?? null],
    );
    return { id, key };
  }

  /** Stores a known key (the public demo key); idempotent. */
  async ensureApiKey(em: Em, organizationId: string, name: string, key: string): Promise<void> {
    const parsed = parseApiKey(key);
    if (!parsed) throw new Error('invalid API key');
    await em.execute(
      `insert into api_key (id, organization_id, name, prefix, secret_hash) values (?, ?, ?, ?, ?)
       on conflict (prefix) do nothing`,
      [randomUUID(), organizationId, name, parsed.prefix, hashSecret(parsed.secret)],
    );
  }

  async revokeApiKey(em: Em, prefixOrId: string): Promise<boolean> {
    const rows = await em.execute<{ id: string }[]>(
      'update api_key set revoked_at = now() where (prefix = ? or id::text = ?) and revoked_at is null returning id',
      [prefixOrId, prefixOrId],
    );
    return rows.length > 0;
  }

  /** The organization a key belongs to, or null for a missing, malformed, unknown, revoked or expired key. */
  async authenticate(em: Em, key: string | undefined, now = new Date()): Promise<string | null> {
    const parsed = parseApiKey(key);
    if (!parsed) return null;
    const [row] = await em.execute<
      {
        id: string;
        organization_id: string;
        secret_hash: string;
        revoked_at: unknown;
        expires_at: unknown;
        last_used_at: unknown;
      }[]
    >(
      'select id, organization_id, secret_hash, revoked_at, expires_at, last_used_at from api_key where prefix = ?',
      [parsed.prefix],
    );
    if (!row || row.revoked_at != null || !secretMatches(parsed.secret, row.secret_hash)) return null;
    if (row.expires_at != null && new Date(row.expires_at as string) <= now) return null;
    const lastUsed = row.last_used_at == null ? 0 : new Date(row.last_used_at as string).getTime();
    if (now.getTime() - lastUsed > LAST_USED_RESOLUTION_MS) {
      await em.execute('update api_key set last_used_at = ? where id = ?', [now, row.id]);
    }
    return String(row.organization_id);
  }
}
