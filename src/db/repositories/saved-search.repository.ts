import { randomUUID } from 'node:crypto';
import type { JobFilter } from '../../domain/job-filter.ts';
import type { Em } from '../orm.ts';

/** A saved search as stored (Migration20261125100010). */
export interface SavedSearchRow {
  id: string;
  organizationId: string;
  name: string;
  filter: JobFilter;
  createdAt: Date;
}

const COLUMNS =
  's.id::text as id, s.organization_id::text as organization_id, s.name, s.filter, s.created_at';

/** Dates travel as ISO text in jsonb; the filter the API gave back is a JobFilter again. */
export function savedFilterOf(value: unknown): JobFilter {
  const raw = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
  const filter = { ...raw } as JobFilter;
  if (typeof raw.postedAfter === 'string') filter.postedAfter = new Date(raw.postedAfter);
  if (typeof raw.postedBefore === 'string') filter.postedBefore = new Date(raw.postedBefore);
  return filter;
}

function toRow(r: Record<string, unknown>): SavedSearchRow {
  const filter = savedFilterOf(r.filter);
  return {
    id: String(r.id),
    organizationId: String(r.organization_id),
    name: String(r.name),
    filter,
    createdAt: new Date(r.created_at as string),
  };
}

/** An organization's saved searches; every method is scoped to one organization. */
export class SavedSearchRepository {
  /** Null when the organization already has a search of that name (case-insensitive). */
  async create(
    em: Em,
    organizationId: string,
    name: string,
    filter: JobFilter,
  ): Promise<SavedSearchRow | null> {
    const rows = await em.execute<Record<string, unknown>[]>(
      `insert into saved_search as s (id, organization_id, name, filter) values (?, ?, ?, ?::jsonb)
       on conflict (organization_id, lower(name)) do nothing returning ${COLUMNS}`,
      [randomUUID(), organizationId, name, JSON.stringify(filter)],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  async count(em: Em, organizationId: string): Promise<number> {
    const [row] = await em.execute<{ n: string }[]>(
      'select count(*)::text as n from saved_search where organization_id = ?',
      [organizationId],
    );
    return Number(row!.n);
  }

  /** Oldest first: the order they were saved in. */
  async list(em: Em, organizationId: string): Promise<SavedSearchRow[]> {
    const rows = await em.execute<Record<string, unknown>[]>(
      `select ${COLUMNS} from saved_search s where s.organization_id = ? order by s.created_at, s.id`,
      [organizationId],
    );
    return rows.map(toRow);
  }

  /** The deleted search, or null when the organization has none with that id. */
  async delete(em: Em, organizationId: string, id: string): Promise<SavedSearchRow | null> {
    const rows = await em.execute<Record<string, unknown>[]>(
      `delete from saved_search s where s.id = ?::uuid and s.organization_id = ? returning ${COLUMNS}`,
      [id, organizationId],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }
}
