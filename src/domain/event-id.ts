import { DomainError, invalidParameter } from './errors.ts';

/**
 * A place in the job event outbox: the writing transaction's id and the row's sequence
 * number, ordered in that order (Migration20261125100000 says why). Clients see it as
 * an opaque event id (the SSE `id:`) and hand it back as `Last-Event-ID`.
 */
export interface EventPosition {
  xid: bigint;
  seq: bigint;
}

/** `<xid>-<seq>` in base 36: short, and nothing a client should read meaning into. */
export function formatEventId(p: EventPosition): string {
  return `${p.xid.toString(36)}-${p.seq.toString(36)}`;
}

const EVENT_ID = /^([0-9a-z]{1,13})-([0-9a-z]{1,13})$/;

export function parseEventId(value: string): EventPosition {
  const m = EVENT_ID.exec(value.trim());
  if (!m) throw invalidParameter('Last-Event-ID', 'Last-Event-ID is not an event id of this service');
  const big = (digits: string) => [...digits].reduce((n, d) => n * 36n + BigInt(parseInt(d, 36)), 0n);
  return { xid: big(m[1]!), seq: big(m[2]!) };
}

export function compareEventPositions(a: EventPosition, b: EventPosition): number {
  if (a.xid !== b.xid) return a.xid < b.xid ? -1 : 1;
  return a.seq === b.seq ? 0 : a.seq < b.seq ? -1 : 1;
}

/** A Last-Event-ID from before the retention window: the events after it are gone. */
export function eventIdExpired(retentionHours: number): DomainError {
  return new DomainError(
    'event_id_expired',
    `Last-Event-ID is older than the ${retentionHours} h the service keeps events; reconnect without it and reload the search`,
    [{ field: 'Last-Event-ID', message: 'older than the event retention window' }],
  );
}
