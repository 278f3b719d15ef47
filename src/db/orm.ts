import { mkdirSync } from 'node:fs';
import type { MikroORM, Options } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM as PgliteORM } from '@mikro-orm/pglite';
import { MikroORM as PostgresORM } from '@mikro-orm/postgresql';
import type { AbstractSqlDriver, SqlEntityManager } from '@mikro-orm/sql';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { ENTITIES } from './entities/index.ts';
import { MIGRATIONS } from './migrations/index.ts';

export type Orm = MikroORM<AbstractSqlDriver, SqlEntityManager<AbstractSqlDriver>>;
export type Em = SqlEntityManager<AbstractSqlDriver>;

export type DatabaseOptions =
  { kind: 'postgres'; url: string; replicaUrls?: string[] } | { kind: 'pglite'; dir: string };

export interface OrmHooks {
  /** Receives every SQL statement the ORM runs (tests count them to catch N+1). */
  onQuery?: (sql: string) => void;
}

function baseOptions(hooks: OrmHooks): Partial<Options> {
  return {
    entities: ENTITIES,
    extensions: [Migrator],
    // No schema snapshot files: migrations are hand-written and committed.
    migrations: { migrationsList: MIGRATIONS, transactional: true, allOrNothing: true, snapshot: false },
    // The global em refuses to work outside a request context; each request forks.
    allowGlobalContext: false,
    debug: hooks.onQuery ? ['query'] : false,
    logger: hooks.onQuery ? (message: string) => hooks.onQuery?.(message) : () => undefined,
    // Batch to-one reference loads (company, category) into one IN query.
    dataloader: true,
  };
}

/** PGlite: one session, so one transaction at a time (see concurrentTransactions). */
const singleSession = new WeakSet<Orm>();

/**
 * Whether several transactions may run side by side. PostgreSQL: yes, one per pooled
 * connection. PGlite is a single session and its driver keeps one open transaction:
 * a second one begun meanwhile would run inside the first.
 */
export function concurrentTransactions(orm: Orm): boolean {
  return !singleSession.has(orm);
}

/** Opens the database the configuration names: PostgreSQL, or PGlite in a directory. */
export async function createOrm(db: DatabaseOptions, hooks: OrmHooks = {}): Promise<Orm> {
  if (db.kind === 'postgres') {
    const url = new URL(db.url);
    const orm = await PostgresORM.init({
      ...baseOptions(hooks),
      clientUrl: db.url,
      dbName: url.pathname.replace(/^\//, '') || 'postgres',
      pool: { min: 0, max: 10 },
      // JIT compiles plans for seconds' worth of "cost" that our short statements run in
      // milliseconds: it made a 6 ms dedupe lookup take 250 ms. Off for every connection.
      driverOptions: { options: '-c jit=off' },
      replicas: (db.replicaUrls ?? []).map((r) => ({ name: new URL(r).host, clientUrl: r })),
    } as Options);
    return orm as unknown as Orm;
  }
  if (!db.dir.startsWith('memory:')) mkdirSync(db.dir, { recursive: true });
  const orm = await PgliteORM.init({
    ...baseOptions(hooks),
    dbName: db.dir,
    driverOptions: { extensions: { pg_trgm, unaccent } },
  } as Options);
  singleSession.add(orm as unknown as Orm);
  return orm as unknown as Orm;
}

/** Applies pending migrations; safe to call on every start. */
export async function migrate(orm: Orm): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((m) => m.name);
}
