import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { Bitmap } from './bitmap.ts';
import { counterOf, type CountContext, type FacetField, type FieldCounter } from './facets.ts';
import { facetReplicaParts, type FacetReplicaParts } from './facet-replica.ts';
import type { IndexData, ValueField } from './index-data.ts';

type Counts = { value: string; count: number }[];

/** One count a query asked of a counter: a field's list (with its top and extra) or the salary bands. */
interface CountRequest {
  field: ValueField | 'salary';
  top: number;
  extra?: Array<[string, number]>;
}

/** Messages to a facet thread (facet-worker.ts). */
export type FacetThreadMessage =
  | { kind: 'add'; id: number; parts: FacetReplicaParts }
  | { kind: 'drop'; id: number }
  | {
      kind: 'count';
      request: number;
      id: number;
      needs: Array<{ docs: Uint8Array; requests: CountRequest[] }>;
    };

/** A facet thread's replies. */
export type FacetThreadReply =
  | { kind: 'added'; id: number }
  | { kind: 'add-failed'; id: number; message: string }
  | { kind: 'counted'; request: number; lists: Counts[][] }
  | { kind: 'count-failed'; request: number; message: string };

/** Counts a query deferred: over `docs` of a base, the lists its requests ask for. */
interface Need {
  data: IndexData;
  id: number;
  /** A copy of the docs, kept to recognise them when the query runs again. */
  docs: Bitmap;
  requests: CountRequest[];
}

/** A need's answers. */
interface Counted {
  need: Need;
  lists: Counts[];
}

export interface FacetThreadsOptions {
  logger: Logger;
  /** Smallest number of matches whose counting goes to a thread (fewer cost less here than the round trip). */
  minMatches: number;
  /**
   * Searches in progress at once from which counts go to a thread (JobSearch): one
   * client's search counted here took 1.5 ms at 1M jobs where a thread's round trip took
   * 2.3 (p99 4.5 against 12.7 ms: the thread waits to be woken on a busy machine); under
   * load the threads free this one. @default 2
   */
  busyFrom?: number;
}

interface Thread {
  worker: Worker;
  /** Count requests sent and not answered. */
  inFlight: Map<number, { resolve: (lists: Counts[][]) => void; reject: (error: Error) => void }>;
}

/**
 * Facet counting in worker threads (README "Search index", "Facet threads"). Counting
 * facets is nearly all the CPU of a search never seen before (2–3 ms at 1M jobs), and
 * on the gateway's one thread it capped such searches at about 300 a second whatever
 * the cores. Each thread keeps a replica of the base segment's facet data (the facet
 * fields' bitmaps, rebuilt from roaring's portable serialization; the base never
 * changes, its dead docs are taken out of the docs sent); a query whose counts over
 * the base are large defers them (`counting()`), they are made in a thread, and the
 * query runs again with them (`replay()`). The page and total are computed again in
 * that second run, so nothing of the first run outlives it; counts over small segments
 * and small results are made on the gateway's thread, as before.
 *
 * Until every thread holds the current base, and after a thread fails, everything is
 * counted on the gateway's thread: same code, same counts.
 */
export class FacetThreads {
  /** Spawned with the first base (a process that never builds an index starts none). */
  private threads: Thread[] = [];
  private readonly wanted: number;
  private readonly options: FacetThreadsOptions;
  private readonly ids = new WeakMap<IndexData, number>();
  /** Replicas every thread has acknowledged. */
  private readonly ready = new Set<number>();
  private nextId = 1;
  private nextRequest = 1;
  private failed = false;
  private closed = false;
  /** Count requests the threads answered (tests, metrics). */
  answered = 0;
  /** Searches in progress from which counts go to a thread (FacetThreadsOptions.busyFrom; tests change it). */
  busyFrom: number;

  constructor(threads: number, options: FacetThreadsOptions) {
    this.options = options;
    this.wanted = threads;
    this.busyFrom = options.busyFrom ?? 2;
  }

  /** Threads counting (0 once one failed or they were closed). */
  get size(): number {
    return this.failed || this.closed ? 0 : this.wanted;
  }

  /** Sends a base's facet data to every thread; its counts go to them once all hold it. */
  add(data: IndexData): void {
    if (this.size === 0 || this.ids.has(data)) return;
    if (this.threads.length === 0) this.threads = Array.from({ length: this.wanted }, () => this.spawn());
    const id = this.nextId++;
    this.ids.set(data, id);
    let acks = 0;
    for (const thread of this.threads) {
      // Each thread takes its own serialization: transferred buffers are gone from this side.
      const { parts, transfer } = facetReplicaParts(data);
      const onReply = (reply: FacetThreadReply) => {
        if ((reply.kind !== 'added' && reply.kind !== 'add-failed') || reply.id !== id) return;
        thread.worker.off('message', onReply);
        if (reply.kind === 'add-failed') return this.fail(new Error(reply.message));
        if (++acks === this.threads.length && this.ids.get(data) === id) this.ready.add(id);
      };
      thread.worker.on('message', onReply);
      thread.worker.postMessage({ kind: 'add', id, parts } satisfies FacetThreadMessage, transfer);
    }
  }

  /** Frees a base's replicas (a thread answers the counts sent before it first). */
  drop(data: IndexData): void {
    const id = this.ids.get(data);
    if (id === undefined) return;
    this.ids.delete(data);
    this.ready.delete(id);
    if (this.closed) return;
    for (const { worker } of this.threads)
      worker.postMessage({ kind: 'drop', id } satisfies FacetThreadMessage);
  }

