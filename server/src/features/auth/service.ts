import { deviceName } from '#common/device-name';
import { LIMITS } from '#common/limits';
import { TWO_FACTOR_MESSAGES } from '#common/schemas/admin';
import {
  COMMON_PASSWORD,
  INVALID_CREDENTIALS,
  type LoginRequest,
  type RegisterRequest,
} from '#common/schemas/auth';
import { type KnownDevice, newKnownDevice } from '#server/crypto/device-cookie.ts';
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
import type { NewSession, RequestMeta, SigningInBrowser } from '#server/http/request-auth.ts';
import { countRecentMail, enqueueMail } from '#server/mail/outbox.ts';
import { TOO_MANY_REQUESTS } from '#server/plugins/rate-limit.ts';
import { sendEmailLink } from './email-links.ts';
import { countEmailLinksSince, invalidateEmailLinks, lockAccountEmail } from './email-queries.ts';
import { noAccountMail, PASSWORD_RESET_MAIL_KIND, resetLinkMail } from './password-reset-mail.ts';
import { decoyPasswordHash, hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';
import { verifyCurrentPassword } from './proofs.ts';
import * as q from './queries.ts';
import { offerRestore } from './restore-offer.ts';
import { securityNotice, securityNoticeFor } from './security-notices.ts';
import { deleteMemberSessionsExcept, deleteSessionByTokenHash } from './session-queries.ts';
import { insertChallenge } from './two-factor-queries.ts';

export interface LoginPolicy {
  /** Failed logins for one account from one network before that network is refused for it. */
  failuresPerAccount: number;
  /** Failed logins from one network, any account, before it is refused. */
  failuresPerNetwork: number;
  /**
   * Failed logins for one account from all networks together before it is refused to every
   * browser but those known to it (a botnet gets this many guesses per window, not 5 per address).
   */
  failuresPerAccountEverywhere: number;
  /** Failed logins from one known browser before it, too, is held to the account's cap. */
  failuresPerKnownDevice: number;
  windowMinutes: number;
}

const BROWSER_SESSION_HOURS = 24;
const RESET_TOKEN_MINUTES = 60;
/** How long a right password waits for its two-factor code. */
const TWO_FACTOR_CHALLENGE_MINUTES = 10;
/** lastUsedAt is for the security page, not an audit trail: one write per five minutes is plenty. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

export const UNIQUE_VIOLATION = '23505';

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

/**
 * The sign-up's last validation, run before the sign-up limit counts the attempt (ADR 027): a
 * refusal by validation does not count, only an accepted or duplicate sign-up does.
 */
export function assertSignUpPasswordAllowed(input: Pick<RegisterRequest, 'password'>): void {
  assertNotCommon(input.password, 'password');
}

export async function createSession(
  db: Parameters<typeof q.insertSession>[0],
  userId: number,
  persistent: boolean,
  meta: RequestMeta,
  secondFactor: q.SecondFactor | null = null,
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
    secondFactor,
  });
  return { token, expiresAt, persistent };
}

export interface StartedSession {
  /** The signed-in user, as the client reads it. */
  user: Awaited<ReturnType<typeof requireAuthUser>>;
  session: NewSession;
  /** The session the browser held before, now ended (its sockets are closed by the route). */
  endedSessionId: number | null;
  /** What the browser's known-device cookie holds for this account from now on. */
  device: KnownDevice;
  /** The browser had not signed in to this account before. */
  newDevice: boolean;
}

/**
 * Signs a browser in: ends the session it already had, so a session planted in it before (or one
 * someone else left in a shared browser) does not live on beside the new one, and starts a new
 * session. A browser new to the account is remembered from now on, and the owner is told of it by
 * email: in the same transaction, so the notice goes exactly when the session exists.
 */
export async function startSession(
  db: Database,
  userId: number,
  persistent: boolean,
  meta: RequestMeta,
  browser: SigningInBrowser,
  {
    secondFactor = null,
    newDeviceNotice = true,
  }: {
    secondFactor?: q.SecondFactor | null;
    /** Off for the sign-in that creates the account: there is no device it could be new to. */
    newDeviceNotice?: boolean;
  } = {},
): Promise<StartedSession> {
  const known = browser.knownDevices.find((device) => device.userId === userId);
  const previousToken = browser.sessionToken;
  return db.transaction(async (tx) => {
    const ended = previousToken ? await deleteSessionByTokenHash(tx, hashToken(previousToken)) : undefined;
    const session = await createSession(tx, userId, persistent, meta, secondFactor);
    const user = await requireAuthUser(tx, userId);
    if (!known && newDeviceNotice) {
      await securityNotice(tx, user, 'new_device', { device: deviceName(meta.userAgent).name, ip: meta.ip });
    }
    return {
      user,
      session,
      endedSessionId: ended?.id ?? null,
      device: known ?? newKnownDevice(userId),
      newDevice: known === undefined,
    };
  });
}

export async function resolveSession(db: Database, token: string) {
  const session = await q.findLiveSession(db, hashToken(token));
  if (!session) return null;
  if (Date.now() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) await q.touchSession(db, session.id);
  return session;
}

