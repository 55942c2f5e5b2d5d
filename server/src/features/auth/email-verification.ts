import { isPlaceholderEmail, releasedPlaceholderEmail } from '#common/placeholder-email';
import { EMAIL_LINK_MESSAGES, OAUTH_PROVIDER_NAMES, type OAuthProvider } from '#common/schemas/auth';
import { hashToken } from '#server/crypto/tokens.ts';
import type { Database } from '#server/db/client.ts';
import { BadRequestError, ConflictError, ForbiddenError, GoneError } from '#server/errors.ts';
import { notify } from '#server/features/notifications/index.ts';
import type { RequestMeta } from '#server/http/request-auth.ts';
import { sendEmailLink } from './email-links.ts';
import * as addresses from './email-queries.ts';
import { invalidateResetTokens } from './queries.ts';
import { securityNotice } from './security-notices.ts';
import { causeCode, recordSecurityEvent, requireAuthUser, UNIQUE_VIOLATION } from './service.ts';

/** Links one member may ask for again (POST /api/account/email/verification) in an hour. */
export const VERIFICATION_RESENDS_PER_HOUR = 3;

/**
 * Opens a link that proves an address (POST /api/account/email/verify). Only the member the link
 * was sent for may open it, signed in: a link mailed to someone who never signed up must not let
 * them, by clicking it, confirm an account someone else registered with their address. Every
 * refusal changes nothing (the transaction rolls back). A sign-up's or resend's link marks the
 * account's address verified; a change's link makes its address the account's, if still free, and
 * the old address is told.
 */
export async function verifyEmail(db: Database, userId: number, token: string, meta: RequestMeta) {
  const outcome = await db.transaction(async (tx) => {
    const link = await addresses.lockEmailLink(tx, hashToken(token));
    if (!link) throw new BadRequestError(EMAIL_LINK_MESSAGES.invalid);
    if (link.userId !== userId) throw new ForbiddenError(EMAIL_LINK_MESSAGES.otherAccount);
    if (link.used) throw new ConflictError(EMAIL_LINK_MESSAGES.used);
    if (link.expired) throw new GoneError(EMAIL_LINK_MESSAGES.expired);
    const account = await addresses.lockAccountEmail(tx, userId);
    if (!account) throw new BadRequestError(EMAIL_LINK_MESSAGES.invalid);
    await addresses.markEmailLinkUsed(tx, link.id);
    if (link.reason !== 'change') {
      // The account moved to another address since this link was sent; it proves nothing now.
      if (account.email.toLowerCase() !== link.email.toLowerCase()) {
        throw new ConflictError(EMAIL_LINK_MESSAGES.superseded);
      }
      await addresses.markEmailVerified(tx, userId);
      return { type: 'email_verified' as const };
    }
    const holder = await addresses.lockEmailHolder(tx, link.email);
    if (holder && holder.id !== userId) {
      throw new ConflictError(EMAIL_LINK_MESSAGES.taken, { email: EMAIL_LINK_MESSAGES.taken });
    }
    await addresses.setVerifiedEmail(tx, userId, link.email).catch((error: unknown) => {
      // Taken between the check and the write: the unique index decides.
      if (causeCode(error) === UNIQUE_VIOLATION) {
        throw new ConflictError(EMAIL_LINK_MESSAGES.taken, { email: EMAIL_LINK_MESSAGES.taken });
      }
      throw error;
    });
    // Links (a reset's too) sent to the old address no longer speak for this account.
    await addresses.invalidateEmailLinks(tx, userId);
    await invalidateResetTokens(tx, userId);
    await securityNotice(tx, account, 'email_changed');
    return { type: 'email_changed' as const };
  });
  await recordSecurityEvent(db, meta, { type: outcome.type, userId });
  return requireAuthUser(db, userId);
}

/**
 * Sends a new link for the account's own address (POST /api/account/email/verification). The
 * answer is the same whatever happens, so it says nothing; a link is written only while the address
 * is a real one still unproven and the member has asked fewer than 3 times in the last hour.
 */
export async function resendVerification(db: Database, userId: number, publicUrl: URL, meta: RequestMeta) {
  const refused = await db.transaction(async (tx) => {
    const account = await addresses.lockAccountEmail(tx, userId);
    if (!account || account.verified || isPlaceholderEmail(account.email)) return false;
    const since = new Date(Date.now() - 3_600_000);
    const recent = await addresses.countEmailLinksSince(tx, userId, 'resend', since);
    if (recent >= VERIFICATION_RESENDS_PER_HOUR) return true;
    await sendEmailLink(tx, {
      userId,
      username: account.username,
      email: account.email,
      reason: 'resend',
      publicUrl,
    });
    return false;
  });
  if (refused) {
    await recordSecurityEvent(db, meta, {
      type: 'rate_limited',
      userId,
      detail: { route: 'email_verification', perHour: VERIFICATION_RESENDS_PER_HOUR },
    });
  }
}

/** What the account that lost its address is told, in its notifications (the banner says it too). */
export function releasedNotice(provider: OAuthProvider) {
  return {
    title: 'Your email address was removed',
    message: `The email address on this account was never confirmed, and someone has just proved it is theirs by signing in with ${OAUTH_PROVIDER_NAMES[provider]}. It was removed from this account. You can still log in with your username; add an address of your own in Account settings.`,
  };
}

/**
 * The person who proves an address wins it: the unverified account holding it loses it, in the
 * caller's transaction. It gets a placeholder address (reserved, so it reaches no one and links to
 * nothing), its links and reset links die with the address they went to, and it is told why.
 */
export async function releaseUnprovenEmail(
  tx: Parameters<typeof addresses.releaseEmail>[0],
  holderId: number,
  provider: OAuthProvider,
) {
  await addresses.releaseEmail(tx, holderId, releasedPlaceholderEmail(holderId));
  await addresses.invalidateEmailLinks(tx, holderId);
  await invalidateResetTokens(tx, holderId);
  const notice = releasedNotice(provider);
  await notify(tx, holderId, 'system', notice.title, notice.message);
}
