/**
 * The push part's receiving side, in a process of its own (forked by push.ts): the live
 * subscriptions' SSE clients over real HTTP and a webhook receiver on loopback that
 * answers 204. Kept apart from the gateway so that the gateway's CPU figure is the
 * gateway's alone and parsing 1,000 streams does not sit in the gateway's event loop
 * between a read and the next write (that would add the clients' time to the latency
 * measured). Arrival times are wall-clock milliseconds, as PostgreSQL's commit
 * timestamps are, on the same machine.
 *
 * Messages: it sends `receiver` once listening; answers `subscribe` (opens every stream,
 * in order), `progress`, `report`; exits on `close`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { compareEventPositions, parseEventId } from '../../src/domain/event-id.ts';

/** One SSE frame as received: arrival (ms), its `id:` (null: none), the job ids it listed. */
export type Frame = [number, string | null, string[]];
/** One webhook request: arrival (ms), endpoint number, webhook-id, added job ids, closed count. */
export type Hook = [number, number, string, string[], number];

export type ToClients =
  | { type: 'subscribe'; base: string; query: string; variables: Record<string, unknown>[] }
  /** `through`: count the streams whose last id is at or past this event id. */
  | { type: 'progress'; through: string | null }
  | { type: 'report' }
  | { type: 'close' };

export type FromClients =
  | { type: 'receiver'; url: string }
  | { type: 'subscribed'; failed: string[] }
  | {
      type: 'progress';
      sseJobs: number;
      hookJobs: number;
      lastArrival: number;
      errors: number;
      ended: number;
      caughtUp: number;
    }
  | { type: 'report'; frames: Frame[][]; hooks: Hook[]; cpuSeconds: number; errors: string[] };

const send = (message: FromClients) => process.send!(message);
/** Streams opened at once while subscribing. */
const OPENING = 50;

const frames: Frame[][] = [];
const hooks: Hook[] = [];
const errors: string[] = [];
const requests: http.ClientRequest[] = [];
let sseJobs = 0;
let hookJobs = 0;
let lastArrival = 0;
let ended = 0;
let cpu0 = process.cpuUsage();

const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const at = Date.now();
    lastArrival = at;
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      data: { added: { id: string }[]; closed: unknown[] };
    };
    const added = body.data.added.map((j) => j.id);
    hookJobs += added.length;
    const endpoint = Number(req.url?.split('/').pop());
    hooks.push([at, endpoint, String(req.headers['webhook-id']), added, body.data.closed.length]);
    res.writeHead(204).end();
  });
});
receiver.listen(0, '127.0.0.1', () => {
  send({ type: 'receiver', url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` });
});

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

/** Opens one stream; resolves with its status once the headers are in (the subscription has started). */
function open(url: string, into: Frame[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { accept: 'text/event-stream' } }, (res) => {
      resolve(res.statusCode ?? 0);
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const lines = buffer.slice(0, cut).split('\n');
          buffer = buffer.slice(cut + 2);
          readFrame(lines, into);
        }
      });
      res.on('end', () => ended++);
      res.on('error', () => undefined);
    });
    req.on('error', (error) => {
      if (!req.destroyed || requests.includes(req)) errors.push(String(error));
      reject(error);
    });
    requests.push(req);
  });
}

function readFrame(lines: string[], into: Frame[]): void {
  const at = Date.now();
  const field = (name: string) =>
    lines.filter((l) => l.startsWith(`${name}:`)).map((l) => l.slice(name.length + 1).replace(/^ /, ''));
  const id = field('id')[0] ?? null;
  const data = field('data').join('\n');
  if (!data.trim()) {
    if (id !== null) into.push([at, id, []]);
    return;
  }
  const body = JSON.parse(data) as { data?: Record<string, { id: string }[] | null>; errors?: unknown[] };
  if (body.errors?.length) errors.push(JSON.stringify(body.errors));
  const jobs = Object.values(body.data ?? {})[0] ?? [];
  into.push([at, id, jobs.map((j) => j.id)]);
  sseJobs += jobs.length;
  if (jobs.length) lastArrival = at;
}

async function subscribe(
  base: string,
  query: string,
  variables: Record<string, unknown>[],
): Promise<string[]> {
  const failed: string[] = [];
  for (let i = 0; i < variables.length; i += OPENING) {
    await Promise.all(
      variables.slice(i, i + OPENING).map(async (vars, k) => {
        const into: Frame[] = [];
        frames[i + k] = into;
        const url = `${base}/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify(vars))}`;
        const status = await open(url, into).catch(() => 0);
        if (status !== 200) failed.push(`subscription ${i + k}: HTTP ${status}`);
      }),
    );
  }
  cpu0 = process.cpuUsage();
  return failed;
}

function caughtUp(through: string): number {
  const end = parseEventId(through);
  return frames.filter((list) => {
    const id = list.findLast((f) => f[1] !== null)?.[1];
    return id !== undefined && id !== null && compareEventPositions(parseEventId(id), end) >= 0;
  }).length;
}

process.on('message', (message: ToClients) => {
  switch (message.type) {
    case 'subscribe':
      void subscribe(message.base, message.query, message.variables).then((failed) =>
        send({ type: 'subscribed', failed }),
      );
      break;
    case 'progress':
      send({
        type: 'progress',
        sseJobs,
        hookJobs,
        lastArrival,
        errors: errors.length,
        ended,
        caughtUp: message.through ? caughtUp(message.through) : 0,
      });
      break;
    case 'report': {
      const cpu = process.cpuUsage(cpu0);
      send({ type: 'report', frames, hooks, cpuSeconds: (cpu.user + cpu.system) / 1e6, errors });
      break;
    }
    case 'close':
      for (const req of requests.splice(0)) req.destroy();
      receiver.closeAllConnections();
      receiver.close();
      process.disconnect();
      break;
  }
});
