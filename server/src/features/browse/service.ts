import type { BrowseCrewQuery, BrowseCrewResponse } from '#common/schemas/crew';
import type { Database } from '../../db/client.ts';
import { NotFoundError } from '../../errors.ts';
import { findRole } from '../roles/queries.ts';
import { countCrewWithRole, listCrewWithRole, rolesOfUsers } from './queries.ts';

export async function browseCrew(db: Database, query: BrowseCrewQuery): Promise<BrowseCrewResponse> {
  const role = await findRole(db, query.role);
  if (!role) throw new NotFoundError('Role not found');
  const [people, total] = await Promise.all([
    listCrewWithRole(db, role.id, query.limit, (query.page - 1) * query.limit),
    countCrewWithRole(db, role.id),
  ]);
  const roleRows = await rolesOfUsers(
    db,
    people.map((person) => person.id),
  );
  const crew = people.map((person) => ({
    ...person,
    roles: roleRows
      .filter((row) => row.userId === person.id)
      .map(({ id, name, category }) => ({ id, name, category })),
  }));
  return { role, crew, total, page: query.page, pageSize: query.limit };
}
