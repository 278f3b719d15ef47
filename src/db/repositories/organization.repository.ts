import { randomUUID } from 'node:crypto';
import { generateApiKey, hashSecret, parseApiKey, secretMatches } from '../../domain/api-key.ts';
import type { ApiKeyCheck } from '../../domain/api-key-check.ts';
import type { Em } from '../orm.ts';
import {
  API_KEY_COLUMNS,
  toApiKeyRow,
  type ApiKeyDbRow,
  type ApiKeyRow,
  type NewApiKeyOptions,
  type RotateApiKeyRequest,
  type RotatedApiKey,
} from './api-key-row.ts';

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
    options: NewApiKeyOptions = {},
  ): Promise<{ id: string; key: string; apiKey: ApiKeyRow }> {
    const { key, prefix, secretHash } = generateApiKey();
    const [row] = await em.execute<ApiKeyDbRow[]>(
      `insert into api_key as k (id, organization_id, name, prefix, secret_hash, scope, expires_at)
       values (?, ?, ?, ?, ?, ?, ?) returning ${API_KEY_COLUMNS}`,
      [
        randomUUID(),
        organizationId,
        name,
        prefix,
        secretHash,
        options.scope ?? 'read',
        options.expiresAt ?? null,
      ],
    );
    const apiKey = toApiKeyRow(row!);
    return { id: apiKey.id, key, apiKey };
  }

  /** Stores a known key (the public demo key) with the read scope; idempotent. */
  async ensureApiKey(em: Em, organizationId: string, name: string, key: string): Promise<void> {
    const parsed = parseApiKey(key);
    if (!parsed) throw new Error('invalid API key');
    await em.execute(
      `insert into api_key (id, organization_id, name, prefix, secret_hash) values (?, ?, ?, ?, ?)
       on conflict (prefix) do nothing`,
      [randomUUID(), organizationId, name, parsed.prefix, hashSecret(parsed.secret)],
    );
  }

  /** An organization's keys, newest first, revoked and expired ones included (never a secret). */
  async listApiKeys(em: Em, organizationId: string): Promise<ApiKeyRow[]> {
    const rows = await em.execute<ApiKeyDbRow[]>(
      `select ${API_KEY_COLUMNS} from api_key k where organization_id = ? order by created_at desc, id`,
      [organizationId],
    );
    return rows.map(toApiKeyRow);
  }

  /** Every key with its organization's slug, for the operator (`keys list`). */
  async listAllApiKeys(
    em: Em,
    organizationId?: string,
  ): Promise<Array<ApiKeyRow & { organizationSlug: string }>> {
    const rows = await em.execute<Array<ApiKeyDbRow & { slug: string }>>(
      `select ${API_KEY_COLUMNS}, o.slug from api_key k join organization o on o.id = k.organization_id
        where ?::uuid is null or k.organization_id = ?::uuid
        order by o.slug, k.created_at desc, k.id`,
      [organizationId ?? null, organizationId ?? null],
    );
    return rows.map((row) => ({ ...toApiKeyRow(row), organizationSlug: row.slug }));
  }

  /**
   * Revokes a key by prefix or id, within one organization when given (so an organization's
   * admin never reaches another's keys). The revoked row, or null when there was no such
   * unrevoked key.
   */
  async revokeApiKey(em: Em, prefixOrId: string, organizationId?: string): Promise<ApiKeyRow | null> {
    const [row] = await em.execute<ApiKeyDbRow[]>(
      `update api_key k set revoked_at = now()
        where (prefix = ? or id::text = ?) and revoked_at is null and (?::uuid is null or organization_id = ?::uuid)
        returning ${API_KEY_COLUMNS}`,
      [prefixOrId, prefixOrId, organizationId ?? null, organizationId ?? null],
    );
    return row ? toApiKeyRow(row) : null;
  }

  /**
   * Rotation: a new key (same organization, name and scope; the same lifetime from now when
   * the old one had an expiry, unless `expiresAt` says otherwise), and the old key keeps
   * working until `now + overlapMs` (or its own expiry, if sooner). One transaction; the
   * old key is claimed with a guarded update, so two concurrent rotations of one key give
   * one replacement and one null. Null when the key is unknown (in this organization),
   * revoked, expired or already rotated.
   */
  async rotateApiKey(em: Em, request: RotateApiKeyRequest): Promise<RotatedApiKey | null> {
    const now = request.now ?? new Date();
    const overlapEnd = new Date(now.getTime() + request.overlapMs);
    return em.transactional(async (tx) => {
      const [old] = await tx.execute<ApiKeyDbRow[]>(
        `select ${API_KEY_COLUMNS} from api_key k
          where (prefix = ? or id::text = ?) and (?::uuid is null or organization_id = ?::uuid)
            and revoked_at is null and replaced_by_id is null and (expires_at is null or expires_at > ?)
          for update`,
        [
          request.prefixOrId,
          request.prefixOrId,
          request.organizationId ?? null,
          request.organizationId ?? null,
          now,
        ],
      );
      if (!old) return null;
      const previous = toApiKeyRow(old);
      const lifetime = previous.expiresAt
        ? previous.expiresAt.getTime() - previous.createdAt.getTime()
        : null;
      const expiresAt =
        request.expiresAt !== undefined
          ? request.expiresAt
          : lifetime === null
            ? null
            : new Date(now.getTime() + lifetime);
      const created = await this.createApiKey(tx, previous.organizationId, previous.name, {
        scope: previous.scope,
        expiresAt: expiresAt ?? undefined,
      });
      const [updated] = await tx.execute<ApiKeyDbRow[]>(
        `update api_key k set replaced_by_id = ?,
                expires_at = case when expires_at is null or expires_at > ? then ? else expires_at end
          where id = ? returning ${API_KEY_COLUMNS}`,
        [created.id, overlapEnd, overlapEnd, previous.id],
      );
      return { key: created.key, apiKey: created.apiKey, previous: toApiKeyRow(updated!) };
    });
  }

  /**
   * What an X-API-Key is worth. Expired and revoked are told apart from invalid only for a
   * key whose secret matched (api-key-check.ts says why).
   */
  async checkApiKey(em: Em, key: string | undefined, now = new Date()): Promise<ApiKeyCheck> {
    if (!key) return { status: 'missing' };
    const parsed = parseApiKey(key);
    if (!parsed) return { status: 'invalid' };
    const [row] = await em.execute<(ApiKeyDbRow & { secret_hash: string })[]>(
      `select ${API_KEY_COLUMNS}, k.secret_hash from api_key k where prefix = ?`,
      [parsed.prefix],
    );
    if (!row || !secretMatches(parsed.secret, row.secret_hash)) return { status: 'invalid' };
    const apiKey = toApiKeyRow(row);
    if (apiKey.revokedAt) return { status: 'revoked', at: apiKey.revokedAt };
    if (apiKey.expiresAt && apiKey.expiresAt <= now)
      return { status: 'expired', at: apiKey.expiresAt, rotated: apiKey.replacedById !== null };
    const lastUsed = apiKey.lastUsedAt?.getTime() ?? 0;
    if (now.getTime() - lastUsed > LAST_USED_RESOLUTION_MS) {
      await em.execute('update api_key set last_used_at = ? where id = ?', [now, apiKey.id]);
    }
    return { status: 'valid', organizationId: apiKey.organizationId, keyId: apiKey.id, scope: apiKey.scope };
  }

  /** The organization a key belongs to, or null for a missing, malformed, unknown, revoked or expired key. */
  async authenticate(em: Em, key: string | undefined, now = new Date()): Promise<string | null> {
    const check = await this.checkApiKey(em, key, now);
    return check.status === 'valid' ? check.organizationId : null;
  }
}
