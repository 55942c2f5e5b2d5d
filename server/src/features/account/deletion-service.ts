import { DAY_MS } from '#common/day-range';
import { personName } from '#common/people';
import {
  ACCOUNT_DELETION_MESSAGES,
  ACCOUNT_ERASE_AFTER_DAYS,
  type DeleteAccountRequest,
  FORMER_MEMBER,
  type RestoreAccountRequest,
} from '#common/schemas/account-deletion';
import { TWO_FACTOR_MESSAGES } from '#common/schemas/admin';
import { hashToken } from '#server/crypto/tokens.ts';
import type { Database } from '#server/db/client.ts';
import { BadRequestError, ConflictError, UnauthorizedError } from '#server/errors.ts';
import {
  deleteAllAccessTokens,
  deleteMemberSessionsExcept,
  recordSecurityEvent,
  startSession,
  verifyCurrentPassword,
  verifySecondFactor,
} from '#server/features/auth/index.ts';
import { withdrawBookingsOf } from '#server/features/bookings/index.ts';
import { type AskedNotification, announce, deleteAsked } from '#server/features/notifications/index.ts';
import type { PaymentProvider } from '#server/features/payments/index.ts';
import { stopRenewalForDeletion } from '#server/features/subscriptions/index.ts';
import type { RequestAuth, RequestMeta, SigningInBrowser } from '#server/http/request-auth.ts';
import { removeStoredImage } from '#server/uploads/images.ts';
import type { MediaStorage } from '#server/uploads/storage.ts';
import * as q from './deletion-queries.ts';

export interface AccountDeletion {
  db: Database;
  provider: PaymentProvider;
  /** The sealing key of TOTP secrets, for the code two-factor accounts are asked. */
  totpKey: Buffer;
}

/** When an account deleted at `at` is erased, unless restored before. */
export const eraseAfterOf = (at: Date) => new Date(at.getTime() + ACCOUNT_ERASE_AFTER_DAYS * DAY_MS);

/**
 * The password, and a code when the account uses two-factor sign-in: each throttled per account
 * (proofs.ts) and answered on its field, before anything changes.
 */
async function proveItIsYou(
  d: AccountDeletion,
  user: RequestAuth['user'],
  input: { password?: string; code?: string | undefined },
  meta: RequestMeta,
) {
  if (input.password !== undefined)
    await verifyCurrentPassword(d.db, user.id, input.password, meta, 'password');
  if (!user.twoFactorEnabled) return;
  if (input.code === undefined) {
    throw new BadRequestError(TWO_FACTOR_MESSAGES.codeRequired, { code: TWO_FACTOR_MESSAGES.codeRequired });
  }
  await verifySecondFactor(d.db, d.totpKey, user.id, { code: input.code }, meta);
}

/**
 * "Delete my account" (issue 33, ADR 026). After the password (and code), the live subscription
 * stops renewing at the provider (no transaction open, as Cancel does); then one transaction marks
 * the account deleted (out of search by the index's own trigger), ends every session, and
 * withdraws what waits for an answer either side: booking requests and holds (the other side is
 * told), team invitations and connection requests (their notifications go, as a block does).
 * Answers when it will be erased and the sessions ended, whose sockets close on commit.
 */
export async function deleteAccount(
  d: AccountDeletion,
  auth: RequestAuth,
  input: DeleteAccountRequest,
  meta: RequestMeta,
  now = new Date(),
): Promise<{ eraseAfter: Date; endedSessionIds: number[] }> {
  const user = auth.user;
  await proveItIsYou(d, user, input, meta);
  await stopRenewalForDeletion({ db: d.db, provider: d.provider }, user);
  const eraseAfter = eraseAfterOf(now);
  const endedSessionIds = await d.db.transaction(async (tx) => {
    const member = await q.lockMember(tx, user.id);
    // A second request sent at once waits for the first's lock, then finds it done.
    if (!member || member.deletedAt !== null)
      throw new ConflictError(ACCOUNT_DELETION_MESSAGES.alreadyDeleted);
    await q.markDeleted(tx, user.id, eraseAfter);
    const ended = await deleteMemberSessionsExcept(tx, user.id, null);
    // Personal access tokens too (ADR 032): a restored account makes new ones.
    await deleteAllAccessTokens(tx, user.id);
    await q.deleteLoginChallenges(tx, user.id);
    await announce(
      tx,
      ended.map((s) => ({ k: 's' as const, s })),
    );
    await withdrawBookingsOf(tx, { id: user.id, name: personName(member) });
    const connections = await q.deletePendingConnections(tx, user.id);
    const invites = await q.deletePendingInvites(tx, user.id);
    const asked: AskedNotification[] = [
      ...connections.map((row) => ({
        userId: row.addresseeId,
        type: 'connection_request' as const,
        data: { requesterId: row.requesterId },
      })),
      ...invites.map((row) => ({
        userId: row.userId,
        type: 'team_invite' as const,
        data: { teamId: row.teamId },
      })),
    ];
    await deleteAsked(tx, asked);
    return ended;
  });
  await recordSecurityEvent(d.db, meta, {
    type: 'account_deleted',
    userId: user.id,
    detail: { eraseAfter: eraseAfter.toISOString(), sessionsEnded: endedSessionIds.length },
  });
  return { eraseAfter, endedSessionIds };
}

