import { WRONG_CURRENT_PASSWORD } from '#common/schemas/auth';
import type { Database } from '#server/db/client.ts';
import { BadRequestError, TooManyRequestsError } from '#server/errors.ts';
import type { RequestMeta } from '#server/http/request-auth.ts';
import { TOO_MANY_REQUESTS } from '#server/plugins/rate-limit.ts';
import { verifyPassword } from './passwords.ts';
import * as q from './queries.ts';
import * as tq from './throttle-queries.ts';

/**
 * Proofs checked against one account (the current password asked again; a TOTP or recovery code,
 * at sign-in or later): five failures per account and kind within 15 minutes, wherever they come
 * from, and the next tries answer 429 until the window is over (ADR 020).
 */
export const PROOF_FAILURE_LIMIT = 5;
const PROOF_WINDOW_MINUTES = 15;

/**
 * Runs `check` as one counted try. The try is counted before it is checked and given back only
 * when it proved right, so tries sent at once cannot all slip in under the limit.
 */
export async function throttledProof(
  db: Database,
  userId: number,
  kind: tq.ThrottleKind,
  meta: RequestMeta,
  refusal: string,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const { tries, endsAt } = await tq.countTry(db, userId, kind, PROOF_WINDOW_MINUTES);
  if (tries > PROOF_FAILURE_LIMIT) {
    await q.insertSecurityEvent(db, {
      type: 'rate_limited',
      userId,
      ip: meta.ip,
      ipPrefix: meta.ipPrefix,
      userAgent: meta.userAgent,
      detail: { route: kind, failures: tries - 1 },
    });
    throw new TooManyRequestsError(refusal, undefined, (endsAt.getTime() - Date.now()) / 1000);
  }
  const valid = await check();
  if (valid) await tq.uncountTry(db, userId, kind);
  return valid;
}

/**
 * The one check of a signed-in member's current password (password and e-mail changes, turning
 * two-factor sign-in on or off, staff re-authentication): throttled per account, a wrong one
 * logged and answered on `field`.
 */
export async function verifyCurrentPassword(
  db: Database,
  userId: number,
  password: string,
  meta: RequestMeta,
  field = 'currentPassword',
): Promise<void> {
  const valid = await throttledProof(db, userId, 'current_password', meta, TOO_MANY_REQUESTS, async () => {
    const account = await q.findCredentialsById(db, userId);
    return account?.passwordHash ? verifyPassword(password, account.passwordHash) : false;
  });
  if (!valid) {
    await q.insertSecurityEvent(db, {
      type: 'current_password_failure',
      userId,
      ip: meta.ip,
      ipPrefix: meta.ipPrefix,
      userAgent: meta.userAgent,
    });
    throw new BadRequestError(WRONG_CURRENT_PASSWORD, { [field]: WRONG_CURRENT_PASSWORD });
  }
}
