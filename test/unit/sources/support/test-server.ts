import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on 127.0.0.1 (port 0) for fetch tests: each route is a list of
 * scripted responses served in order (the last one repeats), so "503, 503, 200" is
 * three entries. Every request is recorded for assertions on headers and URLs.
 */

export type Reply =
  | { status: number; body?: string; headers?: Record<string, string> }
  /** Sends headers, then never finishes the body. */
  | { hang: 'body' }
  /** Never answers at all. */
  | { hang: 'headers' }
  /** Drops the socket without a response. */
  | { destroy: true };

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
}

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  /** Scripts `pathWithQuery`; matching ignores nothing, so include the query string. */
  route(pathWithQuery: string, ...replies: Reply[]): void;
  /** Like route, but the handler decides (e.g. ETag checks). */
  handle(pathWithQuery: string, fn: (req: IncomingMessage, res: ServerResponse) => void): void;
  close(): Promise<void>;
}

export async function startTestServer(): Promise<TestServer> {
  const scripts = new Map<string, Reply[]>();
  const handlers = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
  const requests: RecordedRequest[] = [];

  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push({ path, headers: req.headers });
    const handler = handlers.get(path);
    if (handler) return handler(req, res);
    const script = scripts.get(path);
    const reply = script && script.length > 1 ? script.shift() : script?.[0];
    if (!reply) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no route');
      return;
    }
    if ('destroy' in reply) return void req.socket.destroy();
    if ('hang' in reply) {
      if (reply.hang === 'body')
        res.writeHead(200, { 'content-type': 'application/json' }).write('{"jobs":[');
      return;
    }
    res
      .writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
      .end(reply.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    route: (path, ...replies) => void scripts.set(path, replies),
    handle: (path, fn) => void handlers.set(path, fn),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A sleep that returns at once and remembers what was asked for. */
export function recordingSleep(): { sleep: (ms: number) => Promise<void>; delays: number[] } {
  const delays: number[] = [];
  return { delays, sleep: async (ms) => void delays.push(ms) };
}
