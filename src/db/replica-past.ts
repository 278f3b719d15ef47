import type { Em } from './orm.ts';

/** One replica's connection (the ORM's pool for that server). */
export type ReplicaConnection = ReturnType<Em['getConnection']>;

/**
 * A streaming replica that has replayed the primary's log past `lsn` (a mark of a page or
 * of the outbox's head, page-marks.ts), or null: no replica is configured, or the one asked
 * has not replayed that far. Checked by a statement of its own, before the caller's: a
 * statement's snapshot is taken as it starts, so a later statement on this replica sees at
 * least what was replayed when the check ran. The caller's statements go to the same
 * replica: each replays at its own pace.
 *
 * The position is asked every time, not remembered: a restarted replica accepts reads
 * again once consistent, which may be before what it had replayed until then, and a URL
 * behind a load balancer may reach another replica on the next connection.
 */
export async function replicaPast(em: Em, lsn: string): Promise<ReplicaConnection | null> {
  const replica = em.getConnection('read');
  // Without replicas the ORM's read connection is the primary.
  if (replica === em.getConnection('write')) return null;
  const [replayed] = await replica.execute<{ past: boolean | null }[]>(
    'select pg_last_wal_replay_lsn() >= ?::pg_lsn as past',
    [lsn],
  );
  return replayed?.past === true ? replica : null;
}
