import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceiverMode = 'ok' | 'fail' | 'hang';

export interface Received {
  headers: Record<string, string>;
  body: string;
  /** The status answered; null while (or because) the request hangs. */
  answered: number | null;
}

/**
 * A real webhook receiver on loopback: answers each request by the next scripted mode
 * (then by `fallback`, which a test may change), and records every request.
 */
export async function startReceiver(script: ReceiverMode[], fallback: ReceiverMode = 'ok') {
  const received: Received[] = [];
  const hanging = new Set<http.ServerResponse>();
  const state = { fallback };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const mode = script.shift() ?? state.fallback;
      const entry: Received = {
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString('utf8'),
        answered: null,
      };
      received.push(entry);
      if (mode === 'hang') return void hanging.add(res);
      entry.answered = mode === 'ok' ? 204 : 500;
      res.writeHead(entry.answered).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    received,
    script,
    /** How requests beyond the script are answered from now on. */
    answer: (mode: ReceiverMode) => void (state.fallback = mode),
    /** Deliveries the receiver accepted, one per webhook-id (dedup as the specification says). */
    accepted: () => {
      const byId = new Map<string, any>();
      for (const r of received.filter((x) => x.answered === 204))
        byId.set(r.headers['webhook-id']!, JSON.parse(r.body));
      return byId;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close();
    },
  };
}
