import type { ExecutionResult } from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';

type ResultProcessor = Parameters<
  Parameters<NonNullable<Plugin['onResultProcess']>>[0]['setResultProcessor']
>[0];

/**
 * Event ids on the live subscriptions' server-sent events (README "Live events").
 *
 * Yoga's SSE writes `event: next` and `data:` per result, never `id:`; a client that
 * reconnects (an EventSource does by itself) can then say nothing of where it was. A
 * subscription's resolver names the outbox position of the result it is building
 * (`setEventId`); this plugin puts it in the result's `extensions.eventId` and writes
 * subscriptions' streams itself, with the SSE `id:` line. A result with no job to send
 * still moves the client's position: it is written as an `id:` line alone, which an
 * EventSource records as its last event id without firing an event, so a quiet filter's
 * Last-Event-ID does not age out of the retention window.
 */
const SLOT = Symbol('eventId');

interface Slot {
  id: string;
  /** Nothing to send but the position. */
  checkpoint: boolean;
}

/** Called by a subscription's resolver for the result it is resolving. */
export function setEventId(context: object, id: string, checkpoint: boolean): void {
  (context as { [SLOT]?: Slot })[SLOT] = { id, checkpoint };
}

/** Keep-alive comment, as yoga's own stream sends (proxies close idle connections). */
const PING_MS = process.env.NODE_ENV === 'test' ? 300 : 12_000;

interface StreamResult extends ExecutionResult {
  extensions?: Record<string, unknown> & { eventId?: string; checkpoint?: boolean };
}

/** What yoga's stringifier leaves out of errors: the HTTP hints meant for the server. */
function publicResult(result: StreamResult): unknown {
  const { checkpoint: _checkpoint, ...extensions } = result.extensions ?? {};
  return {
    ...result,
    errors: result.errors?.map((e) => {
      const json = ('toJSON' in e && typeof e.toJSON === 'function' ? e.toJSON() : { ...e }) as {
        extensions?: Record<string, unknown>;
      };
      const { http: _http, unexpected: _unexpected, ...rest } = json.extensions ?? {};
      return { ...json, extensions: Object.keys(rest).length ? rest : undefined };
    }),
    extensions: Object.keys(extensions).length ? extensions : undefined,
  };
}

const processEventStream: ResultProcessor = (input, fetchAPI) => {
  const iterator = (input as AsyncIterable<StreamResult>)[Symbol.asyncIterator]();
  const encoder = new fetchAPI.TextEncoder();
  let ping: ReturnType<typeof setInterval> | undefined;
  const body = new fetchAPI.ReadableStream<Uint8Array>({
    start(controller) {
      // A first byte at once: some clients wait for one before the stream counts as open.
      controller.enqueue(encoder.encode(':\n\n'));
      ping = setInterval(() => {
        if (controller.desiredSize === null) return clearInterval(ping);
        if (controller.desiredSize > 0) controller.enqueue(encoder.encode(':\n\n'));
      }, PING_MS);
    },
    async pull(controller) {
      try {
        const { done, value } = await iterator.next();
        if (value) {
          const id = value.extensions?.eventId;
          const idLine = id ? `id: ${id}\n` : '';
          controller.enqueue(
            encoder.encode(
              value.extensions?.checkpoint && !value.errors
                ? `${idLine}\n`
                : `event: next\n${idLine}data: ${JSON.stringify(publicResult(value))}\n\n`,
            ),
          );
        }
        if (done) {
          controller.enqueue(encoder.encode('event: complete\ndata:\n\n'));
          clearInterval(ping);
          controller.close();
        }
      } catch (error) {
        clearInterval(ping);
        controller.error(error);
      }
    },
    async cancel() {
      clearInterval(ping);
      await iterator.return?.();
    },
  });
  return new fetchAPI.Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/event-stream',
      Connection: 'keep-alive',
      'Cache-Control': 'no-cache',
      'Content-Encoding': 'none',
    },
  });
};

export function useEventIds(): Plugin {
  const subscriptions = new WeakSet<Request>();
  return {
    onSubscribe({ args }) {
      const context = args.contextValue as { request?: Request; [SLOT]?: Slot };
      if (context.request) subscriptions.add(context.request);
      return {
        onSubscribeResult: () => ({
          onNext: ({ result, setResult }) => {
            const slot = context[SLOT];
            if (!slot) return;
            context[SLOT] = undefined;
            setResult({
              ...result,
              extensions: {
                ...result.extensions,
                eventId: slot.id,
                ...(slot.checkpoint ? { checkpoint: true } : {}),
              },
            });
          },
        }),
      };
    },
    onResultProcess({ request, result, setResultProcessor }) {
      // After yoga's own choice (its plugins run first): only subscription streams asked as SSE.
      if (
        subscriptions.has(request) &&
        isAsyncIterable(result) &&
        (request.headers.get('accept') ?? '').includes('text/event-stream')
      )
        setResultProcessor(processEventStream, 'text/event-stream');
    },
  };
}
