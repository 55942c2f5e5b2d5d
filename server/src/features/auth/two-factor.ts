import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { type SecondFactorRequest, TWO_FACTOR_MESSAGES } from '#common/schemas/admin';
import { hashToken } from '#server/crypto/tokens.ts';
import type { Database } from '#server/db/client.ts';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
} from '#server/errors.ts';
import type { RequestMeta } from '#server/http/request-auth.ts';
import { verifyPassword } from './passwords.ts';
import * as q from './queries.ts';
import { createSession, recordSecurityEvent, requireAuthUser } from './service.ts';
import * as tq from './two-factor-queries.ts';

/**
 * Two-factor sign-in (RFC 6238 TOTP through `otpauth`, ADR 020): 30-second periods, 6 digits,
 * SHA-1 (what every authenticator app reads), one period of clock drift either way.
 */
const ISSUER = 'CrewBase';
const RECOVERY_CODE_COUNT = 10;
/** Wrong codes per account in this window before codes are refused altogether. */
export const TWO_FACTOR_FAILURE_LIMIT = 5;
const FAILURE_WINDOW_MINUTES = 15;

const totpFor = (username: string, secret: string) =>
  new TOTP({ issuer: ISSUER, label: username, secret: Secret.fromBase32(secret), digits: 6, period: 30 });

const PERIOD_SECONDS = 30;

/** The time step a code belongs to (one step of drift either way), or null when it is wrong. */
function totpStep(secret: string, code: string): number | null {
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: PERIOD_SECONDS,
    window: 1,
  });
  return delta === null ? null : Math.floor(Date.now() / 1000 / PERIOD_SECONDS) + delta;
}

/**
 * A right code not used before: each is good once, so a code seen over a shoulder or replayed
 * from a captured request within its 30 seconds does not sign anyone in.
 */
async function acceptTotp(db: Database, userId: number, secret: string, code: string): Promise<boolean> {
  const step = totpStep(secret, code);
  return step !== null && (await tq.claimTotpStep(db, userId, step));
}

/** Recovery codes: 10 hex characters shown as xxxxx-xxxxx; 40 bits each, hashed like tokens. */
function newRecoveryCode(): string {
  const hex = randomBytes(5).toString('hex');
  return `${hex.slice(0, 5)}-${hex.slice(5)}`;
}
const recoveryHash = (code: string) => hashToken(code.replace(/[\s-]+/g, '').toLowerCase());

async function assertNotThrottled(db: Database, userId: number, meta: RequestMeta) {
  const since = new Date(Date.now() - FAILURE_WINDOW_MINUTES * 60_000);
  const failures = await tq.countTwoFactorFailures(db, userId, since);
  if (failures >= TWO_FACTOR_FAILURE_LIMIT) {
    await recordSecurityEvent(db, meta, {
      type: 'rate_limited',
      userId,
      detail: { route: 'two_factor', failures },
    });
    throw new TooManyRequestsError(TWO_FACTOR_MESSAGES.tooManyFailures);
  }
}

/**
 * Checks a TOTP code (or a recovery code, which is then used up) for an account with two-factor
 * sign-in on; a wrong one is recorded, and the fifth within 15 minutes locks codes out for a while.
 */
export async function verifySecondFactor(
  db: Database,
  userId: number,
  input: SecondFactorRequest,
  meta: RequestMeta,
): Promise<void> {
  await assertNotThrottled(db, userId, meta);
  const totp = await tq.findTotp(db, userId);
  if (!totp?.secret || !totp.enabledAt) throw new BadRequestError(TWO_FACTOR_MESSAGES.notEnabled);
  let valid = false;
  if (input.code !== undefined) valid = await acceptTotp(db, userId, totp.secret, input.code);
  else if (input.recoveryCode !== undefined) {
    valid = await tq.consumeRecoveryCode(db, userId, recoveryHash(input.recoveryCode));
    if (valid) await recordSecurityEvent(db, meta, { type: 'recovery_code_used', userId });
  }
  if (!valid) {
    await recordSecurityEvent(db, meta, { type: 'two_factor_failure', userId });
    const field = input.code !== undefined ? 'code' : 'recoveryCode';
    throw new BadRequestError(TWO_FACTOR_MESSAGES.wrongCode, { [field]: TWO_FACTOR_MESSAGES.wrongCode });
  }
}

