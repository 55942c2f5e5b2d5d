import { SAVED_SEARCH_MESSAGES, SAVED_SEARCHES_MAX, type SavedSearchQuery } from '#common/saved-searches';
import type { AuthUser } from '#common/schemas/auth';
import type { SavedSearch, UpdateSavedSearchRequest } from '#common/schemas/saved-searches';
import { type SearchQuery, searchQuery } from '#common/schemas/search';
import type { Database } from '#server/db/client.ts';
import { ConflictError, NotFoundError } from '#server/errors.ts';
import { assertMayUsePremiumFilters } from '#server/features/search/index.ts';
import * as q from './queries.ts';

type Member = Pick<AuthUser, 'id' | 'isSubscribed'>;

function toSavedSearch(row: q.SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    alerts: row.alerts,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The stored query as GET /api/search reads it (page 1), or null when it no longer passes. */
export function parseStored(query: SavedSearchQuery): SearchQuery | null {
  const parsed = searchQuery.safeParse(query);
  return parsed.success ? parsed.data : null;
}

export async function listSavedSearches(
  db: Database,
  member: Member,
): Promise<{ savedSearches: SavedSearch[] }> {
  return { savedSearches: (await q.listSavedSearches(db, member.id)).map(toSavedSearch) };
}

/**
 * Saves a search (already checked by the search's own schema). Premium filters are saved only by
 * a member who may search with them, as the search page refuses them otherwise. The count and
 * the insert run under the member's lock: at most SAVED_SEARCHES_MAX, whatever arrives at once.
 */
export async function createSavedSearch(
  db: Database,
  member: Member,
  body: { name: string; query: SavedSearchQuery },
): Promise<SavedSearch> {
  const parsed = parseStored(body.query);
  if (parsed) assertMayUsePremiumFilters(parsed, member.isSubscribed);
  return db.transaction(async (tx) => {
    await q.lockMembersSavedSearches(tx, member.id);
    if ((await q.countSavedSearches(tx, member.id)) >= SAVED_SEARCHES_MAX)
      throw new ConflictError(SAVED_SEARCH_MESSAGES.limit);
    return toSavedSearch(await q.insertSavedSearch(tx, { userId: member.id, ...body }));
  });
}

/** Renames, or switches alerts on or off; another member's search is not found (404). */
export async function updateSavedSearch(
  db: Database,
  member: Member,
  id: number,
  body: UpdateSavedSearchRequest,
): Promise<SavedSearch> {
  return db.transaction(async (tx) => {
    const row = await q.updateSavedSearch(tx, id, member.id, body);
    if (!row) throw new NotFoundError(SAVED_SEARCH_MESSAGES.notFound);
    if (body.alerts === false) await q.dropWaitingMatches(tx, id);
    return toSavedSearch(row);
  });
}

export async function deleteSavedSearch(db: Database, member: Member, id: number): Promise<void> {
  if (!(await q.deleteSavedSearch(db, id, member.id)))
    throw new NotFoundError(SAVED_SEARCH_MESSAGES.notFound);
}
