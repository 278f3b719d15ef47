import type { Em } from '../db/orm.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** A fork of the ORM's entity manager for this request only. */
    em: Em;
    /** Set by the API-key check on routes that require one. */
    organizationId?: string;
  }
}
