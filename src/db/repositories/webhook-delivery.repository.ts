import { randomUUID } from 'node:crypto';
import type { Em } from '../orm.ts';

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One entry of an endpoint's delivery log. */
export interface WebhookDeliveryRow {
  /** Also the `webhook-id` header, without its `msg_` prefix. */
  id: string;
  endpointId: string;
  status: WebhookDeliveryStatus;
  jobCount: number;
  attempts: number;
  /** When the next attempt is due (pending deliveries only). */
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  lastError: string | null;
  lastResponseStatus: number | null;
  deliveredAt: Date | null;
  createdAt: Date;
}

/** A delivery a gateway claimed: what to send, where, and signed with which secrets. */
export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  claim: string;
  body: string;
  attempts: number;
  url: string;
  /** The current secret, then the previous one while its overlap lasts. */
  secrets: string[];
}

export interface FailedAttempt {
  error: string;
  responseStatus: number | null;
  /** Until the next attempt. */
  retryInMs: number;
  /** A delivery older than this is not retried: it is marked failed. */
  retryForMs: number;
  /** An endpoint failing this long without a success is disabled. */
  disableAfterMs: number;
}

const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
const PRIMARY = { method: 'all', connectionType: 'write' } as const;

const COLUMNS = `d.id::text as id, d.endpoint_id::text as endpoint_id, d.status, d.job_count, d.attempts,
  d.next_attempt_at, d.last_attempt_at, d.last_error, d.last_response_status, d.delivered_at, d.created_at`;

function toRow(r: Record<string, unknown>): WebhookDeliveryRow {
  return {
    id: String(r.id),
    endpointId: String(r.endpoint_id),
    status: r.status as WebhookDeliveryStatus,
    jobCount: Number(r.job_count),
    attempts: Number(r.attempts),
    nextAttemptAt: r.status === 'pending' ? date(r.next_attempt_at) : null,
    lastAttemptAt: date(r.last_attempt_at),
    lastError: (r.last_error as string | null) ?? null,
    lastResponseStatus: r.last_response_status === null ? null : Number(r.last_response_status),
    deliveredAt: date(r.delivered_at),
    createdAt: new Date(r.created_at as string),
  };
}

/**
 * Webhook deliveries (Migration20261125200000): written with the endpoint's cursor move,
 * claimed by gateways with FOR UPDATE SKIP LOCKED under a lease, and kept as the
 * endpoint's delivery log. Times are the database's clock, shared by every gateway.
 */
export class WebhookDeliveryRepository {
  /** Several deliveries in one statement (a fill writes every endpoint's batches at once). */
  async addMany(
    tx: Em,
    rows: readonly { endpointId: string; body: string; jobCount: number }[],
  ): Promise<string[]> {
    if (rows.length === 0) return [];
    const ids = rows.map(() => randomUUID());
    // Bodies as one JSON array: a text[] literal would need every quote and backslash escaped.
    await tx.execute(
      `insert into webhook_delivery (id, endpoint_id, body, job_count)
       select id, endpoint_id, body, job_count
         from unnest(?::uuid[], ?::uuid[], ?::int[]) with ordinality as r(id, endpoint_id, job_count, n)
         join jsonb_array_elements_text(?::jsonb) with ordinality as b(body, n) using (n)`,
      [
        `{${ids.join(',')}}`,
        `{${rows.map((r) => r.endpointId).join(',')}}`,
        `{${rows.map((r) => r.jobCount).join(',')}}`,
        JSON.stringify(rows.map((r) => r.body)),
      ],
    );
    return ids;
  }

  /**
   * Claims up to `limit` due deliveries of enabled endpoints for `leaseMs`: pending, due,
   * and not under another gateway's live lease. SKIP LOCKED: gateways claiming at once
   * take different rows; the claim id guards what the attempt writes back.
   *
   * Disabled endpoints are a NOT IN list, not a join: PostgreSQL keeps NOT IN as a hashed
   * filter on the one scan of due deliveries. As a join, on a young table with no
   * statistics (the push bench's, any burst's), the planner drove it from the endpoints and
   * scanned the due index once per endpoint, dead entries of delivered rows included: 23 ms
   * a claim at 100 endpoints and 2,700 deliveries, the gateway's largest cost on the
   * primary (pg_stat_statements, auto_explain). Endpoint ids are never null, so NOT IN
   * means what NOT EXISTS would.
   */
  async claim(em: Em, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    const claim = randomUUID();
    const rows = await em.execute<Record<string, unknown>[]>(
      `with due as (
         select d.id from webhook_delivery d
          where d.status = 'pending' and d.next_attempt_at <= now()
            and (d.lease_until is null or d.lease_until <= now())
            and d.endpoint_id not in (select id from webhook_endpoint where disabled_at is not null)
          order by d.next_attempt_at, d.created_at limit ?
          for update of d skip locked),
       claimed as (
         update webhook_delivery d set claim = ?::uuid, attempts = d.attempts + 1, last_attempt_at = now(),
                lease_until = now() + ? * interval '1 millisecond'
           from due where d.id = due.id
         returning d.id, d.endpoint_id, d.body, d.attempts, d.created_at)
       select c.id::text as id, c.endpoint_id::text as endpoint_id, c.body, c.attempts, e.url, e.secret,
              case when e.previous_secret_until > now() then e.previous_secret end as previous_secret
         from claimed c join webhook_endpoint e on e.id = c.endpoint_id
        order by c.created_at`,
      [limit, claim, leaseMs],
      PRIMARY,
    );
    return rows.map((r) => ({
      id: String(r.id),
      endpointId: String(r.endpoint_id),
      claim,
      body: String(r.body),
      attempts: Number(r.attempts),
      url: String(r.url),
      secrets: [String(r.secret), ...(r.previous_secret ? [String(r.previous_secret)] : [])],
    }));
  }

