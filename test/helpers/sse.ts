/**
 * A real server-sent-events client for the live subscriptions: reads the stream as an
 * EventSource would (frames split on blank lines; `id:` sets the last event id, also on
 * a frame without data), and keeps each event with its id.
 */
export interface SseEvent {
  id: string | null;
  data: Record<string, unknown> | null;
  errors: { message: string; extensions?: { code?: string } }[];
}

export interface SseStream {
  status: number;
  events: SseEvent[];
  /** The last `id:` seen, as an EventSource would send it back as Last-Event-ID. */
  lastId: string | null;
  /** The stream ended (`event: complete` or the server closed it). */
  ended: boolean;
  close(): Promise<void>;
}

export async function openSse(
  base: string,
  query: string,
  variables: Record<string, unknown>,
  lastEventId?: string | null,
): Promise<SseStream> {
  const abort = new AbortController();
  const url = `${base}/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify(variables))}`;
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: abort.signal,
  });
  const stream: SseStream = {
    status: res.status,
    events: [],
    lastId: lastEventId ?? null,
    ended: false,
    close: async () => {
      abort.abort();
      await done;
    },
  };
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const done = (async () => {
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, cut).split('\n');
          buffer = buffer.slice(cut + 2);
          const field = (name: string) =>
            frame
              .filter((l) => l.startsWith(`${name}:`))
              .map((l) => l.slice(name.length + 1).replace(/^ /, ''));
          const [id] = field('id');
          if (id !== undefined) stream.lastId = id;
          if (field('event')[0] === 'complete') {
            stream.ended = true;
            continue;
          }
          const data = field('data').join('\n');
          if (!data.trim()) continue;
          const body = JSON.parse(data) as { data?: Record<string, unknown>; errors?: SseEvent['errors'] };
          stream.events.push({ id: id ?? null, data: body.data ?? null, errors: body.errors ?? [] });
        }
      }
    } catch {
      // Aborted.
    }
    stream.ended = true;
  })();
  return stream;
}
