import type { TypedDocumentString } from './gql/graphql.ts';

/**
 * Trusted documents: the page sends the hash codegen computed for each of its operations
 * (gql/persisted-documents.json holds the texts, the server looks them up), never the
 * document itself — so a server that runs only trusted documents serves this page.
 */
function persistedQuery(document: { __meta__?: Record<string, unknown> }) {
  const hash = (document.__meta__ as { hash?: string } | undefined)?.hash;
  if (!hash) throw new Error('document not persisted: run npm run codegen');
  return { persistedQuery: { version: 1, sha256Hash: hash } };
}

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
    body: JSON.stringify({ extensions: persistedQuery(document), variables }),
  });
  const body = (await response.json()) as { data?: TResult; errors?: { message: string }[] };
  if (body.errors?.length || !body.data)
    throw new Error(body.errors?.map((e) => e.message).join('; ') ?? 'request failed');
  return body.data;
}

/**
 * A subscription over server-sent events (yoga's GET + text/event-stream). The
 * browser's EventSource reconnects by itself after a dropped connection, sending the
 * last event id it saw, and the server sends what it missed (README "Live events").
 * Away longer than the server keeps events, it answers `event_id_expired`: an
 * EventSource cannot drop its id, so a new one starts from now.
 */
export function subscribe<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
  onData: (data: TResult) => void,
  onOpen?: () => void,
): () => void {
  const extensions = encodeURIComponent(JSON.stringify(persistedQuery(document)));
  const vars = encodeURIComponent(JSON.stringify(variables ?? {}));
  let source: EventSource;
  const open = () => {
    source = new EventSource(`/graphql?extensions=${extensions}&variables=${vars}`);
    if (onOpen) source.addEventListener('open', onOpen);
    source.addEventListener('next', (event) => {
      const body = JSON.parse((event as MessageEvent<string>).data) as {
        data?: TResult;
        errors?: { extensions?: { code?: string } }[];
      };
      if (body.errors?.some((e) => e.extensions?.code === 'event_id_expired')) {
        source.close();
        open();
        return;
      }
      if (body.data) onData(body.data);
    });
  };
  open();
  return () => source.close();
}
