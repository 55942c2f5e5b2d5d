import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';

/** The cheapest statement that proves the database answers. */
export function ping(db: Pick<Database, 'execute'>) {
  return db.execute(sql`select 1`);
}
