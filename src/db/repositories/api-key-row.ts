import type { ApiKeyScope } from '../../domain/api-key-scope.ts';

/** A key as its owners may see it: everything but the secret (only its hash is stored anyway). */
export interface ApiKeyRow {
  id: string;
  organizationId: string;
  name: string;
  /** The public handle (`jl_<prefix>_…`) that lists, rotates and revokes a key. */
  prefix: string;
  scope: ApiKeyScope;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  /** Set when the key was rotated: its replacement. */
  replacedById: string | null;
  replacedByPrefix: string | null;
}

export interface NewApiKeyOptions {
  /** @default 'read' */
  scope?: ApiKeyScope;
  /** No expiry when absent. */
  expiresAt?: Date;
}

export interface RotateApiKeyRequest {
  prefixOrId: string;
  /** Only a key of this organization (an organization admin's call); any key when absent (the CLI). */
  organizationId?: string;
  /** How long the old key keeps working. */
  overlapMs: number;
  /** The new key's expiry (null: none); absent: the old key's lifetime, from now. */
  expiresAt?: Date | null;
  now?: Date;
}

export interface RotatedApiKey {
  /** The new key in clear: shown once. */
  key: string;
  apiKey: ApiKeyRow;
  /** The old key, now expiring at the end of the overlap. */
  previous: ApiKeyRow;
}

/** Columns of `api_key k` that make an ApiKeyRow (the replacement's prefix by subquery). */
export const API_KEY_COLUMNS = `k.id, k.organization_id, k.name, k.prefix, k.scope, k.created_at, k.expires_at,
  k.last_used_at, k.revoked_at, k.replaced_by_id,
  (select r.prefix from api_key r where r.id = k.replaced_by_id) as replaced_by_prefix`;

export interface ApiKeyDbRow {
  id: string;
  organization_id: string;
  name: string;
  prefix: string;
  scope: ApiKeyScope;
  created_at: unknown;
  expires_at: unknown;
  last_used_at: unknown;
  revoked_at: unknown;
  replaced_by_id: string | null;
  replaced_by_prefix: string | null;
}

const date = (value: unknown): Date | null => (value == null ? null : new Date(value as string));

export function toApiKeyRow(row: ApiKeyDbRow): ApiKeyRow {
  return {
    id: String(row.id),
    organizationId: String(row.organization_id),
    name: row.name,
    prefix: row.prefix,
    scope: row.scope,
    createdAt: date(row.created_at)!,
    expiresAt: date(row.expires_at),
    lastUsedAt: date(row.last_used_at),
    revokedAt: date(row.revoked_at),
    replacedById: row.replaced_by_id == null ? null : String(row.replaced_by_id),
    replacedByPrefix: row.replaced_by_prefix ?? null,
  };
}
