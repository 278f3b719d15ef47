import { execute } from '@graphql-tools/executor';
import { createGraphQLError } from '@graphql-tools/utils';
import {
  createSourceEventStream,
  getOperationAST,
  Kind,
  visit,
  type ASTNode,
  type DocumentNode,
  type FieldNode,
  type ExecutionArgs,
  type ExecutionResult,
} from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import type { JobRecord } from '../domain/job-record.ts';
import { setDirectFrames, takeEventId, type DirectFrame } from './event-ids.ts';

/**
 * One job's part of a live event, executed once per document rather than once per stream
 * (README "Live events", issue 12 item 8).
 *
 * A subscription executes its selection for every event of every stream: with 1,000
 * streams of `jobsAdded(filter)` following one ingest, the same job was completed field by
 * field hundreds of times — the executor's result objects, paths and promises were a
 * quarter of what the gateway allocated in the push bench. An event's data is
 * `{ <field>: [job, …] }`, and each job's part depends only on the job, the document and its
 * variables: here the streams of the event fields (`EVENT_FIELDS`) map their events
 * themselves, each job's part executed once per document and variables (by the same
 * executor, on one event of the jobs a stream needs that are not executed yet) and reused
 * by the other streams for a second while the job's version is the same (PART_TTL_MS). An event whose own resolution fails (an
 * expired position), or a job whose part has errors, is executed as before, so that
 * errors keep their paths and codes. Anything else — other documents, a root field with
 * directives — is left to yoga's own subscribe.
 */

/** An event of the given jobs, executed to make those jobs' parts of the result. */
export interface PartsEvent {
  partsOf: JobRecord[];
}

export const isPartsEvent = (payload: unknown): payload is PartsEvent =>
  typeof payload === 'object' && payload !== null && 'partsOf' in payload;

/** The subscription fields whose events are `[Job!]!` lists (schema/job-events.ts). */
const EVENT_FIELDS = new Set(['jobsAdded', 'jobsClosed', 'jobsUpdated']);

/** The one root field of a subscription this plugin maps itself, or null. */
function eventFieldOf(document: DocumentNode, operationName: string | null | undefined): FieldNode | null {
  const operation = getOperationAST(document, operationName);
  if (operation?.operation !== 'subscription') return null;
  const [field, ...more] = operation.selectionSet.selections;
  if (more.length > 0 || field?.kind !== Kind.FIELD) return null;
  if (!EVENT_FIELDS.has(field.name.value) || (field.directives?.length ?? 0) > 0) return null;
  return field;
}

/**
 * The variables a job's part can depend on: those the field's selection uses (in its
 * arguments and directives, and in the fragments it spreads), not those of the field's
 * own arguments — each stream's filter is a variable, and the part does not depend on it.
 */
const selectionVariables = new WeakMap<FieldNode, string[]>();

function variablesOfSelection(document: DocumentNode, field: FieldNode): string[] {
  let names = selectionVariables.get(field);
  if (names) return names;
  const fragments = new Map(
    document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d]] : [])),
  );
  const found = new Set<string>();
  const spread = new Set<string>();
  const walk = (node: ASTNode | undefined) =>
    node &&
    visit(node, {
      Variable: (v) => void found.add(v.name.value),
      FragmentSpread: (f) => {
        if (spread.has(f.name.value)) return;
        spread.add(f.name.value);
        walk(fragments.get(f.name.value));
      },
    });
  walk(field.selectionSet);
  selectionVariables.set(field, (names = [...found].sort()));
  return names;
}

const documentIds = new WeakMap<DocumentNode, number>();
let nextDocumentId = 0;

/** What a job's part depends on besides the job: the document, its operation, the selection's variables. */
function documentKey(args: ExecutionArgs, field: FieldNode): string {
  let id = documentIds.get(args.document);
  if (id === undefined) documentIds.set(args.document, (id = nextDocumentId++));
  const values = variablesOfSelection(args.document, field).map((name) => args.variableValues?.[name]);
  return `${id}|${args.operationName ?? ''}|${JSON.stringify(values)}`;
}

