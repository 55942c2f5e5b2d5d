import { ROLE_CATALOGUE } from '#common/roles';
import type { Role, RoleCrewCounts } from '#common/schemas/roles';
import type { Database } from '../../db/client.ts';
import { countCrewPerRole, listRoles, upsertRoleCatalogue } from './queries.ts';

export async function getRoles(db: Database): Promise<Role[]> {
  return listRoles(db);
}

export async function getCrewCounts(db: Database): Promise<RoleCrewCounts> {
  const rows = await countCrewPerRole(db);
  return { counts: Object.fromEntries(rows.map((row) => [String(row.roleId), row.crew])) };
}

export function loadRoleCatalogue(db: Database): Promise<void> {
  return upsertRoleCatalogue(db, ROLE_CATALOGUE);
}
