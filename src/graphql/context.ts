import type { Logger } from 'pino';
import { requireApiKey, type ApiKeyCheck, type ApiKeyViewer } from '../domain/api-key-check.ts';
import type { ApiKeyScope } from '../domain/api-key-scope.ts';
import type { JobEventFeed } from '../db/job-events.ts';
import type { EventReader, JobEventRepository } from '../db/repositories/job-event.repository.ts';
import type { JobLoad } from '../db/job-batch-loader.ts';
import type { JobRecord } from '../domain/job-record.ts';
import type { PlaceLocator } from '../domain/near-filter.ts';
import type { Em, Orm } from '../db/orm.ts';
import type { CatalogRepository } from '../db/repositories/catalog.repository.ts';
import type { JobSearch } from '../search/job-search.ts';
import type { JobRepository } from '../db/repositories/job.repository.ts';
import type { OrganizationRepository } from '../db/repositories/organization.repository.ts';
import type { SavedSearchRepository } from '../db/repositories/saved-search.repository.ts';
import type { WebhookDeliveryRepository } from '../db/repositories/webhook-delivery.repository.ts';
import type { WebhookEndpointRepository } from '../db/repositories/webhook-endpoint.repository.ts';

/** What the GraphQL layer needs from the composition root. */
export interface GraphQLDeps {
  orm: Orm;
  logger: Logger;
  jobs: JobRepository;
  /** Searches: the search index when it serves, else SQL (search/job-search.ts). */
  search: JobSearch;
  catalog: CatalogRepository;
  organizations: OrganizationRepository;
  savedSearches: SavedSearchRepository;
  /** A `near` place name → its point (the gazetteer's, wired by services.ts). */
  locatePlace: PlaceLocator;
  /** The job event outbox, for the jobsAdded, jobsClosed and jobsUpdated subscriptions. */
  jobEvents(): Promise<JobEventFeed>;
  jobEventLog: JobEventRepository;
  eventReader: EventReader;
  liveJobs: JobLoad<JobRecord>;
  webhookEndpoints: WebhookEndpointRepository;
  webhookDeliveries: WebhookDeliveryRepository;
  /** A webhook URL checked, DNS answers included, or the invalid_parameter why not. */
  checkWebhookUrl(url: string): Promise<URL>;
  config: {
    events: { retentionHours: number; pollMs: number };
    webhooks: { secretOverlapMs: number };
  };
}

/** Per-request state: a fresh identity map, and the caller's organization resolved at most once. */
export interface GraphQLContext {
  services: GraphQLDeps;
  em: Em;
  request: Request;
  /** The organization of the X-API-Key header, or null when absent or invalid. */
  viewerOrganizationId(): Promise<string | null>;
  /**
   * The caller of a valid X-API-Key with `scope`, or the catalogue error that says why not
   * (unauthorized, api_key_expired, api_key_revoked, forbidden).
   */
  requireViewer(scope: ApiKeyScope): Promise<ApiKeyViewer>;
}

export function createContext(services: GraphQLDeps, request: Request): GraphQLContext {
  const em = services.orm.em.fork();
  let check: Promise<ApiKeyCheck> | undefined;
  const checkKey = () =>
    (check ??= services.organizations.checkApiKey(em, request.headers.get('x-api-key') ?? undefined));
  return {
    services,
    em,
    request,
    viewerOrganizationId: async () => {
      const result = await checkKey();
      return result.status === 'valid' ? result.organizationId : null;
    },
    requireViewer: async (scope) => requireApiKey(await checkKey(), scope),
  };
}