/**
 * How long a job's executed part is reused. Streams reading one page ask for its jobs a
 * few milliseconds apart, so a part is kept by the job's id and by when its record was
 * read at the earliest: a stream whose page was read no later (EventBatch.readAt) takes
 * it, since a record read after a page reflects every event of the page (as the shared
 * loader's rule, job-batch-loader.ts); a stream whose page was read later has the record
 * read again. Parts used to be kept by the job's version, read first for every event:
 * 12,000–15,000 version rows per 10,000 jobs in the push bench, nearly all of jobs no part
 * was kept for yet, whose records were read next anyway.
 */
const PART_TTL_MS = 1_000;

interface Part {
  /** The part's record was read after this moment (a page's readAt, performance.now()). */
  readAfter: number;
  /** Shared while it runs too: streams woken together ask for the same parts at once. */
  part: Promise<unknown>;
  /** The part once executed: streams after the first take it without awaiting a promise each. */
  value: unknown;
  settled: boolean;
  at: number;
}

const FAILED = Symbol('failed');
/** A job deleted between its version's read and its record's: left out of the event, as a job gone before the read is. */
const GONE = Symbol('gone');

/** Jobs' parts executed, and reused by another stream's event, in this process (tests; README "Live events"). */
export const sharedParts = { executed: 0, reused: 0 };

/** A generation's parts: by document key, then by job id (no key string built per job and stream). */
type Generation = Map<string, Map<string, Part>>;

/**
 * One GraphQL endpoint's parts by document key and job id, in two generations of
 * PART_TTL_MS: what a generation did not reuse is dropped with it, so the memory is that of
 * a second or two of events.
 */
class Parts {
  private current: Generation = new Map();
  private previous: Generation = new Map();
  private generationStart = 0;

  /**
   * The jobs' parts in order (FAILED for a job whose part has errors, GONE for one deleted
   * before its record was read), for a page read at `readAfter`: those not kept from a read
   * since are their records read, then executed together, as one event of those jobs — an
   * execution per part was a third of the gateway's part of the push bench, mostly the
   * executor's set-up (its context, the stream's variables coerced again) — and those
   * another stream is executing are awaited.
   * Synchronous when every part is kept: every stream but the first, in the push bench.
   */
  of(
    args: ExecutionArgs,
    field: string,
    key: string,
    ids: readonly string[],
    readAfter: number,
    records: (ids: string[], readAfter: number) => Promise<JobRecord[]>,
  ): unknown[] | Promise<unknown[]> {
    const now = Date.now();
    if (now - this.generationStart >= PART_TTL_MS) {
      this.previous = this.current;
      this.current = new Map();
      this.generationStart = now;
    }
    let current = this.current.get(key);
    if (!current) this.current.set(key, (current = new Map()));
    const previous = this.previous.get(key);
    const items: unknown[] = new Array(ids.length);
    let waits: Promise<unknown>[] | null = null;
    let missing: { index: number; id: string; entry: Part }[] | null = null;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      const kept = current.get(id) ?? previous?.get(id);
      if (kept && kept.readAfter >= readAfter && now - kept.at < PART_TTL_MS) {
        sharedParts.reused++;
        current.set(id, kept);
        if (kept.settled) items[i] = kept.value;
        else (waits ??= []).push(kept.part.then((value) => (items[i] = value)));
        continue;
      }
      sharedParts.executed++;
      const entry: Part = {
        readAfter,
        part: Promise.resolve(),
        value: undefined,
        settled: false,
        at: now,
      };
      current.set(id, entry);
      (missing ??= []).push({ index: i, id, entry });
    }
    if (missing) {
      const executed = executeMissing(args, field, missing, (some) => records(some, readAfter));
      const generation = current;
      for (const { index, id, entry } of missing) {
        entry.part = executed.then((values) => {
          const value = values === null ? FAILED : values.has(entry) ? values.get(entry) : GONE;
          entry.value = value;
          entry.settled = true;
          // A part with errors is not kept (each stream's event is then executed whole, as
          // before), nor a job gone meanwhile.
          if ((value === FAILED || value === GONE) && generation.get(id) === entry) generation.delete(id);
          return (items[index] = value);
        });
        (waits ??= []).push(entry.part);
      }
    }
    return waits ? Promise.all(waits).then(() => items) : items;
  }
}

