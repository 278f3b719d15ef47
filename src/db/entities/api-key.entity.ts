import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { API_KEY_SCOPES } from '../../domain/api-key-scope.ts';
import { OrganizationSchema } from './organization.entity.ts';

/**
 * An organization's API key. Only a SHA-256 hash of the secret is stored; the
 * prefix is the public lookup handle, so a key is found without scanning hashes.
 */
export const ApiKeySchema = defineEntity({
  name: 'ApiKey',
  tableName: 'api_key',
  indexes: [{ name: 'api_key_organization_id_idx', properties: ['organization'] }],
  properties: {
    id: p.uuid().primary(),
    organization: () =>
      p
        .manyToOne(OrganizationSchema)
        .ref()
        .foreignKeyName('api_key_organization_id_fkey')
        .deleteRule('cascade')
        .updateRule('no action'),
    name: p.text(),
    prefix: p.text().unique('api_key_prefix_key'),
    secretHash: p.text(),
    createdAt: p.datetime().defaultRaw('now()'),
    lastUsedAt: p.datetime().nullable(),
    expiresAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    scope: p.enum([...API_KEY_SCOPES]).default('read'),
    /** Set by a rotation: the key that replaces this one (whose expiry ends the overlap). */
    replacedBy: () =>
      p
        .manyToOne(ApiKeySchema)
        .ref()
        .nullable()
        .foreignKeyName('api_key_replaced_by_id_fkey')
        .deleteRule('set null')
        .updateRule('no action'),
  },
});
export type ApiKey = InferEntity<typeof ApiKeySchema>;
