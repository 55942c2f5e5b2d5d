import type { RestoreOfferResponse } from '#common/schemas/account-deletion';
import { hashToken, randomToken } from '#server/crypto/tokens.ts';
import type { Database } from '#server/db/client.ts';
import { findEraseAfter, insertRestoreChallenge } from './restore-queries.ts';

/** How long "Restore my account" waits after the right password, as a two-factor challenge does. */
export const RESTORE_CHALLENGE_MINUTES = 10;

/**
 * The right password for an account its member deleted, before it is erased (issue 33, ADR 026):
 * no session, but a token that `POST /api/account/restore` spends (with a code when the account
 * uses two-factor sign-in) to cancel the deletion and sign in. An erased account has no password
 * and no name left to sign in with: it gets the usual wrong-credentials answer.
 */
export async function offerRestore(
  db: Database,
  account: { id: number; twoFactorEnabled: boolean },
  rememberMe: boolean,
): Promise<RestoreOfferResponse> {
  const token = randomToken();
  await insertRestoreChallenge(db, {
    tokenHash: hashToken(token),
    userId: account.id,
    rememberMe,
    expiresAt: new Date(Date.now() + RESTORE_CHALLENGE_MINUTES * 60_000),
  });
  const eraseAfter = await findEraseAfter(db, account.id);
  return {
    restoreRequired: true,
    restoreToken: token,
    eraseAfter: (eraseAfter ?? new Date()).toISOString(),
    codeRequired: account.twoFactorEnabled,
  };
}
