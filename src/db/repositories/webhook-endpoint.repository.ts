import { randomUUID } from 'node:crypto';
import type { EventPosition } from '../../domain/event-id.ts';
import type { JobFilter } from '../../domain/job-filter.ts';
import type { Em } from '../orm.ts';
import { savedFilterOf } from './saved-search.repository.ts';

/** A webhook endpoint as the organization sees it (its secrets are never read back). */
export interface WebhookEndpointRow {
  id: string;
  organizationId: string;
  savedSearchId: string;
  url: string;
  createdAt: Date;
  /** Until when the secret replaced by the last rotation still signs beside the new one. */
  previousSecretUntil: Date | null;
  /** The first failed attempt since the last success. */
  failingSince: Date | null;
  disabledAt: Date | null;
  disabledReason: string | null;
}

/** What a gateway needs to fill an endpoint's deliveries from the outbox. */
export interface EndpointToFill {
  id: string;
  savedSearchId: string;
  savedSearchName: string;
  filter: JobFilter;
  /** Where its cursor stood when read (unlocked: a fill checks it again under the lock). */
  cursor: EventPosition;
}

const COLUMNS = `e.id::text as id, e.organization_id::text as organization_id,
  e.saved_search_id::text as saved_search_id, e.url, e.created_at, e.previous_secret_until,
  e.failing_since, e.disabled_at, e.disabled_reason`;

const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

function toRow(r: Record<string, unknown>): WebhookEndpointRow {
  return {
    id: String(r.id),
    organizationId: String(r.organization_id),
    savedSearchId: String(r.saved_search_id),
    url: String(r.url),
    createdAt: new Date(r.created_at as string),
    previousSecretUntil: date(r.previous_secret_until),
    failingSince: date(r.failing_since),
    disabledAt: date(r.disabled_at),
    disabledReason: (r.disabled_reason as string | null) ?? null,
  };
}

const position = (r: Record<string, unknown>): EventPosition => ({
  xid: BigInt(String(r.cursor_xid)),
  seq: BigInt(String(r.cursor_seq)),
});

/**
 * Organizations' webhook endpoints (Migration20261125200000). Every method the API calls
 * takes the organization and matches it: another organization's id is unknown here.
 */