export async function register(
  db: Database,
  input: RegisterRequest,
  meta: RequestMeta,
  browser: SigningInBrowser,
  publicUrl: URL,
) {
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
  const email = input.email.toLowerCase();
  const created = await db
    .transaction(async (tx) => {
      const user = await q.insertUser(tx, { username: input.username, email, passwordHash });
      if (!user) throw new Error('insert returned no user');
      // The address is unproven until the link mailed to it is opened (email-verification.ts).
      await sendEmailLink(tx, {
        userId: user.id,
        username: input.username,
        email,
        reason: 'sign_up',
        publicUrl,
      });
      return user;
    })
    .catch((error: unknown) => {
      // Two sign-ups racing for one name: the unique index decides, and the loser hears why.
      if (causeCode(error) === UNIQUE_VIOLATION) {
        throw new ConflictError('That username or email is already taken', {
          username: 'That username is taken',
        });
      }
      throw error;
    });
  await recordSecurityEvent(db, meta, { type: 'register', userId: created.id });
  return startSession(db, created.id, false, meta, browser, { newDeviceNotice: false });
}

export async function login(
  db: Database,
  input: LoginRequest,
  meta: RequestMeta,
  policy: LoginPolicy,
  browser: SigningInBrowser,
) {
  const subject = input.username.toLowerCase();
  const account = await q.findCredentialsByLogin(db, input.username);
  const device = account && browser.knownDevices.find((known) => known.userId === account.id);
  // The log keeps the nonce's hash: a reader of the log learns nothing a cookie could be made from.
  const deviceHash = device ? hashToken(device.nonce) : null;
  const failures = await q.countLoginFailures(
    db,
    { subject, ipPrefix: meta.ipPrefix, userId: account?.id ?? null, deviceHash },
    new Date(Date.now() - policy.windowMinutes * 60_000),
    policy.failuresPerAccountEverywhere,
  );
  if (failures.forAccount >= policy.failuresPerAccount || failures.forNetwork >= policy.failuresPerNetwork) {
    await recordSecurityEvent(db, meta, {
      type: 'rate_limited',
      subject,
      detail: { route: 'login', forAccount: failures.forAccount, forNetwork: failures.forNetwork },
    });
    throw new TooManyRequestsError(
      `Too many failed sign-in attempts. Please wait ${policy.windowMinutes} minutes or reset your password.`,
      undefined,
      policy.windowMinutes * 60,
    );
  }
  await assertAccountNotCapped(db, meta, policy, failures, {
    subject,
    userId: account?.id ?? null,
    knownDevice: deviceHash !== null,
  });
  const valid = account?.passwordHash
    ? await verifyPassword(input.password, account.passwordHash)
    : await verifyPassword(input.password, await decoyPasswordHash()).then(() => false);
  if (!account || !valid) {
    await recordSecurityEvent(db, meta, {
      type: 'login_failure',
      subject,
      userId: account?.id ?? null,
      ...(deviceHash ? { detail: { device: deviceHash } } : {}),
    });
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
  // Deleted by its member and not erased yet: "Restore my account" instead of a session (ADR 026).
  if (account.deleted) {
    await recordSecurityEvent(db, meta, { type: 'account_restore_offered', userId: account.id });
    return { restore: await offerRestore(db, account, input.rememberMe === true) } as const;
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
  const started = await startSession(db, account.id, input.rememberMe === true, meta, browser);
  await recordSecurityEvent(db, meta, {
    type: 'login_success',
    userId: account.id,
    detail: { newDevice: started.newDevice },
  });
  return { ...started, twoFactor: null };
}

/**
 * The cap on one account's failed logins from every network (OWASP's device-cookie pattern): once
 * reached, only a browser that has signed in to the account before may go on trying, so an
 * attacker spreading guesses over many addresses cannot lock the owner out of their own browsers.
 * A known browser that fails too often itself is held to the cap like any other.
 */
async function assertAccountNotCapped(
  db: Database,
  meta: RequestMeta,
  policy: LoginPolicy,
  failures: { accountCapReachedAt: Date | null; fromDevice: number },
  account: { subject: string; userId: number | null; knownDevice: boolean },
) {
  const cappedAt = failures.accountCapReachedAt;
  if (!cappedAt) return;
  if (account.knownDevice && failures.fromDevice < policy.failuresPerKnownDevice) return;
  await recordSecurityEvent(db, meta, {
    type: 'rate_limited',
    subject: account.subject,
    userId: account.userId,
    detail: { route: 'login', cap: 'account', knownDevice: account.knownDevice },
  });
  // Open again when the oldest failure that keeps the count at the cap leaves the window.
  const reopensAt = cappedAt.getTime() + policy.windowMinutes * 60_000;
  throw new TooManyRequestsError(TOO_MANY_REQUESTS, undefined, (reopensAt - Date.now()) / 1000);
}

export async function logout(db: Database, sessionId: number, userId: number, meta: RequestMeta) {
  await q.deleteSession(db, sessionId);
  await recordSecurityEvent(db, meta, { type: 'logout', userId });
}

export async function requireAuthUser(db: Parameters<typeof q.findAuthUser>[0], userId: number) {
  const user = await q.findAuthUser(db, userId);
  if (!user) throw new NotFoundError('User not found');
  return user;
}

/** Reset mails one address may receive in an hour, whether or not an account uses it. */
export const RESET_MAILS_PER_HOUR = 3;

/**
 * The same work for every address (ADR 005): one transaction looks the address up, counts this
 * hour's reset mails to it and queues one mail in the outbox: for an account, a one-time link; for
 * any other address, a mail saying that no account uses it. Nothing waits on SMTP. Past the hourly
 * cap neither path queues anything, so CrewBase cannot be made to flood a mailbox.
 */
export async function requestPasswordReset(db: Database, email: string, publicUrl: URL, meta: RequestMeta) {
  const token = randomToken();
  const link = new URL(`/reset-password?token=${encodeURIComponent(token)}`, publicUrl).href;
  const accountId = await db.transaction(async (tx) => {
    const account = await q.findUserByEmail(tx, email);
    const sent = await countRecentMail(tx, email, PASSWORD_RESET_MAIL_KIND, 3600);
    if (sent >= RESET_MAILS_PER_HOUR) return account?.id ?? null;
    if (account) {
      await q.invalidateResetTokens(tx, account.id);
      await q.insertResetToken(tx, {
        tokenHash: hashToken(token),
        userId: account.id,
        expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
      });
    }
    // To the address the account holds, not the one typed: the two only match case-insensitively.
    const mail = account
      ? { to: account.email, ...(await resetLinkMail(link, publicUrl)) }
      : { to: email, ...(await noAccountMail(email, publicUrl)) };
    await enqueueMail(tx, { ...mail, kind: PASSWORD_RESET_MAIL_KIND });
    return account?.id ?? null;
  });
  await recordSecurityEvent(db, meta, {
    type: 'password_reset_requested',
    userId: accountId,
    subject: email.toLowerCase(),
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
    await deleteMemberSessionsExcept(tx, consumed.userId, null);
    return consumed.userId;
  });
  if (userId === null) throw new BadRequestError(RESET_LINK_INVALID);
  await recordSecurityEvent(db, meta, { type: 'password_reset_done', userId });
}

export async function changePassword(
  db: Database,
  userId: number,
  sessionId: number,
  input: { currentPassword: string; newPassword: string },
  meta: RequestMeta,
) {
  await verifyCurrentPassword(db, userId, input.currentPassword, meta);
  assertNotCommon(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await q.updateUserPassword(tx, userId, passwordHash);
    await deleteMemberSessionsExcept(tx, userId, sessionId);
    await securityNoticeFor(tx, userId, 'password_changed');
  });
  await recordSecurityEvent(db, meta, { type: 'password_changed', userId });
}

/** Links to a new address one member may ask for in an hour: CrewBase is not a way to mail strangers. */
export const EMAIL_CHANGES_PER_HOUR = 5;
export const EMAIL_ALREADY_YOURS = 'That is already your email';

/**
 * Asks to change the account's address: nothing changes until the link mailed to the new address is
 * opened (email-verification.ts verifyEmail), which also tells the old address. Answers the user as
 * it is, with the address waiting for its link.
 */
export async function changeEmail(
  db: Database,
  userId: number,
  input: { currentPassword: string; email: string },
  meta: RequestMeta,
  publicUrl: URL,
) {
  await verifyCurrentPassword(db, userId, input.currentPassword, meta);
  const email = input.email.toLowerCase();
  const owner = await q.findUserByEmail(db, email);
  if (owner && owner.id !== userId) {
    throw new ConflictError('An account already uses that email', {
      email: 'An account already uses that email',
    });
  }
  if (owner) throw new BadRequestError(EMAIL_ALREADY_YOURS, { email: EMAIL_ALREADY_YOURS });
  await db.transaction(async (tx) => {
    const account = await lockAccountEmail(tx, userId);
    if (!account) throw new NotFoundError('User not found');
    const since = new Date(Date.now() - 3_600_000);
    if ((await countEmailLinksSince(tx, userId, 'change', since)) >= EMAIL_CHANGES_PER_HOUR) {
      throw new TooManyRequestsError(
        `You have asked to change your email ${EMAIL_CHANGES_PER_HOUR} times in the last hour. Please try again later.`,
        undefined,
        3600,
      );
    }
    // One new address waits at a time: the link of an earlier request stops working.
    await invalidateEmailLinks(tx, userId, 'change');
    await sendEmailLink(tx, { userId, username: account.username, email, reason: 'change', publicUrl });
  });
  await recordSecurityEvent(db, meta, { type: 'email_change_requested', userId });
  return { ...(await requireAuthUser(db, userId)), pendingEmail: email };
}

export function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    if ('code' in current && typeof current.code === 'string') return current.code;
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}
