import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { reauthProof } from '#common/policies/staff';
import {
  type SecondFactorRequest,
  TWO_FACTOR_MESSAGES,
  type TwoFactorDisableRequest,
  type TwoFactorEnableRequest,
} from '#common/schemas/admin';
import { CURRENT_PASSWORD_REQUIRED } from '#common/schemas/auth';
import { isSealed, openSecret, sealSecret } from '#server/crypto/secret-box.ts';
import { hashToken } from '#server/crypto/tokens.ts';
import type { Database } from '#server/db/client.ts';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from '#server/errors.ts';
import type { RequestMeta, SigningInBrowser } from '#server/http/request-auth.ts';
import { throttledProof, verifyCurrentPassword } from './proofs.ts';
import { securityNoticeFor } from './security-notices.ts';
import { recordSecurityEvent, startSession } from './service.ts';
import { deleteMemberSessionsExcept } from './session-queries.ts';
import * as tq from './two-factor-queries.ts';

/**
 * Two-factor sign-in (RFC 6238 TOTP through `otpauth`, ADR 020): 30-second periods, 6 digits,
 * SHA-1 (what every authenticator app reads), one period of clock drift either way.
 */
const ISSUER = 'CrewBase';
const RECOVERY_CODE_COUNT = 10;

/**
 * The secret is stored sealed (AES-256-GCM, crypto/secret-box.ts) under the key config.ts reads,
 * bound to its account: a sealed secret copied into another row does not open there.
 */
const secretContext = (userId: number) => `users.totp_secret:${userId}`;

/**
 * The secret in the clear. One stored before secrets were sealed (main.ts seals them all at
 * start-up; a row an older instance wrote during a rolling upgrade can still turn up) is sealed now.
 */
async function openStoredSecret(db: Database, key: Buffer, userId: number, stored: string) {
  if (isSealed(stored)) {
    try {
      return openSecret(key, secretContext(userId), stored);
    } catch (cause) {
      throw new Error(
        `The TOTP secret of user ${userId} does not open: TOTP_ENCRYPTION_KEY (or DATA_DIR/totp-key) is not the key it was sealed with, or the row was altered`,
        { cause },
      );
    }
  }
  await tq.replaceSecret(db, userId, stored, sealSecret(key, secretContext(userId), stored));
  return stored;
}

/** Seals every TOTP secret still stored in the clear; answers how many. Run at start-up. */
export async function sealStoredSecrets(db: Database, key: Buffer): Promise<number> {
  let sealed = 0;
  for (const { userId, secret } of await tq.listUnsealedSecrets(db)) {
    sealed += await tq.replaceSecret(db, userId, secret, sealSecret(key, secretContext(userId), secret));
  }
  return sealed;
}

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

/**
 * One counted try of a code: five wrong ones per account within 15 minutes, from anywhere, and
 * codes answer 429 for the rest of the window. The try is counted before the code is checked, so
 * codes sent at once are all counted before any of them is judged (proofs.ts).
 */
const countedCode = (db: Database, userId: number, meta: RequestMeta, check: () => Promise<boolean>) =>
  throttledProof(db, userId, 'second_factor', meta, TWO_FACTOR_MESSAGES.tooManyFailures, check);

/**
 * Checks a TOTP code (or a recovery code, which is then used up) for an account with two-factor
 * sign-in on; a wrong one is recorded and counted. Answers which factor it was.
 */
export async function verifySecondFactor(
  db: Database,
  key: Buffer,
  userId: number,
  input: SecondFactorRequest,
  meta: RequestMeta,
): Promise<'totp' | 'recovery_code'> {
  const totp = await tq.findTotp(db, userId);
  if (!totp?.secret || !totp.enabledAt) throw new BadRequestError(TWO_FACTOR_MESSAGES.notEnabled);
  // Only a TOTP code needs the secret: a recovery code still works if the sealing key was lost.
  const code = input.code;
  const secret = code === undefined ? null : await openStoredSecret(db, key, userId, totp.secret);
  const valid = await countedCode(db, userId, meta, async () => {
    if (code !== undefined && secret !== null) return acceptTotp(db, userId, secret, code);
    if (input.recoveryCode === undefined) return false;
    return tq.consumeRecoveryCode(db, userId, recoveryHash(input.recoveryCode));
  });
  if (!valid) {
    await recordSecurityEvent(db, meta, { type: 'two_factor_failure', userId });
    const field = input.code !== undefined ? 'code' : 'recoveryCode';
    throw new BadRequestError(TWO_FACTOR_MESSAGES.wrongCode, { [field]: TWO_FACTOR_MESSAGES.wrongCode });
  }
  if (input.code !== undefined) return 'totp';
  await recordSecurityEvent(db, meta, { type: 'recovery_code_used', userId });
  return 'recovery_code';
}

/** A new secret, pending until a code from it is sent to `enable`. */
export async function setupTwoFactor(db: Database, key: Buffer, userId: number) {
  const totp = await tq.findTotp(db, userId);
  if (!totp) throw new NotFoundError('User not found');
  if (totp.enabledAt) throw new ConflictError(TWO_FACTOR_MESSAGES.alreadyEnabled);
  const secret = new Secret({ size: 20 }).base32;
  await tq.setPendingSecret(db, userId, sealSecret(key, secretContext(userId), secret));
  return { secret, otpauthUrl: totpFor(totp.username, secret).toString() };
}

