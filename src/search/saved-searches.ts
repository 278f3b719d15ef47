import type { SavedSearchRepository, SavedSearchRow } from '../db/repositories/saved-search.repository.ts';
import type { Em } from '../db/orm.ts';
import { DomainError, invalidParameter } from '../domain/errors.ts';
import { UUID } from '../domain/ids.ts';
import type { JobFilter } from '../domain/job-filter.ts';

/**
 * Saved searches' rules (issue 12, item 3), one copy for both transports: a name of 1 to
 * NAME_MAX characters unique in the organization (any case), at most MAX_SAVED_SEARCHES
 * per organization, and another organization's search answered as an unknown one.
 */
export const SAVED_SEARCH_NAME_MAX = 100;
/** Saved searches one organization keeps. */
export const MAX_SAVED_SEARCHES = 100;

export async function saveSearch(
  repository: SavedSearchRepository,
  em: Em,
  organizationId: string,
  name: string,
  filter: JobFilter,
): Promise<SavedSearchRow> {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > SAVED_SEARCH_NAME_MAX)
    throw invalidParameter('name', `name must be 1 to ${SAVED_SEARCH_NAME_MAX} characters`);
  // PostgreSQL stores no NUL in text or jsonb: refused here, not a 500 from the insert.
  if (/[\u0000-\u001f\u007f]/.test(trimmed))
    throw invalidParameter('name', 'name must not contain control characters');
  if (JSON.stringify(filter).includes('\\u0000'))
    throw invalidParameter('filter', 'the filter must not contain NUL characters (U+0000)');
  if ((await repository.count(em, organizationId)) >= MAX_SAVED_SEARCHES)
    throw invalidParameter('name', `an organization keeps at most ${MAX_SAVED_SEARCHES} saved searches`);
  const saved = await repository.create(em, organizationId, trimmed, filter);
  if (!saved)
    throw new DomainError('already_exists', `A saved search named "${trimmed}" already exists`, [
      { field: 'name', message: 'already used in this organization' },
    ]);
  return saved;
}

export async function deleteSavedSearch(
  repository: SavedSearchRepository,
  em: Em,
  organizationId: string,
  rawId: string,
): Promise<SavedSearchRow> {
  const id = rawId.trim().toLowerCase();
  if (!UUID.test(id)) throw invalidParameter('id', 'id must be a saved search id (a UUID)');
  const deleted = await repository.delete(em, organizationId, id);
  if (!deleted)
    throw new DomainError('not_found', 'No saved search with this id in this organization', [
      { field: 'id', message: 'unknown in this organization' },
    ]);
  return deleted;
}
