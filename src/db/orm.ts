import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { MikroORM, Options } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM as PgliteORM } from '@mikro-orm/pglite';
import { MikroORM as PostgresORM } from '@mikro-orm/postgresql';
import type { AbstractSqlDriver, SqlEntityManager } from '@mikro-orm/sql';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { claimDirectory, type LockHolder } from './embedded-lock.ts';
import { serveEmbedded, type EmbeddedServer } from './embedded-server.ts';
import { ENTITIES } from './entities/index.ts';
import { escapeLiteral } from './escape-literal.ts';
import { MIGRATIONS } from './migrations/index.ts';

export type Orm = MikroORM<AbstractSqlDriver, SqlEntityManager<AbstractSqlDriver>>;
export type Em = SqlEntityManager<AbstractSqlDriver>;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; replicaUrls?: string[]; poolMax?: number }
  | { kind: 'pglite'; dir: string };

/**
 * What a process does with an embedded database directory (see embedded-lock.ts):
 * `serve` opens it and serves it to other processes; `command` goes through a running
 * server, or opens it itself while no server runs.
 */
export type EmbeddedRole = 'serve' | 'command';

/**
 * The engine behind an ORM: a PostgreSQL server; PGlite in this process; or PGlite in
 * a server process, reached over the PostgreSQL protocol (one session, like PGlite).
 */
export type Engine = 'postgres' | 'pglite' | 'pglite-served';

export interface OrmHooks {
  /** Receives every SQL statement the ORM runs (tests count them to catch N+1). */
  onQuery?: (sql: string) => void;
  /** @default 'command' */
  embeddedRole?: EmbeddedRole;
}

function baseOptions(hooks: OrmHooks): Partial<Options> {
  return {
    entities: ENTITIES,
    extensions: [Migrator],
    // No schema snapshot files: migrations are hand-written and committed.
    migrations: { migrationsList: MIGRATIONS, transactional: true, allOrNothing: true, snapshot: false },
    // Tables written by triggers or read with plain SQL, no entity: the search index's change
    // log (Migration20261123000010), the job event outbox and saved searches
    // (Migration20261125100000, …100010), webhooks (Migration20261125200000); the schema comparison leaves them, their triggers
    // and their functions alone.
    schemaGenerator: {
      skipTables: [
        'search_change',
        'search_change_horizon',
        'job_event',
        'job_event_horizon',
        'saved_search',
        'webhook_endpoint',
        'webhook_delivery',
      ],
      ignoreTriggers: true,
      ignoreRoutines: true,
    },
    // The global em refuses to work outside a request context; each request forks.
    allowGlobalContext: false,
    debug: hooks.onQuery ? ['query'] : false,
    logger: hooks.onQuery ? (message: string) => hooks.onQuery?.(message) : () => undefined,
    // Batch to-one reference loads (company, category) into one IN query.
    dataloader: true,
  };
}

interface OrmState {
  engine: Engine;
  /** The served embedded database's holder, when this ORM goes through it. */
  servedBy?: LockHolder;
  embeddedServer?: EmbeddedServer;
  /** Names the served endpoint in the lock, so that commands come in (see openToCommands). */
  publish?: () => void;
  /** Let go of the directory once the database is closed. */
  release?: () => void;
}

const states = new WeakMap<Orm, OrmState>();

function stateOf(orm: Orm): OrmState {
  return states.get(orm) ?? { engine: 'postgres' };
}

export function engineOf(orm: Orm): Engine {
  return stateOf(orm).engine;
}

/** The server whose embedded database this ORM reaches over its socket, if any. */
export function servedBy(orm: Orm): LockHolder | undefined {
  return stateOf(orm).servedBy;
}

/** This process's server of its embedded database to others (a `serve` ORM on a directory). */
export function embeddedServerOf(orm: Orm): EmbeddedServer | undefined {
  return stateOf(orm).embeddedServer;
}

/**
 * Whether several transactions may run side by side. PostgreSQL: yes, one per pooled
 * connection. PGlite is a single session and its driver keeps one open transaction:
 * a second one begun meanwhile would run inside the first (served over a socket, the
 * server keeps one client's transaction to itself, so they queue).
 */
export function concurrentTransactions(orm: Orm): boolean {
  return engineOf(orm) === 'postgres';
}

/** Opens the database the configuration names: PostgreSQL, or PGlite in a directory. */
export async function createOrm(db: DatabaseOptions, hooks: OrmHooks = {}): Promise<Orm> {
  const orm = await openOrm(db, hooks);
  // The platform's own escape is quadratic in garbage on long strings (escape-literal.ts).
  (orm.em.getPlatform() as unknown as { escapeLiteral: (s: string) => string }).escapeLiteral = escapeLiteral;
  return orm;
}

