import { ROLE_CATALOGUE } from '#common/roles';
import { type Role, type RoleCrewCounts, roleListResponse } from '#common/schemas/roles';
import type { Database } from '#server/db/client.ts';
import { rememberPerDatabase } from '#server/db/remember.ts';
import { type Precompressed, precompressJson } from '#server/http/precompressed.ts';
import { countCrewPerRole, listRoles, upsertRoleCatalogue } from './queries.ts';

/**
 * The catalogue changes only when a server starts (loadRoleCatalogue), so each process keeps the
 * list it loaded; /api/roles is on every page's critical path and needs no database round trip.
 */
const catalogueCache = new WeakMap<
  Database,
  { roles: Promise<Role[]>; byId: Promise<Map<number, Role>>; body: Promise<Precompressed> }
>();

function cachedCatalogue(db: Database) {
  let cached = catalogueCache.get(db);
  if (!cached) {
    // Checked against the response schema once; the body is serialised and compressed once too.
    const roles = listRoles(db).then((rows) => roleListResponse.parse(rows));
    cached = {
      roles,
      byId: roles.then((list) => new Map(list.map((role) => [role.id, role]))),
      body: roles.then(precompressJson),
    };
    roles.catch(() => catalogueCache.delete(db));
    // Whoever awaits the list or the body gets the error; the one nobody awaited (only the body, for
    // GET /api/roles) must not end the process as an unhandled rejection.
    for (const derived of [cached.byId, cached.body]) derived.catch(() => undefined);
    catalogueCache.set(db, cached);
  }
  return cached;
}

/** The catalogue as the JSON body of GET /api/roles, in each encoding. */
export function getRolesBody(db: Database): Promise<Precompressed> {
  return cachedCatalogue(db).body;
}

/** The catalogue by id, for features that store role ids and answer role names. */
export function getRolesById(db: Database): Promise<Map<number, Role>> {
  return cachedCatalogue(db).byId;
}

/**
 * Crew per role. Counting means reading every role link (two million at a million crew), so each
 * process keeps the answer for a minute, the time the browse page lets browsers keep it too.
 */
export const getCrewCounts = rememberPerDatabase(60_000, async (db): Promise<RoleCrewCounts> => {
  const rows = await countCrewPerRole(db);
  return { counts: Object.fromEntries(rows.map((row) => [String(row.roleId), row.crew])) };
});

export async function loadRoleCatalogue(db: Database): Promise<void> {
  await upsertRoleCatalogue(db, ROLE_CATALOGUE);
  catalogueCache.delete(db);
}