/**
 * The missing parts: their jobs' records loaded and executed together. By entry; a job
 * with no record any more has none; null when the records could not be read (each
 * stream's event is then executed whole).
 */
async function executeMissing(
  args: ExecutionArgs,
  field: string,
  missing: { id: string; entry: Part }[],
  records: (ids: string[]) => Promise<JobRecord[]>,
): Promise<Map<Part, unknown> | null> {
  let found: JobRecord[];
  try {
    found = await records(missing.map((m) => m.id));
  } catch {
    return null;
  }
  const byId = new Map(found.map((r) => [r.id, r]));
  const present = missing.filter((m) => byId.has(m.id));
  const values = present.length
    ? await executeParts(
        args,
        field,
        present.map((m) => byId.get(m.id)!),
      )
    : [];
  return new Map(present.map((m, n) => [m.entry, values[n]]));
}

/** The jobs' parts, executed as one event of those jobs; each on its own when that has errors. */
async function executeParts(args: ExecutionArgs, field: string, jobs: JobRecord[]): Promise<unknown[]> {
  const run = async (some: JobRecord[]): Promise<unknown[] | null> => {
    try {
      const rootValue: PartsEvent = { partsOf: some };
      const result = (await execute({ ...args, rootValue })) as ExecutionResult;
      const list = result.data?.[field];
      return !result.errors?.length && Array.isArray(list) && list.length === some.length ? list : null;
    } catch {
      return null;
    }
  };
  const together = await run(jobs);
  if (together) return together;
  if (jobs.length === 1) return [FAILED];
  // One job's error nulls the whole `[Job!]!` list, the others' parts with it: each on its own.
  return Promise.all(jobs.map(async (job) => (await run([job]))?.[0] ?? FAILED));
}

/** Each part's JSON in UTF-8, made once for every stream that sends it (parts are shared objects). */
const partBytes = new WeakMap<object, Buffer>();

const bytesOf = (part: unknown): Buffer => {
  if (typeof part !== 'object' || part === null) return Buffer.from(JSON.stringify(part));
  let bytes = partBytes.get(part);
  if (bytes === undefined) partBytes.set(part, (bytes = Buffer.from(JSON.stringify(part))));
  return bytes;
};
const COMMA = Buffer.from(',');
const LIST_END = Buffer.from(']}');

/**
 * The events of one stream as results: its source's payloads, each read as its jobs' ids
 * (`idsOf`), then assembled from the jobs' shared parts (records loaded only for the parts
 * not kept from a read since the event's page). Over SSE the stream's
 * frames are taken by `direct` instead (event-ids.ts): an event of shared parts becomes its
 * `data` as bytes, joined from each part's JSON in UTF-8, without a result object through yoga's
 * hooks and a stringify per stream; anything else (an error, an event executed whole, the
 * end) is left queued for the result stream, which then takes it as before.
 */
