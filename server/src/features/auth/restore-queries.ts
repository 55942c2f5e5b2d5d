import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { accountRestoreChallenges, users } from '#server/db/schema/index.ts';

type Executor = Pick<Database, 'select' | 'insert'>;

/** A restore token for an account scheduled for deletion (issue 33, ADR 026). */
export function insertRestoreChallenge(db: Executor, values: typeof accountRestoreChallenges.$inferInsert) {
  return db.insert(accountRestoreChallenges).values(values);
}

export function findEraseAfter(db: Executor, userId: number) {
  return db
    .select({ eraseAfter: users.eraseAfter })
    .from(users)
    .where(eq(users.id, userId))
    .then((rows) => rows[0]?.eraseAfter ?? null);
}