  /** A query's first run: large counts over a base the threads hold are deferred. */
  counting(): ThreadCounting {
    return new ThreadCounting(this, this.options.minMatches, []);
  }

  /** A query's second run: the deferred counts from `counted`, anything else counted here. */
  replay(counted: Counted[]): ThreadCounting {
    return new ThreadCounting(this, Infinity, counted);
  }

  /** The threads' id of a base they all hold, or undefined. */
  readyId(data: IndexData): number | undefined {
    if (this.size === 0) return undefined;
    const id = this.ids.get(data);
    return id !== undefined && this.ready.has(id) ? id : undefined;
  }

  /** Makes a first run's deferred counts in the least busy thread. */
  async count(needs: readonly Need[]): Promise<Counted[]> {
    if (needs.length === 0) return [];
    const id = needs[0]!.id;
    if (needs.some((n) => n.id !== id)) throw new Error('deferred counts over two bases');
    const thread = this.threads.reduce((a, b) => (b.inFlight.size < a.inFlight.size ? b : a));
    const request = this.nextRequest++;
    const transfer: ArrayBuffer[] = [];
    const sent = needs.map((n) => {
      const docs = new Uint8Array(n.docs.serialize('portable'));
      transfer.push(docs.buffer as ArrayBuffer);
      return { docs, requests: n.requests };
    });
    const lists = await new Promise<Counts[][]>((resolve, reject) => {
      // Referenced while it owes an answer, so the process waits for it.
      if (thread.inFlight.size === 0) thread.worker.ref();
      thread.inFlight.set(request, { resolve, reject });
      thread.worker.postMessage(
        { kind: 'count', request, id, needs: sent } satisfies FacetThreadMessage,
        transfer,
      );
    });
    return needs.map((need, i) => ({ need, lists: lists[i]! }));
  }

  /** The threads' workers (tests end one to see the fallback). */
  get workers(): readonly Worker[] {
    return this.threads.map((t) => t.worker);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }

  private spawn(): Thread {
    const worker = new Worker(new URL('./facet-worker.ts', import.meta.url));
    // Idle threads must not keep the process alive.
    worker.unref();
    const thread: Thread = { worker, inFlight: new Map() };
    worker.on('message', (reply: FacetThreadReply) => {
      if (reply.kind !== 'counted' && reply.kind !== 'count-failed') return;
      const pending = thread.inFlight.get(reply.request);
      thread.inFlight.delete(reply.request);
      if (thread.inFlight.size === 0) worker.unref();
      if (reply.kind === 'counted') {
        this.answered++;
        pending?.resolve(reply.lists);
      } else pending?.reject(new Error(reply.message));
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => {
      if (!this.closed) this.fail(new Error(`facet thread exited with code ${code}`));
    });
    return thread;
  }

  /** A thread failed: everything is counted on the gateway's thread from now on. */
  private fail(error: Error): void {
    if (!this.failed && !this.closed)
      this.options.logger.warn({ err: error }, 'facet thread failed; facets are counted on the main thread');
    this.failed = true;
    for (const thread of this.threads) {
      for (const { reject } of thread.inFlight.values()) reject(error);
      thread.inFlight.clear();
    }
  }
}

/**
 * A query's counting (CountContext): over a base the threads hold, at least `minMatches`
 * docs are deferred (their counter answers placeholders and records what was asked);
 * counts already made (`counted`) answer for the same docs and requests; anything else
 * is counted here.
 */
export class ThreadCounting implements CountContext {
  readonly needs: Need[] = [];
  deferred = false;
  private readonly threads: FacetThreads;
  private readonly minMatches: number;
  private readonly counted: Counted[];

  constructor(threads: FacetThreads, minMatches: number, counted: Counted[]) {
    this.threads = threads;
    this.minMatches = minMatches;
    this.counted = counted;
  }

  counter(data: IndexData, result: Bitmap, fields: readonly FacetField[]): FieldCounter | undefined {
    const id = this.threads.readyId(data);
    if (id === undefined) return undefined;
    const made = this.counted.find((c) => c.need.data === data && c.need.docs.isEqual(result));
    if (!made && result.size < this.minMatches) return undefined;
    let here: FieldCounter | undefined;
    let need: Need | undefined;
    const answer = (request: CountRequest, local: (c: FieldCounter) => Counts): Counts => {
      const i = made ? made.need.requests.findIndex((r) => sameRequest(r, request)) : -1;
      if (i >= 0) return made!.lists[i]!;
      if (this.minMatches === Infinity) return local((here ??= counterOf(data, result, fields)));
      if (!need) {
        need = { data, id, docs: result.clone(), requests: [] };
        this.needs.push(need);
      }
      need.requests.push(request);
      this.deferred = true;
      return [];
    };
    return {
      list: (field, top = Infinity, extra) =>
        answer({ field, top, ...(extra && { extra: [...extra] }) }, (c) => c.list(field, top, extra)),
      salary: () => answer({ field: 'salary', top: Infinity }, (c) => c.salary()),
    };
  }

  /** Frees the copies of the deferred docs. */
  dispose(): void {
    for (const n of this.needs) n.docs.dispose();
  }
}

function sameRequest(a: CountRequest, b: CountRequest): boolean {
  if (a.field !== b.field || a.top !== b.top) return false;
  if (!a.extra || !b.extra) return !a.extra && !b.extra;
  if (a.extra.length !== b.extra.length) return false;
  const other = new Map(b.extra);
  return a.extra.every(([value, n]) => other.get(value) === n);
}