async function openOrm(db: DatabaseOptions, hooks: OrmHooks): Promise<Orm> {
  if (db.kind === 'postgres') {
    const url = new URL(db.url);
    const socketDir = url.searchParams.get('host');
    const orm = await PostgresORM.init({
      ...baseOptions(hooks),
      clientUrl: db.url,
      dbName: decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres',
      // libpq's `?host=/run/postgresql` (a Unix socket directory) and `?port=`, which the
      // URL's own host and port cannot express.
      ...(socketDir ? { host: socketDir } : {}),
      port: Number(url.port || url.searchParams.get('port') || 5432),
      // A new connection's first statements on the job table (twenty indexes) cost the
      // server 50–300 ms of catalog loading; pg's default closes idle ones after 10 s, so a
      // burst after a pause paid that on every connection (p99 spikes). Kept a minute,
      // without holding a finished process open (allowExitOnIdle).
      pool: { min: 0, max: db.poolMax ?? 10, idleTimeoutMillis: 60_000 },
      // JIT compiles plans for seconds' worth of "cost" that our short statements run in
      // milliseconds: it made a 6 ms dedupe lookup take 250 ms. Off for every connection.
      driverOptions: { options: '-c jit=off', allowExitOnIdle: true },
      replicas: (db.replicaUrls ?? []).map((r) => ({ name: new URL(r).host, clientUrl: r })),
    } as Options);
    return orm as unknown as Orm;
  }
  if (db.dir.startsWith('memory:')) return openPglite(db.dir, hooks);
  mkdirSync(dirname(resolve(db.dir)), { recursive: true });
  const claim = await claimDirectory(db.dir, { role: hooks.embeddedRole ?? 'command' });
  if (claim.kind === 'served') {
    const { host, port } = claim.holder.endpoint;
    const orm = (await PostgresORM.init({
      ...baseOptions(hooks),
      host,
      port,
      user: 'postgres',
      dbName: 'postgres',
      // One session on the other side: one connection here, so this process's statements
      // queue here as they would in PGlite rather than wait on each other over there.
      pool: { min: 0, max: 1 },
    } as Options)) as unknown as Orm;
    states.set(orm, { engine: 'pglite-served', servedBy: claim.holder });
    return orm;
  }
  try {
    mkdirSync(db.dir, { recursive: true });
    const orm = await openPglite(db.dir, hooks, claim.release);
    if (hooks.embeddedRole === 'serve') {
      const server = await serveEmbedded(await nativePglite(orm), db.dir);
      const state = stateOf(orm);
      state.embeddedServer = server;
      // Not in the lock yet: commands wait until the server has migrated (openToCommands).
      state.publish = () => claim.publish(server.endpoint);
    }
    return orm;
  } catch (error) {
    claim.release();
    throw error;
  }
}

/**
 * Lets CLI commands into a served embedded database: names its endpoint in the lock,
 * which commands wait for. `serve` calls it once its migrations are applied. Before,
 * the endpoint was named as soon as the directory was open: a command started with the
 * server (the README's first steps) ran its own migrations through the socket beside
 * the server's, and one of them failed (`relation "mikro_orm_migrations" already
 * exists`), or read tables that did not exist yet. A no-op for other databases.
 */
export function openToCommands(orm: Orm): void {
  const state = stateOf(orm);
  state.publish?.();
  state.publish = undefined;
}

async function openPglite(dir: string, hooks: OrmHooks, release?: () => void): Promise<Orm> {
  const orm = (await PgliteORM.init({
    ...baseOptions(hooks),
    dbName: dir,
    driverOptions: { extensions: { pg_trgm, unaccent } },
  } as Options)) as unknown as Orm;
  states.set(orm, { engine: 'pglite', release });
  return orm;
}

/** The PGlite instance behind an in-process ORM (LISTEN, the socket server). */
export async function nativePglite(orm: Orm): Promise<PGlite> {
  const connection = orm.em.getConnection() as unknown as { getNativeClient(): Promise<PGlite> };
  return connection.getNativeClient();
}

/**
 * Closes the ORM, then whatever came with it: the embedded database's socket server
 * is stopped first (its clients' open transactions rolled back), the directory's lock
 * released last.
 */
export async function closeOrm(orm: Orm): Promise<void> {
  const { embeddedServer, release } = stateOf(orm);
  await embeddedServer?.stop();
  try {
    await orm.close(true);
  } finally {
    release?.();
  }
}

/** Applies pending migrations; safe to call on every start. */
export async function migrate(orm: Orm): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((m) => m.name);
}
