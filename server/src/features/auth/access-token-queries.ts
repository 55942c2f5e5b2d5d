import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AccessTokenScope } from '#common/access-tokens';
import type { Database } from '#server/db/client.ts';
import { personalAccessTokens, users } from '#server/db/schema/index.ts';
import { authUserColumns } from './queries.ts';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
export type AccessTokenRow = Omit<typeof personalAccessTokens.$inferSelect, 'tokenHash' | 'userId'>;

const listed = {
  id: personalAccessTokens.id,
  name: personalAccessTokens.name,
  scopes: personalAccessTokens.scopes,
  lastFour: personalAccessTokens.lastFour,
  createdAt: personalAccessTokens.createdAt,
  expiresAt: personalAccessTokens.expiresAt,
  lastUsedAt: personalAccessTokens.lastUsedAt,
};

/** A member's tokens, newest first; never the hash. */
export function listAccessTokens(db: Executor, userId: number): Promise<AccessTokenRow[]> {
  return db
    .select(listed)
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.userId, userId))
    .orderBy(desc(personalAccessTokens.id));
}

/**
 * Serialises a member's token creations, so that the count and the insert after it cannot
 * interleave with another request's: two creations at 9 make one 10th and one refusal, never 11.
 */
export async function lockMembersAccessTokens(tx: Executor, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('access-tokens'), ${userId})`);
}

export async function countAccessTokens(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.userId, userId));
  return row?.count ?? 0;
}

export async function insertAccessToken(
  db: Executor,
  values: {
    userId: number;
    name: string;
    scopes: AccessTokenScope[];
    tokenHash: string;
    lastFour: string;
    expiresAt: Date | null;
  },
): Promise<AccessTokenRow> {
  const [row] = await db.insert(personalAccessTokens).values(values).returning(listed);
  if (!row) throw new Error('insert returned no token');
  return row;
}

/** Revokes one of the member's tokens; answers it, or nothing when it is not theirs or is gone. */
export function deleteMemberAccessToken(db: Executor, userId: number, id: number) {
  return db
    .delete(personalAccessTokens)
    .where(and(eq(personalAccessTokens.id, id), eq(personalAccessTokens.userId, userId)))
    .returning({ id: personalAccessTokens.id, name: personalAccessTokens.name })
    .then((rows) => rows[0]);
}

/** Every token of the member goes (account deletion ends every way in, ADR 032): answers how many. */
export function deleteAllAccessTokens(db: Executor, userId: number) {
  return db
    .delete(personalAccessTokens)
    .where(eq(personalAccessTokens.userId, userId))
    .returning({ id: personalAccessTokens.id })
    .then((rows) => rows.length);
}

/**
 * The token a bearer credential's hash names, with its member, or nothing. Expired tokens are
 * answered (the caller says "expired" rather than "unknown"); a suspended or deleted member's are not.
 */
export function findAccessToken(db: Executor, tokenHash: string) {
  return db
    .select({
      id: personalAccessTokens.id,
      scopes: personalAccessTokens.scopes,
      expiresAt: personalAccessTokens.expiresAt,
      lastUsedAt: personalAccessTokens.lastUsedAt,
      user: authUserColumns,
    })
    .from(personalAccessTokens)
    .innerJoin(users, eq(users.id, personalAccessTokens.userId))
    .where(
      and(eq(personalAccessTokens.tokenHash, tokenHash), isNull(users.suspendedAt), isNull(users.deletedAt)),
    )
    .then((rows) => rows[0]);
}

/**
 * Records a use, at most once a minute per token: a conditional update, so of requests arriving
 * together only one writes (and only that one may log the day's first use). Answers whether it wrote.
 */
export function touchAccessToken(db: Executor, id: number): Promise<boolean> {
  return db
    .update(personalAccessTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(personalAccessTokens.id, id),
        or(
          isNull(personalAccessTokens.lastUsedAt),
          lt(personalAccessTokens.lastUsedAt, sql`now() - interval '1 minute'`),
        ),
      ),
    )
    .returning({ id: personalAccessTokens.id })
    .then((rows) => rows.length > 0);
}

export type FoundAccessToken = NonNullable<Awaited<ReturnType<typeof findAccessToken>>>;
