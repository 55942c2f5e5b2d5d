import { ROLE_CATALOGUE } from '#common/roles';
import { type RoleCrewCounts, roleListResponse } from '#common/schemas/roles';
import type { Database } from '../../db/client.ts';
import { type Precompressed, precompressJson } from '../../http/precompressed.ts';
import { countCrewPerRole, listRoles, upsertRoleCatalogue } from './queries.ts';

/**
 * The catalogue changes only when a server starts (loadRoleCatalogue), so each process keeps the
 * list it loaded; /api/roles is on every page's critical path and needs no database round trip.
 */
const catalogueCache = new WeakMap<Database, Promise<Precompressed>>();

/** The catalogue as the JSON body of GET /api/roles, in each encoding. */
export function getRolesBody(db: Database): Promise<Precompressed> {
  let cached = catalogueCache.get(db);
  if (!cached) {
    // Checked against the response schema, serialised and compressed once: each request sends the same bytes.
    cached = listRoles(db).then((rows) => precompressJson(roleListResponse.parse(rows)));
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
