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

/** The event id the resolver recorded, taken (a stream that writes its frames itself). */
export function takeEventId(context: object): Slot | undefined {
  const holder = context as { [SLOT]?: Slot };
  const slot = holder[SLOT];
  holder[SLOT] = undefined;
  return slot;
}

/**
 * A frame a stream hands over already made (shared-event-results.ts): an event's `data` as
 * JSON in UTF-8, in pieces (each job's part is encoded once for every stream that sends
 * it), or its position alone; null when the next result must come through yoga's own
 * stream instead (an error, a job executed whole, the end), with every hook of yoga's.
 */
export type DirectFrame = { id: string; data: Uint8Array[] } | { id: string; checkpoint: true } | null;

const DIRECT = Symbol('directFrames');

/**
 * Registered on a subscription's context by the plugin that maps its events. Each frame
 * through yoga's stream was a result object passed through the stream's hooks and stringified
 * whole, per stream: with 1,000 streams on one page, the same jobs' JSON 1,000 times.
 */
export function setDirectFrames(context: object, next: () => Promise<DirectFrame>): void {
  (context as { [DIRECT]?: () => Promise<DirectFrame> })[DIRECT] = next;
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

const processEventStream = (
  input: Parameters<ResultProcessor>[0],
  fetchAPI: Parameters<ResultProcessor>[1],
  direct: (() => Promise<DirectFrame>) | undefined,
): ReturnType<ResultProcessor> => {
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
        const frame = direct && (await direct());
        if (frame) {
          // As the result below would be written: `data`, then `extensions.eventId`. The
          // pieces are copied, not encoded again: encoding each stream's frame text was a
          // third of the gateway's CPU when streams select descriptions.
          controller.enqueue(
            'checkpoint' in frame
              ? encoder.encode(`id: ${frame.id}\n\n`)
              : Buffer.concat([
                  Buffer.from(`event: next\nid: ${frame.id}\ndata: {"data":`),
                  ...frame.data,
                  Buffer.from(`,"extensions":{"eventId":${JSON.stringify(frame.id)}}}\n\n`),
                ]),
          );
          return;
        }
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
  const subscriptions = new WeakMap<Request, { [DIRECT]?: () => Promise<DirectFrame> }>();
  return {
    onSubscribe({ args }) {
      const context = args.contextValue as {
        request?: Request;
        [SLOT]?: Slot;
        [DIRECT]?: () => Promise<DirectFrame>;
      };
      if (context.request) subscriptions.set(context.request, context);
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
      const context = subscriptions.get(request);
      if (
        context &&
        isAsyncIterable(result) &&
        (request.headers.get('accept') ?? '').includes('text/event-stream')
      )
        setResultProcessor(
          (input, fetchAPI) => processEventStream(input, fetchAPI, context[DIRECT]),
          'text/event-stream',
        );
    },
  };
}
