import type { ApiKeyRow } from '../../db/repositories/api-key-row.ts';
import { builder } from '../builder.ts';
import { DateTimeScalar } from './scalars.ts';

export const ApiKeyScopeEnum = builder.enumType('ApiKeyScope', {
  description: 'What a key may do.',
  values: {
    READ: { value: 'read', description: "Reads the organization's board (organizationJobs, GET /jobs)." },
    ADMIN: {
      value: 'admin',
      description:
        "Everything READ does, and manages the organization's own keys (apiKeys and the key mutations).",
    },
  } as const,
});

type ApiKeyState = 'active' | 'expired' | 'revoked';

export const ApiKeyStatusEnum = builder.enumType('ApiKeyStatus', {
  description: 'Whether a key works now.',
  values: {
    ACTIVE: { value: 'active', description: 'Works (a rotated key works until its expiresAt).' },
    EXPIRED: { value: 'expired', description: 'Its expiresAt passed; it gets api_key_expired.' },
    REVOKED: { value: 'revoked', description: 'Revoked; it gets api_key_revoked.' },
  } as const,
});

function stateOf(key: ApiKeyRow, now = new Date()): ApiKeyState {
  if (key.revokedAt) return 'revoked';
  return key.expiresAt && key.expiresAt <= now ? 'expired' : 'active';
}

export const ApiKeyRef = builder.objectRef<ApiKeyRow>('ApiKey');

ApiKeyRef.implement({
  description:
    "An API key of the caller's organization. The secret is never readable: it is shown once, in the payload of createApiKey or rotateApiKey.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Key id (UUID).' }),
    prefix: t.exposeString('prefix', {
      description:
        'The public part of the key (`jl_<prefix>_…`) that names it in rotateApiKey and revokeApiKey.',
    }),
    name: t.exposeString('name', { description: 'A label given at creation.' }),
    scope: t.field({ type: ApiKeyScopeEnum, resolve: (k) => k.scope, description: 'What the key may do.' }),
    status: t.field({
      type: ApiKeyStatusEnum,
      resolve: (k) => stateOf(k),
      description: 'Whether the key works now.',
    }),
    createdAt: t.expose('createdAt', { type: DateTimeScalar, description: 'When the key was created.' }),
    expiresAt: t.expose('expiresAt', {
      type: DateTimeScalar,
      nullable: true,
      description: 'When the key stops working (for a rotated key, the end of the overlap); null: never.',
    }),
    lastUsedAt: t.expose('lastUsedAt', {
      type: DateTimeScalar,
      nullable: true,
      description: 'When a request last used the key (to the minute); null: never.',
    }),
    revokedAt: t.expose('revokedAt', {
      type: DateTimeScalar,
      nullable: true,
      description: 'When the key was revoked; null: it was not.',
    }),
    replacedByPrefix: t.exposeString('replacedByPrefix', {
      nullable: true,
      description: 'Set when the key was rotated: the prefix of the key that replaces it.',
    }),
  }),
});

builder.queryField('apiKeys', (t) =>
  t.field({
    type: [ApiKeyRef],
    description:
      'The keys of the organization owning the X-API-Key header, newest first, revoked and expired ones included. Needs an ADMIN key (a READ key gets `forbidden`).',
    resolve: async (_root, _args, ctx) => {
      const { organizationId } = await ctx.requireViewer('admin');
      return ctx.services.organizations.listApiKeys(ctx.em, organizationId);
    },
  }),
);
