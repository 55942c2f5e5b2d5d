import {
  categoriesOfScope,
  EMAIL_CATEGORY_DEFAULTS,
  type EmailCategory,
  type UnsubscribeScope,
} from '#common/policies/email';
import type { Database } from '#server/db/client.ts';
import * as q from './email-preferences-queries.ts';
import type { Executor } from './queries.ts';
import { signUnsubscribeToken, unsubscribeKey, verifyUnsubscribeToken } from './unsubscribe-token.ts';

/**
 * E-mail preferences and unsubscribing (issue 32). What the mail-sending code asks: whether a
 * member is to be mailed about a category, and where, and the links every mail's footer carries.
 */

/**
 * The address to mail about `category`, and whether the member chose the daily digest; null
 * unless their address is verified, they are not suspended, and that category is on (its
 * default when they never saved a choice). Security notices are not a category: never ask this.
 */
export async function emailWanted(
  db: Database | Pick<Executor, 'execute'>,
  userId: number,
  category: EmailCategory,
): Promise<{ to: string; digest: boolean } | null> {
  const row = await q.findEmailRecipient(db, userId, category);
  return row ? { to: row.email, digest: row.digest } : null;
}

/** The SQL forms of emailWanted, for one INSERT … SELECT (see email-preferences-queries.ts). */
export { emailRecipientSql, emailWantedSql } from './email-preferences-queries.ts';

/** `${PUBLIC_URL}/api/email/unsubscribe?token=…`: List-Unsubscribe, and the footer's one-click link. */
export function unsubscribeUrl(publicUrl: URL, userId: number, category: EmailCategory): string {
  const url = new URL('/api/email/unsubscribe', publicUrl);
  url.searchParams.set('token', signUnsubscribeToken(unsubscribeKey(), userId, category));
  return url.href;
}

/** The preferences page, absolute: the footer of every mail links to it. */
export function preferencesUrl(publicUrl: URL): string {
  return new URL('/notifications?tab=preferences', publicUrl).href;
}

/**
 * What a signed token asks: turn its category off (unsubscribe) or on again (resubscribe). Null
 * when the token is not valid, and then nothing changes. Idempotent; a member deleted since the
 * mail was sent is answered as done.
 */
export async function applyUnsubscribeToken(
  db: Database,
  token: string | undefined,
  on: boolean,
): Promise<{ userId: number; category: UnsubscribeScope } | null> {
  const named = verifyUnsubscribeToken(unsubscribeKey(), token);
  if (!named) return null;
  await db.transaction(async (tx) => {
    for (const category of categoriesOfScope(named.category)) {
      // The digest's "back on" puts every category back to its default, so it signs nobody up for news.
      const back = named.category === 'digest' ? EMAIL_CATEGORY_DEFAULTS[category] : true;
      await q.setEmailCategory(tx, named.userId, category, on && back);
    }
  });
  return named;
}

/**
 * The daily digest's one-click link (issue 32): its token names the scope `digest`, which stops
 * what a digest lists, every e-mail category (security notices still go). Turning the digest off
 * instead would mean more mail, not less.
 */
export function digestUnsubscribeUrl(publicUrl: URL, userId: number): string {
  const url = new URL('/api/email/unsubscribe', publicUrl);
  url.searchParams.set('token', signUnsubscribeToken(unsubscribeKey(), userId, 'digest'));
  return url.href;
}
