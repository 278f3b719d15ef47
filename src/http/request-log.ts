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