/**
 * Turns two-factor sign-in on: the current password (a stolen cookie alone must not be able to
 * lock the owner out with the thief's authenticator) and a code from the pending secret. Every
 * other session of the account ends; answers their ids for the route to close their sockets.
 * The session is not marked re-authenticated, nor as having shown a second factor: the code
 * proves the secret it just chose, not who holds the account.
 */
export async function enableTwoFactor(
  db: Database,
  key: Buffer,
  userId: number,
  sessionId: number,
  input: TwoFactorEnableRequest,
  meta: RequestMeta,
) {
  const totp = await tq.findTotp(db, userId);
  if (!totp) throw new NotFoundError('User not found');
  if (totp.enabledAt) throw new ConflictError(TWO_FACTOR_MESSAGES.alreadyEnabled);
  if (!totp.secret) throw new BadRequestError(TWO_FACTOR_MESSAGES.noSetup);
  await verifyCurrentPassword(db, userId, input.password, meta, 'password');
  const secret = await openStoredSecret(db, key, userId, totp.secret);
  if (!(await countedCode(db, userId, meta, () => acceptTotp(db, userId, secret, input.code)))) {
    await recordSecurityEvent(db, meta, { type: 'two_factor_failure', userId, detail: { step: 'enable' } });
    throw new BadRequestError(TWO_FACTOR_MESSAGES.wrongCode, { code: TWO_FACTOR_MESSAGES.wrongCode });
  }
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const endedSessionIds = await db.transaction(async (tx) => {
    await tq.enableTotp(tx, userId);
    await tq.replaceRecoveryCodes(tx, userId, recoveryCodes.map(recoveryHash));
    await securityNoticeFor(tx, userId, 'two_factor_on');
    return deleteMemberSessionsExcept(tx, userId, sessionId);
  });
  await recordSecurityEvent(db, meta, { type: 'two_factor_enabled', userId });
  return { recoveryCodes, endedSessionIds };
}

/** Turns two-factor sign-in off: the current password and a code or recovery code. */
export async function disableTwoFactor(
  db: Database,
  key: Buffer,
  userId: number,
  input: TwoFactorDisableRequest,
  meta: RequestMeta,
) {
  const totp = await tq.findTotp(db, userId);
  if (!totp?.enabledAt) throw new BadRequestError(TWO_FACTOR_MESSAGES.notEnabled);
  await verifyCurrentPassword(db, userId, input.password, meta, 'password');
  await verifySecondFactor(db, key, userId, input, meta);
  await db.transaction(async (tx) => {
    await tq.disableTotp(tx, userId);
    await securityNoticeFor(tx, userId, 'two_factor_off');
  });
  await recordSecurityEvent(db, meta, { type: 'two_factor_disabled', userId });
}

export async function completeTwoFactorLogin(
  db: Database,
  key: Buffer,
  challengeToken: string | undefined,
  input: SecondFactorRequest,
  meta: RequestMeta,
  browser: SigningInBrowser,
) {
  const challenge = challengeToken ? await tq.findChallenge(db, hashToken(challengeToken)) : undefined;
  if (!challenge) throw new UnauthorizedError(TWO_FACTOR_MESSAGES.challengeExpired);
  const totp = await tq.findTotp(db, challenge.userId);
  if (totp?.suspended) {
    await tq.deleteChallenge(db, challenge.id);
    throw new ForbiddenError(TWO_FACTOR_MESSAGES.accountSuspended);
  }
  const factor = await verifySecondFactor(db, key, challenge.userId, input, meta);
  await tq.deleteChallenge(db, challenge.id);
  const started = await startSession(db, challenge.userId, challenge.rememberMe, meta, browser, {
    secondFactor: factor,
  });
  await recordSecurityEvent(db, meta, {
    type: 'login_success',
    userId: challenge.userId,
    detail: { twoFactor: factor, newDevice: started.newDevice },
  });
  return started;
}

/**
 * Proving it is still you, for role changes, suspensions and ending others' sessions: a TOTP code
 * when the account has two-factor sign-in (a password alone is not enough; the code also counts
 * as this session's second factor), else the current password. Both are throttled per account.
 */
export async function reauthenticate(
  db: Database,
  key: Buffer,
  userId: number,
  sessionId: number,
  input: { password?: string | undefined; code?: string | undefined },
  meta: RequestMeta,
) {
  const totp = await tq.findTotp(db, userId);
  if (reauthProof({ twoFactorEnabled: Boolean(totp?.enabledAt) }) === 'code') {
    if (input.code === undefined) {
      throw new BadRequestError(TWO_FACTOR_MESSAGES.codeRequired, { code: TWO_FACTOR_MESSAGES.codeRequired });
    }
    await verifySecondFactor(db, key, userId, { code: input.code }, meta);
    await tq.markReauthenticated(db, sessionId, 'totp');
    return;
  }
  if (input.password === undefined) {
    throw new BadRequestError(CURRENT_PASSWORD_REQUIRED, { password: CURRENT_PASSWORD_REQUIRED });
  }
  await verifyCurrentPassword(db, userId, input.password, meta, 'password');
  await tq.markReauthenticated(db, sessionId, null);
}
