import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { loginChallenges, recoveryCodes, securityEvents, sessions, users } from '#server/db/schema/index.ts';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export function findTotp(db: Executor, userId: number) {
  return db
    .select({
      username: users.username,
      secret: users.totpSecret,
      enabledAt: users.totpEnabledAt,
      suspended: sql<boolean>`${users.suspendedAt} is not null`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .then((rows) => rows[0]);
}

export function setPendingSecret(db: Executor, userId: number, secret: string) {
  return db
    .update(users)
    .set({ totpSecret: secret })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)));
}

export function enableTotp(db: Executor, userId: number) {
  return db.update(users).set({ totpEnabledAt: sql`now()` }).where(eq(users.id, userId));
}

/**
 * Takes a code's time step as used, if no code of that step or a later one was: true when taken.
 * One UPDATE, so two requests with the same code at once cannot both pass.
 */
export async function claimTotpStep(db: Executor, userId: number, step: number): Promise<boolean> {
  const claimed = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), sql`(${users.totpLastStep} is null or ${users.totpLastStep} < ${step})`))
    .returning({ id: users.id });
  return claimed.length > 0;
}

export async function disableTotp(db: Executor, userId: number) {
  await db
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.id, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function replaceRecoveryCodes(db: Executor, userId: number, hashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks an unused recovery code used, in one statement, so a code can never work twice. */
export function consumeRecoveryCode(db: Executor, userId: number, codeHash: string) {
  return db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id })
    .then((rows) => rows.length > 0);
}

export function countUnusedRecoveryCodes(db: Executor, userId: number) {
  return db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .then((rows) => rows[0]?.n ?? 0);
}

export function insertChallenge(
  db: Executor,
  values: { tokenHash: string; userId: number; rememberMe: boolean; expiresAt: Date },
) {
  return db.insert(loginChallenges).values(values);
}

export function findChallenge(db: Executor, tokenHash: string) {
  return db
    .select({
      id: loginChallenges.id,
      userId: loginChallenges.userId,
      rememberMe: loginChallenges.rememberMe,
    })
    .from(loginChallenges)
    .where(and(eq(loginChallenges.tokenHash, tokenHash), gt(loginChallenges.expiresAt, sql`now()`)))
    .then((rows) => rows[0]);
}

export function deleteChallenge(db: Executor, id: number) {
  return db.delete(loginChallenges).where(eq(loginChallenges.id, id));
}

/** Wrong codes for this account since `since`, wherever they were typed. */
export function countTwoFactorFailures(db: Executor, userId: number, since: Date) {
  return db
    .select({ n: count() })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.type, 'two_factor_failure'),
        eq(securityEvents.userId, userId),
        gt(securityEvents.createdAt, since),
      ),
    )
    .then((rows) => rows[0]?.n ?? 0);
}

export function markReauthenticated(db: Executor, sessionId: number) {
  return db.update(sessions).set({ reauthenticatedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}
