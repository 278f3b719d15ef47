import { randomUUID } from 'node:crypto';
import type { Em } from '../orm.ts';

export interface SourceRow {
  id: string;
  platform: string;
  board: string;
  url: string | null;
  organizationId: string | null;
  intervalMinutes: number;
  enabled: boolean;
  etag: string | null;
  lastModified: string | null;
  lastRunAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
}

const COLUMNS = `id, platform, board, url, organization_id as "organizationId", interval_minutes as "intervalMinutes",
  enabled, etag, last_modified as "lastModified", last_run_at as "lastRunAt", last_success_at as "lastSuccessAt",
  last_error as "lastError"`;

const toRow = (r: Record<string, unknown>) =>
  ({
    ...r,
    id: String(r.id),
    organizationId: r.organizationId == null ? null : String(r.organizationId),
    lastRunAt: r.lastRunAt == null ? null : new Date(r.lastRunAt as string),
    lastSuccessAt: r.lastSuccessAt == null ? null : new Date(r.lastSuccessAt as string),
  }) as SourceRow;

/** Configured feeds and their run bookkeeping (validators, last success, last error). */
export class SourceRepository {
  async upsert(
    em: Em,
    source: {
      platform: string;
      board: string;
      url?: string | null;
      organizationId?: string | null;
      intervalMinutes?: number;
    },
  ): Promise<SourceRow> {
    const [row] = await em.execute(
      `insert into source (id, platform, board, url, organization_id, interval_minutes) values (?, ?, ?, ?, ?, ?)
       on conflict (platform, board) do update set url = excluded.url, organization_id = excluded.organization_id,
         interval_minutes = excluded.interval_minutes, enabled = true
       returning ${COLUMNS}`,
      [
        randomUUID(),
        source.platform,
        source.board,
        source.url ?? null,
        source.organizationId ?? null,
        source.intervalMinutes ?? 60,
      ],
    );
    return toRow(row!);
  }

  async list(em: Em): Promise<SourceRow[]> {
    return (await em.execute(`select ${COLUMNS} from source order by platform, board`)).map(toRow);
  }

  async find(em: Em, idOrKey: string): Promise<SourceRow | null> {
    const [platform, board] = idOrKey.split(':');
    const [row] = await em.execute(
      `select ${COLUMNS} from source where id::text = ? or (platform = ? and board = ?)`,
      [idOrKey, platform ?? '', board ?? ''],
    );
    return row ? toRow(row) : null;
  }

  /** Enabled sources whose interval has passed since their last run (claimed or not). */
  async due(em: Em, now: Date): Promise<SourceRow[]> {
    const rows = await em.execute(
      `select ${COLUMNS} from source
        where enabled and (last_run_at is null or last_run_at + make_interval(mins => interval_minutes) <= ?)
        order by last_run_at nulls first`,
      [now],
    );
    return rows.map(toRow);
  }

  /**
   * Claims the next due source for one run, or null when none is left: the one waiting
   * longest, not claimed by another poller (or its claim has lapsed). `for update skip
   * locked` lets pollers on several gateways claim side by side without waiting on or
   * taking each other's sources. recordRun ends the claim.
   */
  async claimNext(em: Em, now: Date, leaseMinutes: number): Promise<SourceRow | null> {
    const [row] = await em.execute(
      `update source set claimed_until = ?::timestamptz + make_interval(mins => ?)
        where id = (
          select id from source
           where enabled and (last_run_at is null or last_run_at + make_interval(mins => interval_minutes) <= ?)
             and (claimed_until is null or claimed_until <= ?)
           order by last_run_at nulls first, id
           limit 1
           for update skip locked)
        returning ${COLUMNS}`,
      [now, leaseMinutes, now, now],
    );
    return row ? toRow(row) : null;
  }

  async recordRun(
    em: Em,
    id: string,
    run: { at: Date; ok: boolean; error?: string | null; etag?: string | null; lastModified?: string | null },
  ): Promise<void> {
    await em.execute(
      `update source set last_run_at = ?, last_success_at = case when ? then ? else last_success_at end,
         last_error = ?, etag = coalesce(?, etag), last_modified = coalesce(?, last_modified), claimed_until = null
       where id = ?`,
      [run.at, run.ok, run.at, run.error ?? null, run.etag ?? null, run.lastModified ?? null, id],
    );
  }
}