/** A new secret, pending until a code from it is sent to `enable`. */
export async function setupTwoFactor(db: Database, userId: number) {
  const totp = await tq.findTotp(db, userId);
  if (!totp) throw new NotFoundError('User not found');
  if (totp.enabledAt) throw new ConflictError(TWO_FACTOR_MESSAGES.alreadyEnabled);
  const secret = new Secret({ size: 20 }).base32;
  await tq.setPendingSecret(db, userId, secret);
  return { secret, otpauthUrl: totpFor(totp.username, secret).toString() };
}

export async function enableTwoFactor(
  db: Database,
  userId: number,
  sessionId: number,
  code: string,
  meta: RequestMeta,
) {
  await assertNotThrottled(db, userId, meta);
  const totp = await tq.findTotp(db, userId);
  if (!totp) throw new NotFoundError('User not found');
  if (totp.enabledAt) throw new ConflictError(TWO_FACTOR_MESSAGES.alreadyEnabled);
  if (!totp.secret) throw new BadRequestError(TWO_FACTOR_MESSAGES.noSetup);
  if (!(await acceptTotp(db, userId, totp.secret, code))) {
    await recordSecurityEvent(db, meta, { type: 'two_factor_failure', userId, detail: { step: 'enable' } });
    throw new BadRequestError(TWO_FACTOR_MESSAGES.wrongCode, { code: TWO_FACTOR_MESSAGES.wrongCode });
  }
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tq.enableTotp(tx, userId);
    await tq.replaceRecoveryCodes(tx, userId, recoveryCodes.map(recoveryHash));
    await tq.markReauthenticated(tx, sessionId);
  });
  await recordSecurityEvent(db, meta, { type: 'two_factor_enabled', userId });
  return { recoveryCodes };
}

export async function disableTwoFactor(
  db: Database,
  userId: number,
  input: SecondFactorRequest,
  meta: RequestMeta,
) {
  await verifySecondFactor(db, userId, input, meta);
  await tq.disableTotp(db, userId);
  await recordSecurityEvent(db, meta, { type: 'two_factor_disabled', userId });
}

export async function completeTwoFactorLogin(
  db: Database,
  challengeToken: string | undefined,
  input: SecondFactorRequest,
  meta: RequestMeta,
) {
  const challenge = challengeToken ? await tq.findChallenge(db, hashToken(challengeToken)) : undefined;
  if (!challenge) throw new UnauthorizedError(TWO_FACTOR_MESSAGES.challengeExpired);
  const totp = await tq.findTotp(db, challenge.userId);
  if (totp?.suspended) {
    await tq.deleteChallenge(db, challenge.id);
    throw new ForbiddenError(TWO_FACTOR_MESSAGES.accountSuspended);
  }
  await verifySecondFactor(db, challenge.userId, input, meta);
  await tq.deleteChallenge(db, challenge.id);
  await recordSecurityEvent(db, meta, {
    type: 'login_success',
    userId: challenge.userId,
    detail: { twoFactor: input.code !== undefined ? 'totp' : 'recovery_code' },
  });
  const session = await createSession(db, challenge.userId, challenge.rememberMe, meta);
  return { user: await requireAuthUser(db, challenge.userId), session };
}

/** Password or TOTP code again, for role changes, suspensions and revoking others' sessions. */
export async function reauthenticate(
  db: Database,
  userId: number,
  sessionId: number,
  input: { password?: string | undefined; code?: string | undefined },
  meta: RequestMeta,
) {
  if (input.code !== undefined) {
    await verifySecondFactor(db, userId, { code: input.code }, meta);
  } else {
    await assertNotThrottled(db, userId, meta);
    const account = await q.findCredentialsById(db, userId);
    const valid = account?.passwordHash
      ? await verifyPassword(input.password ?? '', account.passwordHash)
      : false;
    if (!valid) {
      await recordSecurityEvent(db, meta, { type: 'two_factor_failure', userId, detail: { step: 'reauth' } });
      throw new BadRequestError('Your password is not correct', { password: 'Your password is not correct' });
    }
  }
  await tq.markReauthenticated(db, sessionId);
}