export class WebhookEndpointRepository {
  /**
   * A new endpoint reading the outbox from `from` (the head: events from now on). Null when
   * the organization has no saved search with that id.
   */
  async create(
    em: Em,
    organizationId: string,
    savedSearchId: string,
    url: string,
    secret: string,
    from: EventPosition,
  ): Promise<WebhookEndpointRow | null> {
    const rows = await em.execute<Record<string, unknown>[]>(
      `insert into webhook_endpoint as e (id, organization_id, saved_search_id, url, secret, cursor_xid, cursor_seq)
       select ?, s.organization_id, s.id, ?, ?, ?::xid8, ?::bigint from saved_search s
        where s.id = ?::uuid and s.organization_id = ?
       returning ${COLUMNS}`,
      [randomUUID(), url, secret, from.xid.toString(), from.seq.toString(), savedSearchId, organizationId],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  async count(em: Em, organizationId: string): Promise<number> {
    const [row] = await em.execute<{ n: string }[]>(
      'select count(*)::text as n from webhook_endpoint where organization_id = ?',
      [organizationId],
    );
    return Number(row!.n);
  }

  /** Oldest first; only those of one saved search when it is given. */
  async list(em: Em, organizationId: string, savedSearchId?: string): Promise<WebhookEndpointRow[]> {
    const rows = await em.execute<Record<string, unknown>[]>(
      `select ${COLUMNS} from webhook_endpoint e where e.organization_id = ?
       ${savedSearchId ? 'and e.saved_search_id = ?::uuid' : ''} order by e.created_at, e.id`,
      savedSearchId ? [organizationId, savedSearchId] : [organizationId],
    );
    return rows.map(toRow);
  }

  async find(em: Em, organizationId: string, id: string): Promise<WebhookEndpointRow | null> {
    const rows = await em.execute<Record<string, unknown>[]>(
      `select ${COLUMNS} from webhook_endpoint e where e.id = ?::uuid and e.organization_id = ?`,
      [id, organizationId],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  /** The deleted endpoint (its deliveries go with it), or null. */
  async delete(em: Em, organizationId: string, id: string): Promise<WebhookEndpointRow | null> {
    const rows = await em.execute<Record<string, unknown>[]>(
      `delete from webhook_endpoint e where e.id = ?::uuid and e.organization_id = ? returning ${COLUMNS}`,
      [id, organizationId],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  /**
   * A new secret; the current one keeps signing beside it for `overlapMs` (a secret
   * rotated out earlier stops at once: two at a time).
   */
  async rotateSecret(
    em: Em,
    organizationId: string,
    id: string,
    secret: string,
    overlapMs: number,
  ): Promise<WebhookEndpointRow | null> {
    const rows = await em.execute<Record<string, unknown>[]>(
      `update webhook_endpoint e set previous_secret = e.secret, secret = ?,
              previous_secret_until = now() + ? * interval '1 millisecond'
        where e.id = ?::uuid and e.organization_id = ? returning ${COLUMNS}`,
      [secret, overlapMs, id, organizationId],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  /**
   * Enabled again, reading the outbox from `from` (the head): the events of the disabled
   * time are not sent; its pending deliveries are.
   */
  async enable(
    em: Em,
    organizationId: string,
    id: string,
    from: EventPosition,
  ): Promise<WebhookEndpointRow | null> {
    const rows = await em.execute<Record<string, unknown>[]>(
      `update webhook_endpoint e set disabled_at = null, disabled_reason = null, failing_since = null,
              cursor_xid = case when e.disabled_at is null then e.cursor_xid else ?::xid8 end,
              cursor_seq = case when e.disabled_at is null then e.cursor_seq else ?::bigint end
        where e.id = ?::uuid and e.organization_id = ? returning ${COLUMNS}`,
      [from.xid.toString(), from.seq.toString(), id, organizationId],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  /** Enabled endpoints whose cursor is before `last` (the outbox's newest deliverable event). */
  async behind(em: Em, last: EventPosition): Promise<EndpointToFill[]> {
    const rows = await em.execute<Record<string, unknown>[]>(
      `select e.id::text as id, s.id::text as saved_search_id, s.name, s.filter,
              e.cursor_xid::text as cursor_xid, e.cursor_seq::text as cursor_seq
         from webhook_endpoint e join saved_search s on s.id = e.saved_search_id
        where e.disabled_at is null and (e.cursor_xid, e.cursor_seq) < (?::xid8, ?::bigint)
        order by e.id`,
      [last.xid.toString(), last.seq.toString()],
      { method: 'all', connectionType: 'write' },
    );
    return rows.map((r) => ({
      id: String(r.id),
      savedSearchId: String(r.saved_search_id),
      savedSearchName: String(r.name),
      filter: savedFilterOf(r.filter),
      cursor: position(r),
    }));
  }

  /**
   * Locks enabled endpoints for filling (in a transaction) and reads their cursors; an
   * endpoint another gateway holds (SKIP LOCKED: that one fills it), disabled or deleted is
   * left out.
   */
  async lockCursors(tx: Em, ids: readonly string[]): Promise<Map<string, EventPosition>> {
    if (ids.length === 0) return new Map();
    const rows = await tx.execute<Record<string, unknown>[]>(
      `select id::text as id, cursor_xid::text as cursor_xid, cursor_seq::text as cursor_seq
         from webhook_endpoint
        where id = any(?::uuid[]) and disabled_at is null
        order by id for update skip locked`,
      [`{${ids.join(',')}}`],
    );
    return new Map(rows.map((r) => [String(r.id), position(r)]));
  }

  /** Moves each endpoint's cursor, in one statement. */
  async moveCursors(tx: Em, moves: readonly { id: string; to: EventPosition }[]): Promise<void> {
    if (moves.length === 0) return;
    await tx.execute(
      `update webhook_endpoint e set cursor_xid = m.xid::xid8, cursor_seq = m.seq::bigint
         from unnest(?::uuid[], ?::text[], ?::text[]) as m(id, xid, seq)
        where e.id = m.id`,
      [
        `{${moves.map((m) => m.id).join(',')}}`,
        `{${moves.map((m) => m.to.xid.toString()).join(',')}}`,
        `{${moves.map((m) => m.to.seq.toString()).join(',')}}`,
      ],
    );
  }
}
