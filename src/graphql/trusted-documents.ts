import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import { createGraphQLError, type GraphQLParams, type Plugin } from 'graphql-yoga';
import type { ErrorCode } from '../domain/errors.ts';

/** Persisted documents by SHA-256 (lower-case hex, no `sha256:` prefix) → document text. */
export type PersistedDocuments = ReadonlyMap<string, string>;

export interface TrustedDocumentsOptions {
  documents: PersistedDocuments;
  /** Refuse any request that sends a document instead of a known hash. @default false */
  only: boolean;
}

/**
 * Trusted documents (issue 10, item 10): codegen persists the page's operations
 * (src/web/gql/persisted-documents.json) and the page sends only their hash, in the
 * Apollo / GraphQL-over-HTTP form `extensions.persistedQuery = { version: 1, sha256Hash }`.
 * With `only`, nothing else runs — a production deployment that serves only its own
 * page; by default arbitrary documents are accepted too, since the API is public.
 */
export function useTrustedDocuments({ documents, only }: TrustedDocumentsOptions): Plugin {
  return usePersistedOperations({
    allowArbitraryOperations: !only,
    extractPersistedOperationId: persistedHashOf,
    getPersistedOperation: (hash) => documents.get(hash) ?? null,
    customErrors: {
      persistedQueryOnly: error(
        'persisted_query_only',
        'This server runs only trusted (persisted) documents: send extensions.persistedQuery.sha256Hash instead of a query',
      ),
      notFound: error('persisted_query_not_found', 'No persisted document has this sha256Hash'),
      keyNotFound: error(
        'invalid_query',
        'A query or a persisted document hash (extensions.persistedQuery.sha256Hash) is required',
      ),
    },
  });
}

/** The hash as the client preset writes it (`sha256:<hex>`) or as Apollo does (`<hex>`). */
export function persistedHashOf(params: GraphQLParams): string | null {
  const persisted = (params.extensions as { persistedQuery?: { version?: unknown; sha256Hash?: unknown } })
    ?.persistedQuery;
  if (persisted?.version !== 1 || typeof persisted.sha256Hash !== 'string') return null;
  return normalizeHash(persisted.sha256Hash);
}

export function normalizeHash(hash: string): string {
  return hash.replace(/^sha256:/i, '').toLowerCase();
}

function error(code: ErrorCode, message: string) {
  return () => createGraphQLError(message, { extensions: { code, http: { status: 400 } } });
}