  /**
   * Successful attempts, recorded in one statement (webhooks/gathered-writes.ts); returns
   * the ids written. One whose claim was lost (its lease ran out and another gateway took
   * the delivery) is not written. The endpoint's row is written only when it was failing:
   * writing it on every success waited for the fill holding that row (its cursor, locked
   * while a page is inserted) and left a dead row version per delivery — 7.5 ms per
   * delivery in the push bench's pg_stat_statements, the gateway's largest statement on
   * the server.
   */
  async delivered(
    em: Em,
    done: readonly { delivery: ClaimedDelivery; responseStatus: number }[],
  ): Promise<Set<string>> {
    if (done.length === 0) return new Set();
    const rows = await em.execute<{ id: string }[]>(
      `with done as (
         select * from unnest(?::uuid[], ?::uuid[], ?::int[]) as t(id, claim, response_status)),
       d as (
         update webhook_delivery w set status = 'delivered', delivered_at = now(), lease_until = null,
                last_response_status = done.response_status, last_error = null
           from done
          where w.id = done.id and w.claim = done.claim and w.status = 'pending'
         returning w.id, w.endpoint_id),
       recovered as (
         update webhook_endpoint e set failing_since = null
          where e.id in (select endpoint_id from d) and e.failing_since is not null)
       select id::text as id from d`,
      [
        `{${done.map((x) => x.delivery.id).join(',')}}`,
        `{${done.map((x) => x.delivery.claim).join(',')}}`,
        `{${done.map((x) => x.responseStatus).join(',')}}`,
      ],
      PRIMARY,
    );
    return new Set(rows.map((r) => r.id));
  }

  /**
   * A failed attempt: retried after `retryInMs`, or marked failed when the delivery is
   * older than `retryForMs`; the endpoint is failing since its first failure after a
   * success, and disabled (with the reason) once that is `disableAfterMs` ago.
   */
  async failed(em: Em, d: ClaimedDelivery, f: FailedAttempt): Promise<boolean> {
    const rows = await em.execute<{ id: string }[]>(
      `with d as (
         update webhook_delivery set lease_until = null, last_error = ?, last_response_status = ?,
                status = case when created_at <= now() - ? * interval '1 millisecond' then 'failed' else 'pending' end,
                next_attempt_at = now() + ? * interval '1 millisecond'
          where id = ?::uuid and claim = ?::uuid and status = 'pending' returning endpoint_id)
       update webhook_endpoint e set failing_since = coalesce(e.failing_since, now()),
              disabled_at = case when e.disabled_at is null and e.failing_since <= now() - ? * interval '1 millisecond'
                                 then now() else e.disabled_at end,
              disabled_reason = case when e.disabled_at is null and e.failing_since <= now() - ? * interval '1 millisecond'
                                     then 'failing since ' || to_char(e.failing_since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
                                          || ' without a successful delivery; last error: ' || ?
                                     else e.disabled_reason end
         from d where e.id = d.endpoint_id
       returning e.id::text as id`,
      [
        f.error,
        f.responseStatus,
        f.retryForMs,
        f.retryInMs,
        d.id,
        d.claim,
        f.disableAfterMs,
        f.disableAfterMs,
        f.error,
      ],
    );
    return rows.length > 0;
  }

  /** The endpoint's delivery log, newest first; empty for another organization's endpoint. */
  async list(
    em: Em,
    organizationId: string,
    endpointId: string,
    status: WebhookDeliveryStatus | null,
    limit: number,
  ): Promise<WebhookDeliveryRow[]> {
    const rows = await em.execute<Record<string, unknown>[]>(
      `select ${COLUMNS} from webhook_delivery d join webhook_endpoint e on e.id = d.endpoint_id
        where e.organization_id = ? and d.endpoint_id = ?::uuid ${status ? 'and d.status = ?' : ''}
        order by d.created_at desc, d.id limit ?`,
      status ? [organizationId, endpointId, status, limit] : [organizationId, endpointId, limit],
    );
    return rows.map(toRow);
  }

  /** Deletes finished deliveries (delivered or failed) older than `retentionMs`. */
  async prune(em: Em, retentionMs: number): Promise<void> {
    await em.execute(
      `delete from webhook_delivery where status <> 'pending' and created_at < now() - ? * interval '1 millisecond'`,
      [retentionMs],
    );
  }
}
