import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { blocks, connections } from '#server/db/schema/index.ts';

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
export type ConnectionRow = typeof connections.$inferSelect;

const between = (a: number, b: number) =>
  or(
    and(eq(connections.requesterId, a), eq(connections.addresseeId, b)),
    and(eq(connections.requesterId, b), eq(connections.addresseeId, a)),
  );

export function findPair(db: Executor, a: number, b: number, lock = false) {
  const query = db.select().from(connections).where(between(a, b));
  return (lock ? query.for('update') : query).then((rows) => rows[0]);
}

export function insertRequest(db: Executor, requesterId: number, addresseeId: number) {
  return db.insert(connections).values({ requesterId, addresseeId, status: 'pending' }).onConflictDoNothing();
}

export function setStatus(db: Executor, id: number, status: ConnectionRow['status']) {
  return db.update(connections).set({ status, respondedAt: sql`now()` }).where(eq(connections.id, id));
}

/** A fresh request in the other direction (the one who declined now asks). */
export function reverseRequest(db: Executor, id: number, requesterId: number, addresseeId: number) {
  return db
    .update(connections)
    .set({ requesterId, addresseeId, status: 'pending', createdAt: sql`now()`, respondedAt: null })
    .where(eq(connections.id, id));
}

/**
 * A block ends the pair's connection or pending request; a declined request is kept, so blocking
 * and unblocking does not wipe the decline. Answers the requests that were still pending.
 */
export async function deletePairUndeclined(db: Executor, a: number, b: number) {
  const rows = await db
    .delete(connections)
    .where(and(between(a, b), sql`${connections.status} <> 'declined'`))
    .returning({
      requesterId: connections.requesterId,
      addresseeId: connections.addresseeId,
      status: connections.status,
    });
  return rows.filter((row) => row.status === 'pending');
}

export function deleteById(db: Executor, id: number) {
  return db.delete(connections).where(eq(connections.id, id));
}

/** Accepted connections of `userId`, newest first: the other member and since when. */
export function listAccepted(db: Executor, userId: number) {
  return db
    .select({
      otherId: sql<number>`case when ${connections.requesterId} = ${userId} then ${connections.addresseeId} else ${connections.requesterId} end`,
      since: sql<Date>`coalesce(${connections.respondedAt}, ${connections.createdAt})`,
    })
    .from(connections)
    .where(
      and(
        eq(connections.status, 'accepted'),
        or(eq(connections.requesterId, userId), eq(connections.addresseeId, userId)),
      ),
    )
    .orderBy(desc(sql`coalesce(${connections.respondedAt}, ${connections.createdAt})`));
}

/** Requests waiting on `userId` (incoming), and the ones `userId` sent (a declined one still looks pending). */
export async function listRequests(db: Executor, userId: number) {
  const [incoming, outgoing] = await Promise.all([
    db
      .select({ otherId: connections.requesterId, since: connections.createdAt })
      .from(connections)
      .where(and(eq(connections.addresseeId, userId), eq(connections.status, 'pending')))
      .orderBy(desc(connections.createdAt)),
    db
      .select({ otherId: connections.addresseeId, since: connections.createdAt })
      .from(connections)
      .where(and(eq(connections.requesterId, userId), sql`${connections.status} in ('pending', 'declined')`))
      .orderBy(desc(connections.createdAt)),
  ]);
  return { incoming, outgoing };
}

export function insertBlock(db: Executor, blockerId: number, blockedId: number) {
  return db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export function deleteBlock(db: Executor, blockerId: number, blockedId: number) {
  return db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ blockerId: blocks.blockerId });
}
