import type { BrowseCrewQuery, BrowseCrewResponse } from '#common/schemas/crew';
import type { Database } from '../../db/client.ts';
import { NotFoundError } from '../../errors.ts';
import { getRolesById } from '../roles/service.ts';
import { search } from '../search/service.ts';

/** A role's crew, best rated first: the search index answers it, with the same cards as search. */
export async function browseCrew(db: Database, query: BrowseCrewQuery): Promise<BrowseCrewResponse> {
  const role = (await getRolesById(db)).get(query.role);
  if (!role) throw new NotFoundError('Role not found');
  const found = await search(
    db,
    { role: [role.id], sort: 'rating', page: query.page, limit: query.limit },
    false,
  );
  const crew = found.results.map(
    ({ id, username, displayName, location, profileImage, roles, ratingAverage, ratingCount }) => ({
      id,
      username,
      displayName,
      location,
      profileImage,
      roles,
      ratingAverage,
      ratingCount,
    }),
  );
  return { role, crew, total: found.total, page: query.page, pageSize: query.limit };
}
