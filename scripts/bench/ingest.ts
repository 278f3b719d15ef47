/**
 * The ingest stages: normalize only, every board through runIngest, and the bulk writer
 * that fills PostgreSQL for the search part; and the databases they run on. Per-method
 * wall times come from wrapping the writer and ingest repository instances (no source changes).
 */
import { pino } from 'pino';
import { loadConfig } from '../../src/config.ts';
import { migrate } from '../../src/db/orm.ts';
import type { JobWrite } from '../../src/db/repositories/job-writer.ts';
import { DEMO_ORGANIZATION, isDemoOrgPosting } from '../../src/demo/demo-organization.ts';
import { jobIdFor } from '../../src/domain/ids.ts';
import type { RawPosting } from '../../src/domain/raw-posting.ts';
import { preparePosting } from '../../src/ingest/normalize/prepare.ts';
import { INGEST_BATCH } from '../../src/ingest/pipeline.ts';
import { runBoards } from '../../src/ingest/run-boards.ts';
import { createServices, type Services } from '../../src/services.ts';
import { NOW, PLATFORM } from './options.ts';
import { startClocks, type MethodTimes, type StageResult, type Totals } from './stage.ts';

/** Wall time per method, collected by wrapping the repository instances (no source changes). */
export class Probe {
  readonly totals: MethodTimes = new Map();

