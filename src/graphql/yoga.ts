import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { createYoga, maskError, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import type { Logger } from 'pino';
import { createContext, type GraphQLContext, type GraphQLDeps } from './context.ts';
import { useErrorCodes } from './error-codes.ts';
import { useEventIds } from './event-ids.ts';
import { eventJobIds, type Delivery } from './schema/job-events.ts';
import { useSharedEventResults } from './shared-event-results.ts';
import { exposeDomainError } from './errors.ts';
import { useTrustedDocuments, type TrustedDocumentsOptions } from './trusted-documents.ts';
import { buildSchema } from './schema/index.ts';

let graphiqlPage: string | undefined;

export type Yoga = YogaServerInstance<Record<string, unknown>, GraphQLContext>;

export interface GraphQLOptions {
  /** Plugins run after the error codes are set (the app's operation metrics). */
  plugins?: Plugin[];
  /** The persisted documents clients may send by hash, and whether only those run. */
  trustedDocuments?: TrustedDocumentsOptions;
}

/** The GraphQL endpoint, framework-free: http/ mounts it, tests call `yoga.fetch`. */
export function createGraphQL(services: GraphQLDeps, options: GraphQLOptions = {}): Yoga {
  return createYoga<Record<string, unknown>, GraphQLContext>({
    schema: buildSchema(),
    graphqlEndpoint: '/graphql',
    graphiql: { title: 'Job Listings — GraphQL', defaultQuery: DEFAULT_QUERY },
    // GraphiQL's scripts, styles and workers from the package, inlined (the default page
    // loads them from a CDN: blank offline). The page is 9 MB of text: made once.
    renderGraphiQL: (options) => (graphiqlPage ??= renderGraphiQL(options)),
    landingPage: false,
    logging: yogaLogger(services.logger),
    context: ({ request }) => createContext(services, request),
    // Static limits on what one document may ask for (aliases, depth, cost, size), so a
    // single request cannot fan out into hundreds of searches. Field suggestions stay on:
    // the schema is public and GraphiQL is part of the product.
    plugins: [
      useErrorCodes(),
      useEventIds(),
      useSharedEventResults({
        idsOf: (payload, args) => eventJobIds(payload as Delivery, args.contextValue as GraphQLContext),
        recordsOf: (ids, readAfter) => services.liveJobs(ids, readAfter),
      }),
      useTrustedDocuments(options.trustedDocuments ?? { documents: new Map(), only: false }),
      EnvelopArmorPlugin({
        maxAliases: { n: 15 },
        maxDepth: { n: 10 },
        costLimit: { maxCost: 5000 },
        maxTokens: { n: 2000 },
        blockFieldSuggestion: { enabled: false },
      }),
      ...(options.plugins ?? []),
    ],
    maskedErrors: {
      // Expected errors keep their catalogue code; anything else is masked and logged.
      maskError: (error, message, isDev) => {
        const exposed = exposeDomainError(error);
        if (exposed) return exposed;
        return maskError(error, message, isDev);
      },
    },
  }) as unknown as Yoga;
}

/**
 * Yoga logs at error level every error it hands the client in another form, ours
 * included: a rejected argument or a mistyped variable is the client's mistake, logged
 * at info with its code and no stack; anything else stays an error with its stack.
 */
function yogaLogger(logger: Logger) {
  return {
    debug: (...args: unknown[]) => logger.debug(args.map(String).join(' ')),
    info: (...args: unknown[]) => logger.info(args.map(String).join(' ')),
    warn: (...args: unknown[]) => logger.warn(args.map(String).join(' ')),
    error: (error: unknown, ...rest: unknown[]) => {
      const exposed = exposeDomainError(error);
      if (exposed) {
        const code = (exposed as { extensions?: { code?: string } }).extensions?.code;
        return logger.info({ code }, `graphql request rejected: ${exposed.message}`);
      }
      return logger.error({ err: error, details: rest.length ? rest : undefined }, 'graphql error');
    },
  };
}

const DEFAULT_QUERY = `# Public search. Try organizationJobs with an X-API-Key header too.
query Search {
  searchJobs(first: 5, filter: { query: "engineer", remoteTypes: [REMOTE] }) {
    totalCount
    edges { node { id title company { name } location remoteType salaryText postedAt } }
    pageInfo { hasNextPage endCursor }
  }
}
`;