function mapEvents(
  args: ExecutionArgs,
  field: FieldNode,
  source: AsyncIterator<unknown>,
  jobs: EventJobs,
  parts: Parts,
): { iterator: AsyncIterableIterator<ExecutionResult>; direct: () => Promise<DirectFrame> } {
  const key = documentKey(args, field);
  const name = field.alias?.value ?? field.name.value;
  const asExecuted = (payload: unknown) =>
    execute({ ...args, rootValue: payload }) as Promise<ExecutionResult>;
  const jobIdsOf = async (payload: unknown) => {
    try {
      return await jobs.idsOf(payload, args);
    } catch {
      return null;
    }
  };
  const records = (ids: string[], readAfter: number) => jobs.recordsOf(ids, readAfter);
  // A step `direct` read from the source and left to the result stream.
  let queued: { step: IteratorResult<unknown> } | { error: unknown } | null = null;
  const nextStep = async (): Promise<IteratorResult<unknown>> => {
    const left = queued;
    queued = null;
    if (left === null) return source.next();
    if ('error' in left) throw left.error;
    return left.step;
  };
  const direct = async (): Promise<DirectFrame> => {
    let step: IteratorResult<unknown>;
    try {
      step = await source.next();
    } catch (error) {
      queued = { error };
      return null;
    }
    if (step.done) {
      queued = { step };
      return null;
    }
    const read = await jobIdsOf(step.value);
    const event = takeEventId(args.contextValue as object);
    const items = read && event ? await parts.of(args, name, key, read.ids, read.readAt, records) : null;
    if (!items || items.includes(FAILED)) {
      queued = { step };
      return null;
    }
    if (event!.checkpoint) return { id: event!.id, checkpoint: true };
    const data: Uint8Array[] = [Buffer.from(`{${JSON.stringify(name)}:[`)];
    let first = true;
    for (const item of items) {
      if (item === GONE) continue;
      if (!first) data.push(COMMA);
      data.push(bytesOf(item));
      first = false;
    }
    data.push(LIST_END);
    return { id: event!.id, data };
  };
  const iterator: AsyncIterableIterator<ExecutionResult> = {
    async next() {
      let step: IteratorResult<unknown>;
      try {
        step = await nextStep();
      } catch (error) {
        // As the executor's own mapping reports a failed source.
        throw createGraphQLError((error as Error).message, {
          originalError: error as Error,
          nodes: [getOperationAST(args.document, args.operationName)!],
        });
      }
      if (step.done) return { done: true, value: undefined };
      const payload = step.value;
      const read = await jobIdsOf(payload);
      if (read === null) return { done: false, value: await asExecuted(payload) };
      const items = await parts.of(args, name, key, read.ids, read.readAt, records);
      if (items.includes(FAILED)) return { done: false, value: await asExecuted(payload) };
      return { done: false, value: { data: { [name]: items.filter((item) => item !== GONE) } } };
    },
    async return() {
      await source.return?.();
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return { iterator, direct };
}

/** How the plugin reads an event's jobs. */
export interface EventJobs {
  /**
   * The event fields' resolution of a payload into its jobs' ids and when its page was read
   * (with its side effects: the event id it records); null or a throw leaves the payload
   * to the executor.
   */
  idsOf: (
    payload: unknown,
    args: ExecutionArgs,
  ) =>
    | { ids: readonly string[]; readAt: number }
    | null
    | Promise<{ ids: readonly string[]; readAt: number } | null>;
  /** The records of jobs whose parts are to be executed, read after `readAfter` (unknown ids left out). */
  recordsOf: (ids: readonly string[], readAfter: number) => Promise<JobRecord[]>;
}

/** The plugin. */
export function useSharedEventResults(jobs: EventJobs): Plugin {
  const parts = new Parts();
  return {
    onSubscribe({ subscribeFn, setSubscribeFn }) {
      setSubscribeFn(async (args) => {
        const field = eventFieldOf(args.document, args.operationName);
        if (field === null) return subscribeFn(args);
        const source = await createSourceEventStream(args);
        // A subscription that fails to start (a bad filter, a stale Last-Event-ID): yoga's
        // own subscribe reports it, as it always has.
        if (!isAsyncIterable(source)) return subscribeFn(args);
        const { iterator, direct } = mapEvents(args, field, source[Symbol.asyncIterator](), jobs, parts);
        setDirectFrames(args.contextValue as object, direct);
        return iterator;
      });
    },
  };
}
