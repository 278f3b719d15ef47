import type { TypedDocumentString } from './gql/graphql.ts';

/**
 * Sends a typed document to /graphql; the result and variables are typed by codegen.
 * `apiKey` goes in X-API-Key (the settings view's admin key).
 */
export async function execute<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
  apiKey?: string,
): Promise<TResult> {
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json',
      ...(apiKey ? { 'x-api-key': apiKey } : {}),
    },
    body: JSON.stringify({ query: document.toString(), variables }),
  });
  const body = (await response.json()) as { data?: TResult; errors?: { message: string }[] };
  if (body.errors?.length || !body.data)
    throw new Error(body.errors?.map((e) => e.message).join('; ') ?? 'request failed');
  return body.data;
}

/**
 * A subscription over server-sent events (yoga's GET + text/event-stream). The
 * browser's EventSource reconnects by itself after a dropped connection.
 */
export function subscribe<TResult>(
  document: TypedDocumentString<TResult, Record<string, never>>,
  onData: (data: TResult) => void,
  onOpen?: () => void,
): () => void {
  const source = new EventSource(`/graphql?query=${encodeURIComponent(document.toString())}`);
  if (onOpen) source.addEventListener('open', onOpen);
  source.addEventListener('next', (event) => {
    const body = JSON.parse((event as MessageEvent<string>).data) as { data?: TResult };
    if (body.data) onData(body.data);
  });
  return () => source.close();
}
