import { and, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import { isPremiumSql } from '#server/access/premium-queries.ts';
import type { Database } from '#server/db/client.ts';
import {
  oauthAccounts,
  passwordResetTokens,
  type SecondFactor,
  type SecurityEventType,
  securityEvents,
  sessions,
  users,
} from '#server/db/schema/index.ts';

export type { SecondFactor };

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

// "users"."id" spelled out: in a one-table select Drizzle writes ${users.id} as a bare "id",
// which inside this subquery would mean the subscription's id.
const isSubscribed = isPremiumSql(sql`"users"."id"`);

/** The columns of the user object the client reads (common/src/schemas/auth.ts authUser). */
export const authUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  displayName: users.displayName,
  fallbackName: users.fallbackName,
  profileImage: users.profileImage,
  role: users.role,
  isSubscribed,
  twoFactorEnabled: sql<boolean>`${users.totpEnabledAt} is not null`,
  emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
};

export function findAuthUser(db: Executor, userId: number) {
  return db
    .select(authUserColumns)
    .from(users)
    .where(eq(users.id, userId))
    .then((rows) => rows[0]);
}

export function findCredentialsByLogin(db: Executor, login: string) {
  const lowered = login.toLowerCase();
  return db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      suspended: sql<boolean>`${users.suspendedAt} is not null`,
      twoFactorEnabled: sql<boolean>`${users.totpEnabledAt} is not null`,
      deleted: sql<boolean>`${users.deletedAt} is not null`,
    })
    .from(users)
    .where(or(sql`lower(${users.username}) = ${lowered}`, sql`lower(${users.email}) = ${lowered}`))
    .then((rows) => rows[0]);
}

export function findCredentialsById(db: Executor, userId: number) {
  return db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      suspended: sql<boolean>`${users.suspendedAt} is not null`,
      twoFactorEnabled: sql<boolean>`${users.totpEnabledAt} is not null`,
      deleted: sql<boolean>`${users.deletedAt} is not null`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .then((rows) => rows[0]);
}

export function findUserByEmail(db: Executor, email: string) {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .then((rows) => rows[0]);
}

export function usernameTaken(db: Executor, username: string) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .then((rows) => rows.length > 0);
}

export function insertUser(
  db: Executor,
  values: {
    username: string;
    email: string;
    passwordHash: string | null;
    displayName?: string | null;
    emailVerifiedAt?: Date | null;
  },
) {
  return db
    .insert(users)
    .values(values)
    .returning({ id: users.id })
    .then((rows) => rows[0]);
}

export function updateUserPassword(db: Executor, userId: number, passwordHash: string) {
  return db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

export function insertSession(
  db: Executor,
  values: {
    tokenHash: string;
    userId: number;
    persistent: boolean;
    expiresAt: Date;
    ip: string;
    userAgent: string | null;
    secondFactor: SecondFactor | null;
  },
) {
  return db.insert(sessions).values(values);
}

/** The session a cookie names, if it has not expired, with its user. */
export function findLiveSession(db: Executor, tokenHash: string) {
  return (
    db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        persistent: sessions.persistent,
        expiresAt: sessions.expiresAt,
        lastUsedAt: sessions.lastUsedAt,
        reauthenticatedAt: sessions.reauthenticatedAt,
        secondFactor: sessions.secondFactor,
        user: authUserColumns,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      // A suspended or deleted member's sessions are deleted with it; this keeps any straggler out.
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          gt(sessions.expiresAt, sql`now()`),
          isNull(users.suspendedAt),
          isNull(users.deletedAt),
        ),
      )
      .then((rows) => rows[0])
  );
}

export function touchSession(db: Executor, sessionId: number) {
  return db.update(sessions).set({ lastUsedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

export function deleteSession(db: Executor, sessionId: number) {
  return db.delete(sessions).where(eq(sessions.id, sessionId));
}

export function insertResetToken(
  db: Executor,
  values: { tokenHash: string; userId: number; expiresAt: Date },
) {
  return db.insert(passwordResetTokens).values(values);
}

/** Marks the token used and answers its user, in one statement, so a link can never be used twice. */
export function consumeResetToken(db: Executor, tokenHash: string) {
  return db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResetTokens.userId })
    .then((rows) => rows[0]);
}

export function invalidateResetTokens(db: Executor, userId: number) {
  return db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export function insertSecurityEvent(
  db: Executor,
  event: {
    type: SecurityEventType;
    userId?: number | null;
    subject?: string | null;
    ip?: string | null;
    ipPrefix?: string | null;
    userAgent?: string | null;
    detail?: Record<string, unknown>;
  },
) {
  return db.insert(securityEvents).values(event);
}

/**
 * Failed logins since `since` that the login throttles count, in one statement:
 * - `forAccount`: what was typed, from this network; `forNetwork`: any account, from this network;
 * - `accountCapReachedAt`: when one account's failures from every network reached `accountCap`
 *   (the time of the `accountCap`-th newest), or null below it. Counted by what was typed and, for
 *   an account that exists, by the account too, so its username and email share one cap;
 * - `fromDevice`: the account's failures from the browser whose known-device nonce hashes to
 *   `deviceHash`.
 */
export async function countLoginFailures(
  db: Executor,
  who: { subject: string; ipPrefix: string; userId: number | null; deviceHash: string | null },
  since: Date,
  accountCap: number,
) {
  const sameSubject = eq(securityEvents.subject, who.subject);
  const sameNetwork = eq(securityEvents.ipPrefix, who.ipPrefix);
  const sameAccount =
    who.userId === null ? sameSubject : or(sameSubject, eq(securityEvents.userId, who.userId));
  const sameDevice =
    who.userId === null || who.deviceHash === null
      ? sql`false`
      : and(
          eq(securityEvents.userId, who.userId),
          sql`${securityEvents.detail}->>'device' = ${who.deviceHash}`,
        );
  const counted = (where: SQL | undefined) => sql<number>`count(*) filter (where ${where})`.mapWith(Number);
  const [row] = await db
    .select({
      forAccount: counted(and(sameSubject, sameNetwork)),
      forNetwork: counted(sameNetwork),
      accountCapReachedAt:
        sql<Date | null>`(array_agg(${securityEvents.createdAt} order by ${securityEvents.createdAt} desc) filter (where ${sameAccount}))[${accountCap}::int]`.mapWith(
          securityEvents.createdAt,
        ),
      fromDevice: counted(sameDevice),
    })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.type, 'login_failure'),
        gt(securityEvents.createdAt, since),
        or(sameNetwork, sameAccount),
      ),
    );
  if (!row) throw new Error('an aggregate returned no row');
  return row;
}

export function findOAuthUser(
  db: Executor,
  provider: 'google' | 'facebook' | 'twitter',
  providerUserId: string,
) {
  return db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, providerUserId)))
    .then((rows) => rows[0]);
}

export function linkOAuthAccount(
  db: Executor,
  values: { provider: 'google' | 'facebook' | 'twitter'; providerUserId: string; userId: number },
) {
  return db.insert(oauthAccounts).values(values).onConflictDoNothing();
}
