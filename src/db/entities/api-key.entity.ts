import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { OrganizationSchema } from './organization.entity.ts';

/**
 * An organization's API key. Only a SHA-256 hash of the secret is stored; the
 * prefix is the public lookup handle, so a key is found without scanning hashes.
 */
export const ApiKeySchema = defineEntity({
  name: 'ApiKey',
  tableName: 'api_key',
  properties: {
    id: p.uuid().primary(),
    organization: () => p.manyToOne(OrganizationSchema).ref(),
    name: p.string(),
    prefix: p.string().unique(),
    secretHash: p.string(),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastUsedAt: p.datetime().nullable(),
    expiresAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
  },
});
export type ApiKey = InferEntity<typeof ApiKeySchema>;
