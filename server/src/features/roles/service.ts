import { ROLE_CATALOGUE } from '#common/roles';
import type { Role, RoleCrewCounts } from '#common/schemas/roles';
import type { Database } from '../../db/client.ts';
import { countCrewPerRole, listRoles, upsertRoleCatalogue } from './queries.ts';

/**
 * The catalogue changes only when a server starts (loadRoleCatalogue), so each process keeps the
 * list it loaded; /api/roles is on every page's critical path and needs no database round trip.
 */
const catalogueCache = new WeakMap<Database, Promise<Role[]>>();

export function getRoles(db: Database): Promise<Role[]> {
  let cached = catalogueCache.get(db);
  if (!cached) {
    cached = listRoles(db);
    cached.catch(() => catalogueCache.delete(db));
    catalogueCache.set(db, cached);
  }
  return cached;
}

export async function getCrewCounts(db: Database): Promise<RoleCrewCounts> {
  const rows = await countCrewPerRole(db);
  return { counts: Object.fromEntries(rows.map((row) => [String(row.roleId), row.crew])) };
}

export async function loadRoleCatalogue(db: Database): Promise<void> {
  await upsertRoleCatalogue(db, ROLE_CATALOGUE);
  catalogueCache.delete(db);
}
