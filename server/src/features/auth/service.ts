import { LIMITS } from '#common/limits';
import { TWO_FACTOR_MESSAGES } from '#common/schemas/admin';
import {
  COMMON_PASSWORD,
  INVALID_CREDENTIALS,
  type LoginRequest,
  type RegisterRequest,
} from '#common/schemas/auth';
import { hashToken, randomToken } from '#server/crypto/tokens.ts';
import type { Database } from '#server/db/client.ts';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
} from '#server/errors.ts';
import type { NewSession, RequestMeta } from '#server/http/request-auth.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { decoyPasswordHash, hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';
import * as q from './queries.ts';
import { insertChallenge } from './two-factor-queries.ts';

export interface LoginPolicy {
  /** Failed logins for one account from one network before that network is refused for it. */
  failuresPerAccount: number;
  /** Failed logins from one network, any account, before it is refused. */
  failuresPerNetwork: number;
  windowMinutes: number;
}

const BROWSER_SESSION_HOURS = 24;
const RESET_TOKEN_MINUTES = 60;
/** How long a right password waits for its two-factor code. */
const TWO_FACTOR_CHALLENGE_MINUTES = 10;
/** lastUsedAt is for the security page, not an audit trail: one write per five minutes is plenty. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

const UNIQUE_VIOLATION = '23505';

export function recordSecurityEvent(
  db: Database,
  meta: RequestMeta,
  event: Omit<Parameters<typeof q.insertSecurityEvent>[1], 'ip' | 'ipPrefix' | 'userAgent'>,
) {
  return q.insertSecurityEvent(db, {
    ...event,
    ip: meta.ip,
    ipPrefix: meta.ipPrefix,
    userAgent: meta.userAgent,
  });
}

function assertNotCommon(password: string, field: string) {
  if (isCommonPassword(password)) throw new BadRequestError(COMMON_PASSWORD, { [field]: COMMON_PASSWORD });
}

export async function createSession(
  db: Database,
  userId: number,
  persistent: boolean,
  meta: RequestMeta,
): Promise<NewSession> {
  const token = randomToken();
  const lifetimeMs = persistent ? LIMITS.rememberMeDays * 86_400_000 : BROWSER_SESSION_HOURS * 3_600_000;
  const expiresAt = new Date(Date.now() + lifetimeMs);
  await q.insertSession(db, {
    tokenHash: hashToken(token),
    userId,
    persistent,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
  return { token, expiresAt, persistent };
}

export async function resolveSession(db: Database, token: string) {
  const session = await q.findLiveSession(db, hashToken(token));
  if (!session) return null;
  if (Date.now() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) await q.touchSession(db, session.id);
  return session;
}

export async function register(db: Database, input: RegisterRequest, meta: RequestMeta) {
  assertNotCommon(input.password, 'password');
  if (await q.usernameTaken(db, input.username)) {
    throw new ConflictError('That username is taken', { username: 'That username is taken' });
  }
  if (await q.findUserByEmail(db, input.email)) {
    throw new ConflictError('An account already uses that email', {
      email: 'An account already uses that email',
    });
  }
  const passwordHash = await hashPassword(input.password);
  const created = await q
    .insertUser(db, { username: input.username, email: input.email.toLowerCase(), passwordHash })
    .catch((error: unknown) => {
      // Two sign-ups racing for one name: the unique index decides, and the loser hears why.
      if (causeCode(error) === UNIQUE_VIOLATION) {
        throw new ConflictError('That username or email is already taken', {
          username: 'That username is taken',
        });
      }
      throw error;
    });
  if (!created) throw new Error('insert returned no user');
  await recordSecurityEvent(db, meta, { type: 'register', userId: created.id });
  const session = await createSession(db, created.id, false, meta);
  return { user: await requireAuthUser(db, created.id), session };
}

export async function login(db: Database, input: LoginRequest, meta: RequestMeta, policy: LoginPolicy) {
  const subject = input.username.toLowerCase();
  const since = new Date(Date.now() - policy.windowMinutes * 60_000);
  const failures = await q.countRecentLoginFailures(db, subject, meta.ipPrefix, since);
  if (failures.forAccount >= policy.failuresPerAccount || failures.forNetwork >= policy.failuresPerNetwork) {
    await recordSecurityEvent(db, meta, {
      type: 'rate_limited',
      subject,
      detail: { route: 'login', ...failures },
    });
    throw new TooManyRequestsError(
      `Too many failed sign-in attempts. Please wait ${policy.windowMinutes} minutes or reset your password.`,
    );
  }
  const account = await q.findCredentialsByLogin(db, input.username);
  const valid = account?.passwordHash
    ? await verifyPassword(input.password, account.passwordHash)
    : await verifyPassword(input.password, await decoyPasswordHash()).then(() => false);
  if (!account || !valid) {
    await recordSecurityEvent(db, meta, { type: 'login_failure', subject, userId: account?.id ?? null });
    throw new UnauthorizedError(INVALID_CREDENTIALS);
  }
  // Only someone who knows the password learns that the account is suspended.
  if (account.suspended) {
    await recordSecurityEvent(db, meta, {
      type: 'login_failure',
      subject,
      userId: account.id,
      detail: { suspended: true },
    });
    throw new ForbiddenError(TWO_FACTOR_MESSAGES.accountSuspended);
  }
  if (account.twoFactorEnabled) {
    const token = randomToken();
    await insertChallenge(db, {
      tokenHash: hashToken(token),
      userId: account.id,
      rememberMe: input.rememberMe === true,
      expiresAt: new Date(Date.now() + TWO_FACTOR_CHALLENGE_MINUTES * 60_000),
    });
    return { twoFactor: { token } } as const;
  }
  await recordSecurityEvent(db, meta, { type: 'login_success', userId: account.id });
  const session = await createSession(db, account.id, input.rememberMe === true, meta);
  return { user: await requireAuthUser(db, account.id), session, twoFactor: null };
}

export async function logout(db: Database, sessionId: number, userId: number, meta: RequestMeta) {
  await q.deleteSession(db, sessionId);
  await recordSecurityEvent(db, meta, { type: 'logout', userId });
}

export async function requireAuthUser(db: Database, userId: number) {
  const user = await q.findAuthUser(db, userId);
  if (!user) throw new NotFoundError('User not found');
  return user;
}

export async function requestPasswordReset(
  db: Database,
  mailer: Mailer,
  email: string,
  publicUrl: URL,
  meta: RequestMeta,
) {
  const account = await q.findUserByEmail(db, email);
  await recordSecurityEvent(db, meta, {
    type: 'password_reset_requested',
    userId: account?.id ?? null,
    subject: email.toLowerCase(),
  });
  if (!account) return;
  const token = randomToken();
  await db.transaction(async (tx) => {
    await q.invalidateResetTokens(tx, account.id);
    await q.insertResetToken(tx, {
      tokenHash: hashToken(token),
      userId: account.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
    });
  });
  const link = new URL(`/reset-password?token=${encodeURIComponent(token)}`, publicUrl).href;
  await mailer.send({
    to: email,
    subject: 'Reset your CrewBase password',
    text: `Someone asked to reset the password of your CrewBase account.\n\nChoose a new password here (the link works once, for 1 hour):\n${link}\n\nIf it wasn't you, ignore this email: your password stays as it is.\n`,
    html: `<p>Someone asked to reset the password of your CrewBase account.</p><p><a href="${link}">Choose a new password</a> (the link works once, for 1 hour).</p><p>If it wasn't you, ignore this email: your password stays as it is.</p>`,
  });
}

export const RESET_LINK_INVALID = 'This reset link is invalid or has expired. Ask for a new one.';

export async function confirmPasswordReset(db: Database, token: string, password: string, meta: RequestMeta) {
  assertNotCommon(password, 'password');
  const passwordHash = await hashPassword(password);
  const userId = await db.transaction(async (tx) => {
    const consumed = await q.consumeResetToken(tx, hashToken(token));
    if (!consumed) return null;
    await q.updateUserPassword(tx, consumed.userId, passwordHash);
    await q.deleteOtherSessions(tx, consumed.userId, null);
    return consumed.userId;
  });
  if (userId === null) throw new BadRequestError(RESET_LINK_INVALID);
  await recordSecurityEvent(db, meta, { type: 'password_reset_done', userId });
}

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct';

async function assertCurrentPassword(db: Database, userId: number, currentPassword: string) {
  const account = await q.findCredentialsById(db, userId);
  if (!account?.passwordHash || !(await verifyPassword(currentPassword, account.passwordHash))) {
    throw new BadRequestError(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  }
}

export async function changePassword(
  db: Database,
  userId: number,
  sessionId: number,
  input: { currentPassword: string; newPassword: string },
  meta: RequestMeta,
) {
  await assertCurrentPassword(db, userId, input.currentPassword);
  assertNotCommon(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await q.updateUserPassword(tx, userId, passwordHash);
    await q.deleteOtherSessions(tx, userId, sessionId);
  });
  await recordSecurityEvent(db, meta, { type: 'password_changed', userId });
}

export async function changeEmail(
  db: Database,
  userId: number,
  input: { currentPassword: string; email: string },
  meta: RequestMeta,
) {
  await assertCurrentPassword(db, userId, input.currentPassword);
  const owner = await q.findUserByEmail(db, input.email);
  if (owner && owner.id !== userId) {
    throw new ConflictError('An account already uses that email', {
      email: 'An account already uses that email',
    });
  }
  await q.updateUserEmail(db, userId, input.email.toLowerCase());
  await recordSecurityEvent(db, meta, { type: 'email_changed', userId });
  return requireAuthUser(db, userId);
}

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    if ('code' in current && typeof current.code === 'string') return current.code;
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}
