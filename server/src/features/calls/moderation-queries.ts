import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { callReports, crewCalls } from '#server/db/schema/index.ts';

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

/** The new report, or undefined when this member already reported this call (the unique index). */
export function insertCallReport(tx: Executor, callId: number, reporterId: number, reason: string) {
  return tx
    .insert(callReports)
    .values({ callId, reporterId, reason })
    .onConflictDoNothing()
    .returning({ callId: callReports.callId, createdAt: callReports.createdAt })
    .then((rows) => rows[0]);
}

/**
 * Hides a call (staff) or shows it again; answers its owner and whether anything changed, or
 * undefined for an unknown call. The row is locked first, so two staff decisions queue up.
 */
export async function setCallHiddenRow(tx: Executor, callId: number, hidden: boolean, actorId: number) {
  const [row] = await tx
    .select({ ownerId: crewCalls.ownerId, hiddenAt: crewCalls.hiddenAt })
    .from(crewCalls)
    .where(eq(crewCalls.id, callId))
    .for('update');
  if (!row) return undefined;
  const changed = (row.hiddenAt !== null) !== hidden;
  if (changed)
    await tx
      .update(crewCalls)
      .set(
        hidden
          ? { hiddenAt: sql`now()`, hiddenBy: actorId, updatedAt: sql`now()` }
          : { hiddenAt: null, hiddenBy: null, updatedAt: sql`now()` },
      )
      .where(eq(crewCalls.id, callId));
  return { ownerId: row.ownerId, changed };
}
