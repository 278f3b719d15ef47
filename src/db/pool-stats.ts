import type { Connection } from '@mikro-orm/core';
import type { Pool } from 'pg';
import { engineOf, type Orm } from './orm.ts';

/** Connections of one pg pool at a moment: open ones, idle ones, and callers queued for one. */
export interface PoolStats {
  /** `primary`, or `replica_1`, `replica_2`… in DATABASE_REPLICA_URLS order. */
  connection: string;
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The pg pools behind the ORM on PostgreSQL. PGlite has no pool (one in-process
 * session, or one socket to the serving process): nothing to report there.
 */
export async function poolStats(orm: Orm): Promise<PoolStats[]> {
  if (engineOf(orm) !== 'postgres') return [];
  // The replicas sit on the driver without a public accessor (MikroORM 7.2).
  const replicas = (orm.driver as unknown as { replicas?: Connection[] }).replicas ?? [];
  const named = [
    { connection: 'primary', db: orm.driver.getConnection('write') as Connection },
    ...replicas.map((db, i) => ({ connection: `replica_${i + 1}`, db })),
  ];
  const stats: PoolStats[] = [];
  for (const { connection, db } of named) {
    const pool = await poolOf(db);
    if (pool)
      stats.push({ connection, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  }
  return stats;
}

async function poolOf(db: Connection): Promise<Pool | undefined> {
  // getNativeClient() connects a connection that is not connected yet: a scrape must not.
  if (!(db as unknown as { connected: boolean }).connected) return undefined;
  const getNativeClient = (db as unknown as { getNativeClient?: () => Promise<Pool> }).getNativeClient;
  return getNativeClient?.call(db);
}
