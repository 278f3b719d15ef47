import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * One access-log line per request, written when it completes (method, path, status,
 * time), with secrets taken out of the URL: an API key sent as `?api_key=…` (or any
 * `jl_…` key anywhere in it) must not end up in the logs. Replaces Fastify's own
 * request logging, which writes the URL as received.
 */
const SECRET_PARAMS = /([?&](?:api[_-]?key|x-api-key|key|token|access_token)=)[^&#]*/gi;
const API_KEY = /jl_[a-z2-7]{10}_[A-Za-z0-9_-]+/g;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1***').replace(API_KEY, 'jl_***');
}

export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
}

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,200}$/;

/**
 * Fastify's genReqId: a caller's (or proxy's) `X-Request-Id` is kept when it is a
 * plausible id, so one id follows a request through every hop and log line; else a
 * new UUID. It is echoed in the response (registerRequestId).
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : randomUUID();
}

export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
