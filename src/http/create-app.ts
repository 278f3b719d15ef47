import compress from '@fastify/compress';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/database-errors.ts';
import { DomainError } from '../domain/errors.ts';
import { createGraphQL, type GraphQLOptions } from '../graphql/yoga.ts';
import { registerCategoriesRoute } from '../rest/categories.route.ts';
import { toErrorResponse, type ErrorResponse } from '../rest/error-map.ts';
import { errorSchema } from '../rest/error-schema.ts';
import { jobItemSchema } from '../rest/job-item.ts';
import { registerJobByIdRoutes } from '../rest/job-by-id.route.ts';
import { describeListParameters } from '../rest/openapi-list-params.ts';
import { registerOrganizationJobsRoute } from '../rest/organization-jobs.route.ts';
import { registerSavedSearchRoutes, savedSearchSchemas } from '../rest/saved-searches.route.ts';
import { registerSearchJobsRoute } from '../rest/search-jobs.route.ts';
import type { Services } from '../services.ts';
import './fastify-types.ts';
import { ALWAYS_READY, registerHealthRoutes, type Readiness } from './health.ts';
import { registerCaching } from './caching.ts';
import { registerMetrics } from './metrics/register-metrics.ts';
import { clientErrorHandler, frameworkErrors } from './protocol-errors.ts';
import { registerRequestId, registerRequestLog, requestId } from './request-log.ts';
import { loadPersistedDocuments } from './persisted-documents.ts';
import { registerWebPage } from './web-page.ts';

// Answered while starting too: orchestrators and Prometheus watch a start, not only a running server.
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * An error answered before GraphQL runs (rate limit, body too large, not ready) in the
 * shape of the transport asked: a GraphQL client reads `errors[].extensions.code`, not
 * the REST body; the code and status are the same.
 */
function sendError(request: FastifyRequest, reply: FastifyReply, response: ErrorResponse): FastifyReply {
  if (response.retryAfter) reply.header('retry-after', String(response.retryAfter));
  reply.status(response.status);
  if (request.url.split('?')[0] !== '/graphql') return reply.send(response.body);
  const { code, message, details } = response.body.error;
  return reply.send({
    errors: [
      {
        message,
        extensions: {
          code,
          ...(details.length ? { details } : {}),
          ...(response.retryAfter ? { retryAfter: response.retryAfter } : {}),
        },
      },
    ],
  });
}

/**
 * Builds the whole HTTP app (REST, GraphQL, docs, page) without listening, so
 * tests drive it in-process with `app.inject`. main.ts alone calls listen().
 */
export interface AppOptions {
  /** Until ready, every route but the probes answers 503 (main.ts: database reached, migrated). */
  readiness?: Readiness;
}

