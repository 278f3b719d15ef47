import type { WebhookEndpointRow } from '../../db/repositories/webhook-endpoint.repository.ts';
import { DomainError, invalidParameter } from '../../domain/errors.ts';
import { UUID } from '../../domain/ids.ts';
import { generateWebhookSecret } from '../../domain/webhook-signature.ts';
import { builder } from '../builder.ts';
import type { GraphQLContext } from '../context.ts';
import { DateTimeScalar } from './scalars.ts';

/**
 * Webhook endpoints (issue 12, item 4; README "Webhooks"): an organization's HTTPS URLs
 * that receive its saved searches' new and closed jobs, managed with its ADMIN key and
 * only ever its own (another organization's id is `not_found`, as an unknown one is).
 */
export const MAX_WEBHOOK_ENDPOINTS = 20;

export const WebhookEndpointRef = builder.objectRef<WebhookEndpointRow>('WebhookEndpoint');
WebhookEndpointRef.implement({
  description:
    "An HTTPS endpoint receiving a saved search's jobs, signed per Standard Webhooks. Its secret is shown only by createWebhookEndpoint and rotateWebhookEndpointSecret.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Endpoint id (UUID).' }),
    savedSearchId: t.exposeID('savedSearchId', { description: 'The saved search whose jobs it receives.' }),
    url: t.exposeString('url', { description: 'Where deliveries are POSTed.' }),
    createdAt: t.expose('createdAt', { type: DateTimeScalar, description: 'When it was registered.' }),
    previousSecretExpiresAt: t.expose('previousSecretUntil', {
      type: DateTimeScalar,
      nullable: true,
      description:
        'After a rotation: until when deliveries carry a second signature made with the previous secret.',
    }),
    failingSince: t.expose('failingSince', {
      type: DateTimeScalar,
      nullable: true,
      description: 'The first failed attempt since the last successful delivery; null while it succeeds.',
    }),
    disabledAt: t.expose('disabledAt', {
      type: DateTimeScalar,
      nullable: true,
      description:
        'When it was disabled for failing too long (WEBHOOK_DISABLE_AFTER_HOURS); nothing is sent to it until enableWebhookEndpoint.',
    }),
    disabledReason: t.exposeString('disabledReason', {
      nullable: true,
      description: 'Why it was disabled: since when it failed, and the last error.',
    }),
  }),
});

interface WithSecret {
  endpoint: WebhookEndpointRow;
  secret: string;
}
const WebhookEndpointSecretRef = builder.objectRef<WithSecret>('WebhookEndpointWithSecret');
WebhookEndpointSecretRef.implement({
  description: 'An endpoint and its signing secret, shown this once.',
  fields: (t) => ({
    endpoint: t.field({ type: WebhookEndpointRef, resolve: (w) => w.endpoint, description: 'The endpoint.' }),
    secret: t.exposeString('secret', {
      description:
        'The Standard Webhooks secret (`whsec_` and base64): verify `webhook-signature` with it. Not shown again.',
    }),
  }),
});

/** An id argument as a UUID, or invalid_parameter. */
export function checkId(value: string | number, field: string, what: string): string {
  const id = String(value).trim().toLowerCase();
  if (!UUID.test(id)) throw invalidParameter(field, `${field} must be ${what} id (a UUID)`);
  return id;
}

export function endpointNotFound(field = 'id'): DomainError {
  return new DomainError('not_found', 'No webhook endpoint with this id in this organization', [
    { field, message: 'unknown in this organization' },
  ]);
}

async function viewer(ctx: GraphQLContext) {
  return (await ctx.requireViewer('admin')).organizationId;
}

builder.queryField('webhookEndpoints', (t) =>
  t.field({
    type: [WebhookEndpointRef],
    description:
      "The webhook endpoints of the organization owning the X-API-Key header, oldest first; only one saved search's when `savedSearchId` is given. Needs an ADMIN key.",
    args: { savedSearchId: t.arg.id({ description: 'Only this saved search’s endpoints.' }) },
    resolve: async (_root, args, ctx) => {
      const organizationId = await viewer(ctx);
      const search = args.savedSearchId
        ? checkId(args.savedSearchId, 'savedSearchId', 'a saved search')
        : undefined;
      return ctx.services.webhookEndpoints.list(ctx.em, organizationId, search);
    },
  }),
);

