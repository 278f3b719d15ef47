import type { FastifyRequest } from 'fastify';
import { requireApiKey } from '../domain/api-key-check.ts';
import type { ApiKeyScope } from '../domain/api-key-scope.ts';
import type { RestDeps } from './rest-deps.ts';

/**
 * The onRequest hook of the keyed routes: the X-API-Key names the caller's
 * organization, or the request ends with 401 before validation (a caller without a key
 * learns nothing else). Every scope reads the board; managing saved searches needs
 * `admin` (a read key gets 403 forbidden).
 */
export function authenticateOrganization(services: RestDeps, scope: ApiKeyScope = 'read') {
  return async (request: FastifyRequest): Promise<void> => {
    const key = request.headers['x-api-key'];
    const check = await services.organizations.checkApiKey(request.em, Array.isArray(key) ? key[0] : key);
    request.organizationId = requireApiKey(check, scope).organizationId;
  };
}
