import { count, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { users } from '#server/db/schema/index.ts';
import { insertDemoAccount } from '#server/db/seed/demo-account.ts';
import { DEMO_CREW_COUNT } from '#server/db/seed/demo-crew.ts';
import { insertDemoCrew } from '#server/db/seed/insert-crew.ts';
import { loadRoleCatalogue } from '#server/features/roles/index.ts';

/** Brings a database up to date: migrations, then the role catalogue (idempotent). */
export async function prepareDatabase(db: Database): Promise<void> {
  await runMigrations(db);
  await loadRoleCatalogue(db);
}

/** Loads the demo crew into an empty database so a newcomer sees a living site. */
export async function seedDemoDataIfEmpty(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users);
  if ((row?.total ?? 0) > 0) return 0;
  const inserted = await insertDemoCrew(db, DEMO_CREW_COUNT, 0);
  await insertDemoAccount(db);
  // Statistics now rather than at autovacuum's next pass: search totals past the exact-count
  // bound are the planner's estimates.
  await db.execute(sql`analyze`);
  return inserted;
}