/**
 * "Restore my account": the token the right password earned at sign-in (auth/restore-offer.ts),
 * and a code when the account uses two-factor sign-in. The deletion is cleared (the index's
 * trigger puts the profile back in search) and the browser signed in. A token that expired, was
 * spent, or belongs to an account erased meanwhile is the same 401.
 */
export async function restoreAccount(
  d: AccountDeletion,
  input: RestoreAccountRequest,
  meta: RequestMeta,
  browser: SigningInBrowser,
  now = new Date(),
) {
  const tokenHash = hashToken(input.restoreToken);
  const expired = () => new UnauthorizedError(ACCOUNT_DELETION_MESSAGES.restoreExpired);
  const pending = await q.findRestoreChallenge(d.db, tokenHash, now);
  if (!pending) throw expired();
  // The code is checked before the token is spent, so a mistyped code can be typed again.
  if (await q.twoFactorOn(d.db, pending.userId)) {
    if (input.code === undefined) {
      throw new BadRequestError(TWO_FACTOR_MESSAGES.codeRequired, { code: TWO_FACTOR_MESSAGES.codeRequired });
    }
    await verifySecondFactor(d.db, d.totpKey, pending.userId, { code: input.code }, meta);
  }
  const restored = await d.db.transaction(async (tx) => {
    const challenge = await q.spendRestoreChallenge(tx, tokenHash);
    if (!challenge || challenge.expiresAt <= now) return null;
    await q.lockMember(tx, challenge.userId);
    return (await q.clearDeletion(tx, challenge.userId, now)) ? challenge : null;
  });
  if (!restored) throw expired();
  await recordSecurityEvent(d.db, meta, { type: 'account_deletion_cancelled', userId: restored.userId });
  return {
    userId: restored.userId,
    started: await startSession(d.db, restored.userId, restored.rememberMe, meta, browser),
  };
}

/** Accounts erased a round; the sweep goes on while rounds come back full. */
const ERASE_BATCH = 20;

/**
 * The erasure sweep (ADR 026): every account deleted more than ACCOUNT_ERASE_AFTER_DAYS days
 * before `now` has its personal data erased, up to ERASE_BATCH accounts a transaction, and its uploaded files
 * removed after that commits. Tests call it with a `now` of their choosing. Answers the ids erased.
 */
export async function eraseDueAccounts(
  db: Database,
  media: MediaStorage,
  now: Date,
  log?: { warn: (details: object, message: string) => void },
): Promise<number[]> {
  const erased: number[] = [];
  for (;;) {
    const round = await db.transaction(async (tx) => {
      const due = await q.lockDueForErasure(tx, now, ERASE_BATCH);
      const done: { id: number; files: (string | null)[] }[] = [];
      for (const member of due) {
        const portfolio = await q.listPortfolioUrls(tx, member.id);
        await q.deleteMailTo(tx, member.email);
        await q.eraseMember(tx, member.id, FORMER_MEMBER, now);
        done.push({
          id: member.id,
          files: [member.profileImage, ...portfolio.flatMap((item) => [item.url, item.thumbnailUrl])],
        });
      }
      return done;
    });
    for (const member of round) {
      for (const url of member.files) {
        await removeStoredImage(media, url).catch((err: unknown) =>
          log?.warn({ err, userId: member.id }, 'account erasure: a stored file was not removed'),
        );
      }
      erased.push(member.id);
    }
    if (round.length < ERASE_BATCH) break;
  }
  // The security log keeps that it happened, by the tombstone's id: no name or address is left.
  for (const id of erased) {
    await recordSecurityEvent(
      db,
      { ip: '', ipPrefix: '', userAgent: null },
      {
        type: 'account_erased',
        detail: { formerId: id },
      },
    );
  }
  return erased;
}
