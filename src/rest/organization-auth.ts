import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../domain/errors.ts';
import type { RestDeps } from './rest-deps.ts';

/**
 * The onRequest hook of the keyed routes: the X-API-Key names the caller's
 * organization, or the request ends with 401 before validation (a caller without a key
 * learns nothing else).
 */
export function authenticateOrganization(services: RestDeps) {
  return async (request: FastifyRequest): Promise<void> => {
    const key = request.headers['x-api-key'];
    const organizationId = await services.organizations.authenticate(
      request.em,
      Array.isArray(key) ? key[0] : key,
    );
    if (!organizationId) throw unauthorized();
    request.organizationId = organizationId;
  };
}