  wrap(label: string, target: object, methods: string[]): void {
    const obj = target as Record<string, unknown>;
    for (const name of methods) {
      const original = obj[name];
      if (typeof original !== 'function') continue;
      const key = `${label}.${name}`;
      obj[name] = async (...args: unknown[]) => {
        const t0 = performance.now();
        try {
          return await (original as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } finally {
          const slot = this.totals.get(key) ?? { ms: 0, calls: 0 };
          slot.ms += performance.now() - t0;
          slot.calls++;
          this.totals.set(key, slot);
        }
      };
    }
  }

  reset(): void {
    this.totals.clear();
  }
}

const WRITER_METHODS = [
  'write',
  'attachCopies',
  'addMemberships',
  'upsertCompanies',
  'copyJobs',
  'upsertJobs',
  'copySourcePostings',
  'upsertSourcePostings',
  'addToBoards',
  'refreshMerged',
  'settleStatus',
];
const INGEST_METHODS = ['knownPostings', 'lockCompanies', 'mergeCandidates', 'touch', 'closeMissing'];

/** A probe on the services' JobWriter and IngestRepository methods. */
export function instrument(services: Services): Probe {
  const probe = new Probe();
  probe.wrap('JobWriter', services.writer, WRITER_METHODS);
  probe.wrap('IngestRepository', services.ingest, INGEST_METHODS);
  return probe;
}

/** One database under test: migrated services with the demo organization, and their probe. */
export interface Db {
  name: 'PostgreSQL' | 'PGlite';
  services: Services;
  probe: Probe;
  close(): Promise<void>;
}

/** `env` picks the database: DATABASE_URL for PostgreSQL, PGLITE_DIR for PGlite. */
export async function openDb(name: Db['name'], env: Record<string, string | undefined>): Promise<Db> {
  const services = await createServices(loadConfig(env), {
    logger: pino({ level: 'silent' }),
    clock: () => NOW,
  });
  await migrate(services.orm);
  await services.organizations.ensureOrganization(services.orm.em.fork(), DEMO_ORGANIZATION);
  return { name, services, probe: instrument(services), close: () => services.close() };
}

export function byBoard(postings: RawPosting[]): Map<string, RawPosting[]> {
  return Map.groupBy(postings, (p) => p.board);
}

export function normalizeOnly(postings: RawPosting[]): { result: StageResult; jobs: JobWrite[] } {
  const stop = startClocks(null);
  const jobs: JobWrite[] = [];
  for (const raw of postings) {
    // What a normalize thread does per posting: normalize, enrich, build the search vector.
    const r = preparePosting(raw, { platform: PLATFORM, board: raw.board, now: NOW });
    if (r.ok)
      jobs.push({
        jobId: jobIdFor(PLATFORM, raw.board, raw.externalId),
        job: r.job,
        searchVector: r.searchVector,
        seenAt: NOW,
        origin: 'source',
      });
  }
  const costs = stop();
  return {
    result: { stage: 'normalize only (pure)', database: '-', postings: postings.length, ...costs },
    jobs,
  };
}

/** Every board through runBoards (as the CLI runs them) as a complete fetch; the demo organization's boards join its board. */
export async function ingestAll(
  services: Services,
  probe: Probe,
  postings: RawPosting[],
  stage: string,
  database: string,
  dataDir: string | null,
): Promise<StageResult> {
  const deps = { ...services, clock: () => NOW };
  const totals: Totals = { new: 0, updated: 0, unchanged: 0, merged: 0, closed: 0, rejected: 0 };
  probe.reset();
  const stop = startClocks(dataDir);
  const runs = await runBoards(
    deps,
    [...byBoard(postings)].map(([board, list]) => ({
      platform: PLATFORM,
      board,
      postings: list,
      complete: true,
      organizationId: isDemoOrgPosting({ source: PLATFORM, board }) ? DEMO_ORGANIZATION.id : null,
    })),
  );
  for (const s of runs) for (const k of Object.keys(totals) as (keyof Totals)[]) totals[k] += s[k];
  const costs = stop();
  return {
    stage,
    database,
    postings: postings.length,
    ...costs,
    summary: totals,
    breakdown: new Map([...probe.totals].map(([k, v]) => [k, { ...v }])),
  };
}

/**
 * The faster writer for the search set: copies of already-normalized jobs (new external
 * ids, so new jobs) through JobWriter.write in transactions of INGEST_BATCH, marked new
 * so they go in by binary COPY, as the pipeline writes the new jobs it plans (1.6× the
 * JSON upsert's rate at 40k copies, back to back; a second writer in flight added
 * nothing). No normalize, no dedupe, no lifecycle: the SQL cost of storing alone,
 * triggers (change log, event outbox) and every index included.
 */
export async function bulkWrite(
  services: Services,
  base: JobWrite[],
  count: number,
  dataDir: string | null,
): Promise<StageResult> {
  const stop = startClocks(dataDir);
  const em = services.orm.em.fork();
  for (let i = 0; i < count; i += INGEST_BATCH) {
    const writes: JobWrite[] = [];
    for (let k = i; k < Math.min(count, i + INGEST_BATCH); k++) writes.push(copyOf(base, k));
    await em.transactional((tx) => services.writer.write(tx, writes));
  }
  return {
    stage: 'bulk write: JobWriter.write only (pre-normalized, COPY)',
    database: 'PostgreSQL',
    postings: count,
    ...stop(),
  };
}

/** Copy number `k` of the base jobs: a new external id, so a new job. */
function copyOf(base: JobWrite[], k: number): JobWrite {
  const src = base[k % base.length] as JobWrite;
  const externalId = `${src.job.externalId}~copy${Math.floor(k / base.length) + 1}`;
  // Spread posted dates a little, so copies do not tie with their originals.
  const postedAt = src.job.postedAt
    ? new Date(src.job.postedAt.getTime() - ((k * 7919) % 86_400) * 1000)
    : null;
  return {
    ...src,
    jobId: jobIdFor(PLATFORM, src.job.board, externalId),
    job: { ...src.job, externalId, postedAt },
    isNew: true,
  };
}

/**
 * PostgreSQL's own cost of storing the jobs it holds once more: heap, TOAST (compression
 * included) and every index of an identical table, filled by one insert … select. No
 * client, no parsing, no upsert: a floor under what any writer can reach on this server.
 */
export async function storageFloor(services: Services, dataDir: string | null): Promise<StageResult> {
  const em = services.orm.em.fork();
  await em.execute('drop table if exists job_floor');
  await em.execute('create table job_floor (like job including all)');
  const [row] = await em.execute<{ n: string }[]>('select count(*) as n from job');
  // Fresh values for the large columns: a stored (compressed) value copied as it is would
  // skip the compression every real write pays.
  const columns = await em.execute<{ name: string }[]>(
    // Generated columns are the server's to fill, as on every real write.
    `select column_name as name from information_schema.columns
      where table_name = 'job' and is_generated = 'NEVER' order by ordinal_position`,
  );
  const fresh: Record<string, string> = {
    description_html: `description_html || ''`,
    description_text: `description_text || ''`,
    search_vector: `search_vector || ''::tsvector`,
  };
  const select = columns.map((c) => fresh[c.name] ?? c.name).join(', ');
  const stop = startClocks(dataDir);
  await em.execute(
    `insert into job_floor (${columns.map((c) => c.name).join(', ')}) select ${select} from job`,
  );
  const costs = stop();
  await em.execute('drop table job_floor');
  return {
    stage: 'floor: store the same jobs again (SQL only)',
    database: 'PostgreSQL',
    postings: Number(row?.n ?? 0),
    ...costs,
  };
}
