import type { ApiKeyRow } from '../../db/repositories/api-key-row.ts';
import { DEFAULT_ROTATION_OVERLAP_MS, MAX_ROTATION_OVERLAP_MS } from '../../domain/api-key.ts';
import { DomainError, invalidParameter } from '../../domain/errors.ts';
import { builder } from '../builder.ts';
import { ApiKeyRef, ApiKeyScopeEnum } from './api-key.ts';
import { DateTimeScalar } from './scalars.ts';

/**
 * Key management for an organization's administrators: every mutation needs an ADMIN key
 * and only ever reaches keys of that key's organization (another organization's prefix is
 * `not_found`, as an unknown one is: nothing tells them apart).
 */

const NAME_MAX = 100;

interface SecretPayload {
  key: string;
  apiKey: ApiKeyRow;
}

const CreateApiKeyPayload = builder.objectRef<SecretPayload>('CreateApiKeyPayload');
CreateApiKeyPayload.implement({
  description: 'A new key. `key` is the secret: shown here once, never readable again.',
  fields: (t) => ({
    key: t.exposeString('key', { description: 'The whole key, to send as X-API-Key. Shown once.' }),
    apiKey: t.field({
      type: ApiKeyRef,
      resolve: (p) => p.apiKey,
      description: 'The new key without its secret.',
    }),
  }),
});

const RotateApiKeyPayload = builder.objectRef<SecretPayload & { previous: ApiKeyRow }>('RotateApiKeyPayload');
RotateApiKeyPayload.implement({
  description:
    'A rotation: the replacement key (its secret shown once) and the old key, now expiring at the end of the overlap.',
  fields: (t) => ({
    key: t.exposeString('key', { description: 'The whole new key, to send as X-API-Key. Shown once.' }),
    apiKey: t.field({
      type: ApiKeyRef,
      resolve: (p) => p.apiKey,
      description: 'The new key without its secret.',
    }),
    previous: t.field({
      type: ApiKeyRef,
      resolve: (p) => p.previous,
      description: 'The rotated key: it keeps working until its expiresAt.',
    }),
  }),
});

function checkName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > NAME_MAX)
    throw invalidParameter('name', `name must be 1 to ${NAME_MAX} characters`);
  return trimmed;
}

function checkExpiry(expiresAt: Date | null | undefined): Date | undefined {
  if (expiresAt == null) return undefined;
  if (expiresAt <= new Date()) throw invalidParameter('expiresAt', 'expiresAt must be in the future');
  return expiresAt;
}

const noSuchKey = (prefix: string) =>
  new DomainError('not_found', `No active API key ${prefix} in this organization`, [
    { field: 'prefix', message: 'unknown, revoked, expired or already rotated' },
  ]);

builder.mutationField('createApiKey', (t) =>
  t.field({
    type: CreateApiKeyPayload,
    description: "Creates a key for the caller's organization. Needs an ADMIN key.",
    args: {
      name: t.arg.string({ required: true, description: `A label (1 to ${NAME_MAX} characters).` }),
      scope: t.arg({
        type: ApiKeyScopeEnum,
        required: true,
        defaultValue: 'read',
        description: 'What the new key may do (default READ).',
      }),
      expiresAt: t.arg({
        type: DateTimeScalar,
        description: 'When the new key stops working (in the future); none: never.',
      }),
    },
    resolve: async (_root, args, ctx) => {
      const { organizationId } = await ctx.requireViewer('admin');
      const created = await ctx.services.organizations.createApiKey(
        ctx.em,
        organizationId,
        checkName(args.name),
        {
          scope: args.scope,
          expiresAt: checkExpiry(args.expiresAt),
        },
      );
      return { key: created.key, apiKey: created.apiKey };
    },
  }),
);

builder.mutationField('rotateApiKey', (t) =>
  t.field({
    type: RotateApiKeyPayload,
    description:
      "Issues a new secret for one of the organization's keys (same name and scope). The old key keeps working for the overlap, then gets api_key_expired. Needs an ADMIN key.",
    args: {
      prefix: t.arg.string({ required: true, description: 'The prefix of the key to rotate.' }),
      overlapSeconds: t.arg.int({
        required: true,
        defaultValue: DEFAULT_ROTATION_OVERLAP_MS / 1000,
        description: `How long the old key keeps working, in seconds (default 86400: 24 h; 0 to ${MAX_ROTATION_OVERLAP_MS / 1000}).`,
      }),
      expiresAt: t.arg({
        type: DateTimeScalar,
        description:
          "When the new key stops working; none: the old key's lifetime from now, or never if it had none.",
      }),
    },
    resolve: async (_root, args, ctx) => {
      const { organizationId } = await ctx.requireViewer('admin');
      if (args.overlapSeconds < 0 || args.overlapSeconds * 1000 > MAX_ROTATION_OVERLAP_MS)
        throw invalidParameter(
          'overlapSeconds',
          `overlapSeconds must be between 0 and ${MAX_ROTATION_OVERLAP_MS / 1000}`,
        );
      const rotated = await ctx.services.organizations.rotateApiKey(ctx.em, {
        prefixOrId: args.prefix,
        organizationId,
        overlapMs: args.overlapSeconds * 1000,
        expiresAt: checkExpiry(args.expiresAt),
      });
      if (!rotated) throw noSuchKey(args.prefix);
      return rotated;
    },
  }),
);

builder.mutationField('revokeApiKey', (t) =>
  t.field({
    type: ApiKeyRef,
    description:
      "Revokes one of the organization's keys at once (it gets api_key_revoked), the caller's own included. Needs an ADMIN key.",
    args: { prefix: t.arg.string({ required: true, description: 'The prefix of the key to revoke.' }) },
    resolve: async (_root, args, ctx) => {
      const { organizationId } = await ctx.requireViewer('admin');
      const revoked = await ctx.services.organizations.revokeApiKey(ctx.em, args.prefix, organizationId);
      if (!revoked) throw noSuchKey(args.prefix);
      return revoked;
    },
  }),
);
