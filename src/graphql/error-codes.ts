import type { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { ERROR_CODES, type ErrorCode } from '../domain/errors.ts';

/**
 * Every GraphQL error carries a catalogue code in `extensions.code`, as REST bodies
 * do: ours carry theirs already (errors.ts); those graphql-js, yoga and graphql-armor
 * make themselves (a document that does not parse or validate, a limit exceeded, a
 * variable of the wrong type, an operation the method cannot carry) came without one.
 */
export function codeOf(error: GraphQLError): ErrorCode {
  const status = (error.extensions?.http as { status?: number } | undefined)?.status;
  if (status === 405) return 'method_not_allowed';
  // graphql-js: 'Variable "$f" got invalid value …', 'Variable "$f" of required type …'.
  if (error.message.startsWith('Variable "$')) return 'invalid_parameter';
  if ((status !== undefined && status >= 400 && status < 500) || !error.originalError) return 'invalid_query';
  return 'internal_error';
}

export function useErrorCodes(): Plugin {
  return {
    onResultProcess({ result }) {
      for (const one of Array.isArray(result) ? result : [result]) {
        if (!one || Symbol.asyncIterator in one) continue;
        for (const error of one.errors ?? []) {
          const extensions = error.extensions as Record<string, unknown>;
          // Yoga's own codes (GRAPHQL_PARSE_FAILED, BAD_REQUEST…) are replaced too: one catalogue.
          if (extensions && !Object.hasOwn(ERROR_CODES, String(extensions.code)))
            extensions.code = codeOf(error as GraphQLError);
        }
      }
    },
  };
}
