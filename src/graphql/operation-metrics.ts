import { getOperationAST, Kind, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/** One GraphQL operation as metrics name it: never by its document text. */
export interface OperationLabels {
  /** The operation's name, or `anonymous`. */
  name: string;
  type: 'query' | 'mutation' | 'subscription';
}

/** What the GraphQL layer reports; http/ counts it in its registry (graphql/ knows no Prometheus). */
export interface OperationObserver {
  /** A query or mutation executed, in seconds; subscriptions are counted when they start. */
  executed(operation: OperationLabels, seconds: number | null): void;
  /** An error sent to the client, by catalogue code (after useErrorCodes has set it). */
  error(code: string): void;
  /** A subscription stream opened; the returned function is called when it ends. */
  subscribed(field: string): () => void;
}

function operationOf(document: DocumentNode, operationName?: string | null): OperationDefinitionNode | null {
  return getOperationAST(document, operationName ?? undefined) ?? null;
}

function labelsOf(operation: OperationDefinitionNode): OperationLabels {
  return { name: operation.name?.value ?? 'anonymous', type: operation.operation };
}

/** The first root field of a subscription: its only one, as the spec requires. */
function rootFieldOf(operation: OperationDefinitionNode): string {
  const first = operation.selectionSet.selections[0];
  return first?.kind === Kind.FIELD ? first.name.value : 'unknown';
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/**
 * Counts operations by name and type, their execution time, the errors in each result
 * by `extensions.code`, and the subscription streams open. Placed after useErrorCodes,
 * whose onResultProcess gives every error its catalogue code first.
 */
export function useOperationMetrics(observer: OperationObserver): Plugin {
  return {
    onExecute({ args }) {
      const operation = operationOf(args.document, args.operationName);
      if (!operation) return;
      const started = performance.now();
      return {
        onExecuteDone() {
          observer.executed(labelsOf(operation), (performance.now() - started) / 1000);
        },
      };
    },
    onSubscribe({ args }) {
      const operation = operationOf(args.document, args.operationName);
      if (!operation) return;
      observer.executed(labelsOf(operation), null);
      return {
        onSubscribeResult({ result }) {
          if (!isAsyncIterable(result)) return;
          const ended = observer.subscribed(rootFieldOf(operation));
          return { onEnd: ended };
        },
      };
    },
    onResultProcess({ result }) {
      for (const one of Array.isArray(result) ? result : [result]) {
        if (!one || Symbol.asyncIterator in one) continue;
        for (const error of one.errors ?? []) {
          observer.error(
            String((error.extensions as Record<string, unknown> | undefined)?.code ?? 'internal_error'),
          );
        }
      }
    },
  };
}
