import type { Em } from '../db/orm.ts';
import type { Services } from '../services.ts';

/** Per-request state: a fresh identity map, and the caller's organization resolved at most once. */
export interface GraphQLContext {
  services: Services;
  em: Em;
  request: Request;
  /** The organization of the X-API-Key header, or null when absent or invalid. */
  viewerOrganizationId(): Promise<string | null>;
}

export function createContext(services: Services, request: Request): GraphQLContext {
  const em = services.orm.em.fork();
  let viewer: Promise<string | null> | undefined;
  return {
    services,
    em,
    request,
    viewerOrganizationId: () => {
      viewer ??= services.organizations.authenticate(em, request.headers.get('x-api-key') ?? undefined);
      return viewer;
    },
  };
}
