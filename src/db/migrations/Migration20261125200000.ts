import { Migration } from '@mikro-orm/migrations';

/**
 * Webhooks for saved searches (issue 12, item 4; README "Webhooks").
 *
 * `webhook_endpoint`: an organization's HTTPS endpoint for one of its saved searches, with
 * its signing secret (kept in clear: signing needs it; the API shows it only at creation
 * and rotation), the previous secret while a rotation's overlap lasts, and its cursor over
 * the job event outbox (`cursor_xid`, `cursor_seq`: the event position read through).
 *
 * `webhook_delivery`: one batch to POST, written in the same transaction that moves the
 * endpoint's cursor past the events it holds, so each event lands in exactly one batch
 * whatever gateway reads it, and the batch outlives the outbox's pruning. The body is
 * stored as the exact bytes sent: every retry signs and sends the same body under the
 * same `webhook-id`. `claim` and `lease_until` mark a gateway's attempt in flight; an
 * expired lease frees the delivery for another gateway.
 */
export class Migration20261125200000 extends Migration {
  override up(): void {
    this.addSql(`create table webhook_endpoint (
      id uuid primary key,
      organization_id uuid not null references organization(id) on delete cascade,
      saved_search_id uuid not null references saved_search(id) on delete cascade,
      url text not null,
      secret text not null,
      previous_secret text,
      previous_secret_until timestamptz,
      cursor_xid xid8 not null,
      cursor_seq bigint not null,
      created_at timestamptz not null default now(),
      failing_since timestamptz,
      disabled_at timestamptz,
      disabled_reason text
    );`);
    this.addSql('create index webhook_endpoint_org_idx on webhook_endpoint (organization_id, created_at);');
    this.addSql('create index webhook_endpoint_search_idx on webhook_endpoint (saved_search_id);');
    this.addSql(`create table webhook_delivery (
      id uuid primary key,
      endpoint_id uuid not null references webhook_endpoint(id) on delete cascade,
      body text not null,
      job_count integer not null,
      status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      claim uuid,
      lease_until timestamptz,
      last_attempt_at timestamptz,
      last_error text,
      last_response_status integer,
      delivered_at timestamptz,
      created_at timestamptz not null default now()
    );`);
    // Due deliveries, found by the claim; only pending ones are ever due.
    this.addSql(
      `create index webhook_delivery_due_idx on webhook_delivery (next_attempt_at) where status = 'pending';`,
    );
    this.addSql('create index webhook_delivery_endpoint_idx on webhook_delivery (endpoint_id, created_at);');
  }

  override down(): void {
    this.addSql('drop table webhook_delivery;');
    this.addSql('drop table webhook_endpoint;');
  }
}