export async function createApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const readiness = options.readiness ?? ALWAYS_READY;
  const { config } = services;
  const app = Fastify({
    loggerInstance: services.logger as FastifyBaseLogger,
    bodyLimit: config.http.bodyLimitBytes,
    // Query strings and bodies may carry lists; fastify's ajv coerces scalars but
    // must not strip unknown keys silently from what we then validate ourselves.
    ajv: { customOptions: { coerceTypes: 'array', allErrors: true, removeAdditional: true } },
    trustProxy: config.http.trustProxy,
    // registerRequestLog writes one line per request, with secrets out of the URL.
    logController: new LogController({ disableRequestLogging: true }),
    // Every log line of a request carries its id (reqId), the caller's X-Request-Id if any.
    genReqId: requestId,
    // A request must arrive whole within this time (a body sent a byte a second was
    // never timed out); responses, such as event streams, are not limited by it.
    requestTimeout: config.http.requestTimeoutMs,
    // Node looks for timed-out requests every 30 s by default: look often enough that the
    // timeout means what it says; headers get no longer than the whole request (Node
    // leaves headersTimeout at 60 s when requestTimeout is set after the server is made,
    // and then never cut a slow body off).
    http: {
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, config.http.requestTimeoutMs / 4)),
      headersTimeout: Math.min(60_000, config.http.requestTimeoutMs),
      requestTimeout: config.http.requestTimeoutMs,
    },
    clientErrorHandler,
    frameworkErrors,
  });
  registerRequestId(app);
  registerRequestLog(app);
  // JSON only: Fastify's own text/plain parser let a form-like body through to the
  // routes' validation (400) instead of the documented 415.
  app.removeContentTypeParser('text/plain');

  app.decorateRequest('em', null as never);
  app.addHook('onRequest', async (request, reply) => {
    if (!readiness.ready() && !PROBES.has(request.url)) {
      const response = toErrorResponse(
        new DomainError(
          'database_unavailable',
          'Starting: the database is not reachable yet',
          [],
          DATABASE_RETRY_AFTER_SECONDS,
        ),
      );
      return sendError(request, reply, response);
    }
    request.em = services.orm.em.fork();
  });

  app.setErrorHandler((error, request, reply) => {
    const response = toErrorResponse(error);
    if (response.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, response);
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      success: false,
      error: {
        code: 'not_found',
        message: `No route for ${request.method} ${request.url.split('?')[0]}`,
        details: [],
      },
    }),
  );

  await app.register(cors, {
    origin: true,
    exposedHeaders: [
      'retry-after',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
      'x-request-id',
      'etag',
    ],
    // Browsers may reuse a preflight for a day (Chromium caps it at 2 h).
    maxAge: 86_400,
  });
  // @fastify/cors answers an OPTIONS request that is not a valid preflight with a
  // text/plain 400 of its own: the same status in the one error shape.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'OPTIONS' || reply.statusCode !== 400 || payload !== 'Invalid Preflight Request')
      return payload;
    reply.type('application/json; charset=utf-8');
    return JSON.stringify({
      success: false,
      error: {
        code: 'bad_request',
        message: 'Invalid CORS preflight: Access-Control-Request-Method is required',
        details: [],
      },
    });
  });
  const metrics = await registerMetrics(app, services);
  await registerCaching(app);
  // gzip/brotli for what is worth it (a 50-job page is ~170 kB of JSON); event streams
  // are never compressed (the default types leave text/event-stream out), so live
  // updates are not held back in a compression buffer.
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, {
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    // Counters in Redis are shared by every gateway; if Redis fails, serve rather than refuse.
    ...(services.redis ? { redis: services.redis, nameSpace: 'jobs-rate-limit-', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      new DomainError(
        'rate_limited',
        `Rate limit exceeded; retry in ${Math.ceil(context.ttl / 1000)} s`,
        [],
        Math.ceil(context.ttl / 1000),
      ),
  });
  await app.register(swagger, {
    // Components keep the names the schemas' $id give them (Error, Job), not def-0, def-1.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    // Query lists in both forms GET /jobs reads: `a,b` and repeated `name[]` (openapi-list-params.ts).
    transformObject: (document) =>
      'openapiObject' in document ? describeListParameters(document.openapiObject) : document.swaggerObject,
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Job Listings API',
        version: '1.0.0',
        description: 'Search and organization listings of job postings.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      // Relative: the document is served by the API it describes, wherever that runs.
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          apiKey: {
            type: 'apiKey',
            name: 'X-API-Key',
            in: 'header',
            description: 'An organization key: jl_…',
          },
        },
      },
    },
  });
  // Named components (Error, Job) that the routes' schemas reference.
  app.addSchema(errorSchema);
  app.addSchema(jobItemSchema);
  for (const schema of savedSearchSchemas) app.addSchema(schema);
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerSearchJobsRoute(app, services);
  registerOrganizationJobsRoute(app, services);
  registerJobByIdRoutes(app, services);
  registerCategoriesRoute(app, services);
  registerSavedSearchRoutes(app, services);
  registerHealthRoutes(app, services, readiness);
  mountGraphQL(app, services, {
    plugins: metrics.graphqlPlugins,
    trustedDocuments: {
      documents: await loadPersistedDocuments(),
      only: services.config.graphql.trustedDocumentsOnly,
    },
  });
  registerWebPage(app);
  return app;
}

/** Yoga handles /graphql itself (GraphiQL, SSE, batching); Fastify only routes to it. */
function mountGraphQL(app: FastifyInstance, services: Services, options: GraphQLOptions): void {
  const yoga = createGraphQL(services, options);
  app.route({
    url: yoga.graphqlEndpoint,
    method: ['GET', 'POST', 'OPTIONS'],
    schema: { hide: true },
    handler: async (req, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });
  // Yoga reads the raw body itself for every content type it accepts.
  app.addContentTypeParser('application/graphql+json', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
}
