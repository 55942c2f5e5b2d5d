import { LIMITS } from '#common/limits';
import type { BrowseCrewQuery, BrowseCrewResponse } from '#common/schemas/crew';
import type { Database } from '#server/db/client.ts';
import { NotFoundError } from '#server/errors.ts';
import { getCrewCounts, getRolesById } from '#server/features/roles/index.ts';
import { search, toCrewCard } from '#server/features/search/index.ts';

/** A role's crew, best rated first: the search index answers it, with the same cards as search. */
export async function browseCrew(db: Database, query: BrowseCrewQuery): Promise<BrowseCrewResponse> {
  const role = (await getRolesById(db)).get(query.role);
  if (!role) throw new NotFoundError('Role not found');
  const { availableFrom, availableTo, minFreeDays } = query;
  const found = await search(
    db,
    {
      role: [role.id],
      sort: 'rating',
      page: query.page,
      limit: query.limit,
      ...(availableFrom ? { availableFrom, availableTo, minFreeDays } : {}),
    },
    false,
  );
  const crew = found.results.map(toCrewCard);
  // Past the exact count, search's total is an estimate; the role's own count (the number the
  // browse page shows beside the role) is exact, and at most a minute old. With dates, only the
  // estimate of those free is right.
  const total =
    found.totalIsCapped && !availableFrom
      ? Math.max(found.total, (await getCrewCounts(db)).counts[String(role.id)] ?? 0)
      : found.total;
  return {
    role,
    crew,
    total,
    page: query.page,
    pageSize: query.limit,
    pageCount: Math.max(1, Math.ceil(Math.min(total, LIMITS.searchMaxResults) / query.limit)),
  };
}