builder.mutationField('createWebhookEndpoint', (t) =>
  t.field({
    type: WebhookEndpointSecretRef,
    description: `Registers an HTTPS endpoint for one of the organization's saved searches (at most ${MAX_WEBHOOK_ENDPOINTS} per organization); it receives the jobs that enter or leave the search's results from now on. A URL that is not https, does not parse or resolve, or whose host resolves to a private, loopback or link-local address gets \`invalid_parameter\`; an unknown saved search \`not_found\`. Needs an ADMIN key.`,
    args: {
      savedSearchId: t.arg.id({ required: true, description: 'The saved search.' }),
      url: t.arg.string({ required: true, description: 'An https:// URL.' }),
    },
    resolve: async (_root, args, ctx) => {
      const organizationId = await viewer(ctx);
      const search = checkId(args.savedSearchId, 'savedSearchId', 'a saved search');
      const url = await ctx.services.checkWebhookUrl(args.url);
      if ((await ctx.services.webhookEndpoints.count(ctx.em, organizationId)) >= MAX_WEBHOOK_ENDPOINTS)
        throw invalidParameter(
          'url',
          `an organization keeps at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`,
        );
      const secret = generateWebhookSecret();
      const { start } = await ctx.services.jobEventLog.head(ctx.em);
      const endpoint = await ctx.services.webhookEndpoints.create(
        ctx.em,
        organizationId,
        search,
        url.toString(),
        secret,
        start,
      );
      if (!endpoint)
        throw new DomainError('not_found', 'No saved search with this id in this organization', [
          { field: 'savedSearchId', message: 'unknown in this organization' },
        ]);
      return { endpoint, secret };
    },
  }),
);

builder.mutationField('rotateWebhookEndpointSecret', (t) =>
  t.field({
    type: WebhookEndpointSecretRef,
    description:
      'Gives an endpoint a new secret, shown this once. The previous one keeps signing beside it (a second `v1,` signature) for WEBHOOK_SECRET_OVERLAP_HOURS (default 24), so a receiver can switch without missing a delivery. Needs an ADMIN key.',
    args: { id: t.arg.id({ required: true, description: 'The endpoint id.' }) },
    resolve: async (_root, args, ctx) => {
      const organizationId = await viewer(ctx);
      const secret = generateWebhookSecret();
      const endpoint = await ctx.services.webhookEndpoints.rotateSecret(
        ctx.em,
        organizationId,
        checkId(args.id, 'id', 'a webhook endpoint'),
        secret,
        ctx.services.config.webhooks.secretOverlapMs,
      );
      if (!endpoint) throw endpointNotFound();
      return { endpoint, secret };
    },
  }),
);

builder.mutationField('enableWebhookEndpoint', (t) =>
  t.field({
    type: WebhookEndpointRef,
    description:
      "Enables a disabled endpoint again: its pending deliveries are retried, and it receives the saved search's jobs from now on (not those of the time it was disabled). Needs an ADMIN key.",
    args: { id: t.arg.id({ required: true, description: 'The endpoint id.' }) },
    resolve: async (_root, args, ctx) => {
      const organizationId = await viewer(ctx);
      const { start } = await ctx.services.jobEventLog.head(ctx.em);
      const endpoint = await ctx.services.webhookEndpoints.enable(
        ctx.em,
        organizationId,
        checkId(args.id, 'id', 'a webhook endpoint'),
        start,
      );
      if (!endpoint) throw endpointNotFound();
      return endpoint;
    },
  }),
);

builder.mutationField('deleteWebhookEndpoint', (t) =>
  t.field({
    type: WebhookEndpointRef,
    description: 'Deletes an endpoint and its delivery log, and returns it. Needs an ADMIN key.',
    args: { id: t.arg.id({ required: true, description: 'The endpoint id.' }) },
    resolve: async (_root, args, ctx) => {
      const organizationId = await viewer(ctx);
      const deleted = await ctx.services.webhookEndpoints.delete(
        ctx.em,
        organizationId,
        checkId(args.id, 'id', 'a webhook endpoint'),
      );
      if (!deleted) throw endpointNotFound();
      return deleted;
    },
  }),
);
