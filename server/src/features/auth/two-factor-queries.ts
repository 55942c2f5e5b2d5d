import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  loginChallenges,
  recoveryCodes,
  type SecondFactor,
  sessions,
  users,
} from '#server/db/schema/index.ts';

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

/** Replaces a stored secret with its sealed form, unless it changed meanwhile: 1 when replaced. */
export async function replaceSecret(db: Executor, userId: number, stored: string, sealed: string) {
  const rows = await db
    .update(users)
    .set({ totpSecret: sealed })
    .where(and(eq(users.id, userId), eq(users.totpSecret, stored)))
    .returning({ id: users.id });
  return rows.length;
}

/** Secrets stored before sealing (a sealed one starts with its version, `v1.`). */
export function listUnsealedSecrets(db: Executor) {
  return db
    .select({ userId: users.id, secret: sql<string>`${users.totpSecret}` })
    .from(users)
    .where(and(isNotNull(users.totpSecret), sql`${users.totpSecret} not like 'v1.%'`));
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
  // The factor its sessions showed exists no more; one turned on later must be shown again.
  await db.update(sessions).set({ secondFactor: null }).where(eq(sessions.userId, userId));
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

/** The session proved itself just now; with a code, that is also its second factor. */
export function markReauthenticated(db: Executor, sessionId: number, secondFactor: SecondFactor | null) {
  return db
    .update(sessions)
    .set({ reauthenticatedAt: sql`now()`, ...(secondFactor ? { secondFactor } : {}) })
    .where(eq(sessions.id, sessionId));
}
