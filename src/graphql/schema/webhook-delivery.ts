import type { WebhookDeliveryRow } from '../../db/repositories/webhook-delivery.repository.ts';
import { invalidParameter } from '../../domain/errors.ts';
import { builder } from '../builder.ts';
import { DateTimeScalar } from './scalars.ts';
import { checkId, endpointNotFound } from './webhook-endpoint.ts';

/** An endpoint's delivery log (issue 12, item 4; README "Webhooks"). */
const LOG_MAX = 200;

const WebhookDeliveryStatusEnum = builder.enumType('WebhookDeliveryStatus', {
  description: 'Where a delivery stands.',
  values: {
    PENDING: { value: 'pending', description: 'Not yet accepted: waiting for its first or next attempt.' },
    DELIVERED: { value: 'delivered', description: 'The endpoint answered 2xx.' },
    FAILED: {
      value: 'failed',
      description: 'Given up: still failing when WEBHOOK_RETRY_HOURS (default 24) had passed.',
    },
  } as const,
});

const WebhookDeliveryRef = builder.objectRef<WebhookDeliveryRow>('WebhookDelivery');
WebhookDeliveryRef.implement({
  description: 'One batch POSTed (or to be POSTed) to an endpoint.',
  fields: (t) => ({
    id: t.string({
      resolve: (d) => `msg_${d.id}`,
      description: 'The `webhook-id` header: the same on every attempt (deduplicate by it).',
    }),
    status: t.field({
      type: WebhookDeliveryStatusEnum,
      resolve: (d) => d.status,
      description: 'Where it stands.',
    }),
    jobCount: t.exposeInt('jobCount', { description: 'Jobs in the batch (added and closed).' }),
    attempts: t.exposeInt('attempts', { description: 'Attempts made so far.' }),
    lastError: t.exposeString('lastError', {
      nullable: true,
      description:
        'Why the last attempt failed (`HTTP 500`, a timeout, a refused address); null after a success.',
    }),
    lastResponseStatus: t.exposeInt('lastResponseStatus', {
      nullable: true,
      description: "The last attempt's HTTP status; null when no answer came.",
    }),
    lastAttemptAt: t.expose('lastAttemptAt', {
      type: DateTimeScalar,
      nullable: true,
      description: 'When it was last tried.',
    }),
    nextAttemptAt: t.expose('nextAttemptAt', {
      type: DateTimeScalar,
      nullable: true,
      description: 'When the next attempt is due (pending only).',
    }),
    deliveredAt: t.expose('deliveredAt', {
      type: DateTimeScalar,
      nullable: true,
      description: 'When it was accepted.',
    }),
    createdAt: t.expose('createdAt', { type: DateTimeScalar, description: 'When the batch was made.' }),
  }),
});

builder.queryField('webhookDeliveries', (t) =>
  t.field({
    type: [WebhookDeliveryRef],
    description: `An endpoint's delivery log, newest first (at most ${LOG_MAX}); finished deliveries are kept WEBHOOK_LOG_RETENTION_HOURS (default 168). Needs an ADMIN key of the endpoint's organization.`,
    args: {
      endpointId: t.arg.id({ required: true, description: 'The endpoint id.' }),
      status: t.arg({ type: WebhookDeliveryStatusEnum, description: 'Only deliveries in this status.' }),
      first: t.arg.int({ defaultValue: 50, description: `How many (1 to ${LOG_MAX}).` }),
    },
    resolve: async (_root, args, ctx) => {
      const { organizationId } = await ctx.requireViewer('admin');
      const endpointId = checkId(args.endpointId, 'endpointId', 'a webhook endpoint');
      const first = args.first ?? 50;
      if (first < 1 || first > LOG_MAX)
        throw invalidParameter('first', `first must be between 1 and ${LOG_MAX}`);
      if (!(await ctx.services.webhookEndpoints.find(ctx.em, organizationId, endpointId)))
        throw endpointNotFound('endpointId');
      return ctx.services.webhookDeliveries.list(
        ctx.em,
        organizationId,
        endpointId,
        args.status ?? null,
        first,
      );
    },
  }),
);
