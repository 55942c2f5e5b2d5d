import {
  ACCESS_TOKEN_MESSAGES,
  ACCESS_TOKEN_PATTERN,
  ACCESS_TOKEN_PREFIX,
  ACCESS_TOKENS_MAX,
  type AccessTokenScope,
} from '#common/access-tokens';
import { DAY_MS } from '#common/day-range';
import type { AccessToken, CreatedAccessToken } from '#common/schemas/access-tokens';
import { hashToken, randomToken } from '#server/crypto/tokens.ts';
import type { Database } from '#server/db/client.ts';
import { ConflictError, NotFoundError } from '#server/errors.ts';
import type { RequestMeta } from '#server/http/request-auth.ts';
import type { AccessTokenCheck } from '#server/plugins/access-tokens.ts';
import * as q from './access-token-queries.ts';
import { recordSecurityEvent } from './service.ts';

function toAccessToken(row: q.AccessTokenRow): AccessToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    hint: `${ACCESS_TOKEN_PREFIX}…${row.lastFour}`,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listAccessTokens(db: Database, userId: number): Promise<{ tokens: AccessToken[] }> {
  return { tokens: (await q.listAccessTokens(db, userId)).map(toAccessToken) };
}

/**
 * Makes a token and answers its secret, the only time it leaves the server: only its SHA-256 is
 * stored. The count and the insert run under the member's lock: at most ACCESS_TOKENS_MAX,
 * whatever arrives at once.
 */
export async function createAccessToken(
  db: Database,
  userId: number,
  input: { name: string; scopes: AccessTokenScope[]; expiresInDays?: number | undefined },
  meta: RequestMeta,
): Promise<CreatedAccessToken> {
  const token = `${ACCESS_TOKEN_PREFIX}${randomToken()}`;
  const expiresAt = input.expiresInDays ? new Date(Date.now() + input.expiresInDays * DAY_MS) : null;
  const row = await db.transaction(async (tx) => {
    await q.lockMembersAccessTokens(tx, userId);
    if ((await q.countAccessTokens(tx, userId)) >= ACCESS_TOKENS_MAX)
      throw new ConflictError(ACCESS_TOKEN_MESSAGES.limit);
    const created = await q.insertAccessToken(tx, {
      userId,
      name: input.name,
      scopes: input.scopes,
      tokenHash: hashToken(token),
      lastFour: token.slice(-4),
      expiresAt,
    });
    return created;
  });
  await recordSecurityEvent(db, meta, {
    type: 'access_token_created',
    userId,
    detail: { tokenId: row.id, name: row.name, scopes: row.scopes },
  });
  return { ...toAccessToken(row), token };
}

/** Revokes one of the member's tokens; another member's answers the same 404 as one that is gone. */
export async function revokeAccessToken(db: Database, userId: number, id: number, meta: RequestMeta) {
  const revoked = await q.deleteMemberAccessToken(db, userId, id);
  if (!revoked) throw new NotFoundError(ACCESS_TOKEN_MESSAGES.notFound);
  await recordSecurityEvent(db, meta, {
    type: 'access_token_revoked',
    userId,
    detail: { tokenId: revoked.id, name: revoked.name },
  });
}

/**
 * Who a bearer credential speaks for (the access-token plugin asks, as the session plugin asks
 * resolveSession). Its use is written at most once a minute, and the first use of each (UTC) day
 * goes to the security log: enough to see a token in use, without a write per request.
 */
export async function authenticateAccessToken(
  db: Database,
  credential: string,
  meta: RequestMeta,
): Promise<AccessTokenCheck> {
  if (!ACCESS_TOKEN_PATTERN.test(credential)) return { ok: false, message: ACCESS_TOKEN_MESSAGES.malformed };
  const found = await q.findAccessToken(db, hashToken(credential));
  if (!found) return { ok: false, message: ACCESS_TOKEN_MESSAGES.invalid };
  if (found.expiresAt && found.expiresAt.getTime() <= Date.now())
    return { ok: false, message: ACCESS_TOKEN_MESSAGES.expired };
  const previous = found.lastUsedAt;
  if ((!previous || Date.now() - previous.getTime() > 60_000) && (await q.touchAccessToken(db, found.id))) {
    const today = new Date().toISOString().slice(0, 10);
    if (!previous || previous.toISOString().slice(0, 10) !== today) {
      await recordSecurityEvent(db, meta, {
        type: 'access_token_used',
        userId: found.user.id,
        detail: { tokenId: found.id },
      });
    }
  }
  return { ok: true, auth: { user: found.user, token: { id: found.id, scopes: found.scopes } } };
}
