import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { hashToken } from '#server/crypto/tokens.ts';
import type { Database } from '#server/db/client.ts';
import { sessions, users } from '#server/db/schema/index.ts';
import { createSession } from '#server/features/auth/service.ts';
import { newUser, TestBrowser } from '../../../test/client.ts';

let ipCounter = 0;
export const TEST_TOTP_SECRET = new Secret({ size: 20 }).base32;

/** The code an authenticator app shows now for `secret`. */
export const totpCode = (secret = TEST_TOTP_SECRET) => TOTP.generate({ secret: Secret.fromBase32(secret) });

/**
 * A signed-in account written straight to the database, with a TestBrowser on its session.
 * `twoFactor` turns TOTP on with TEST_TOTP_SECRET (stored in the clear, as before secrets were
 * sealed: the first read seals it) and signs the session in with a code, unless
 * `sessionSecondFactor` is false; `stale` makes the session's last password or code older than
 * the 10 minutes sensitive staff calls ask for.
 */
export async function account(
  db: Database,
  app: FastifyInstance,
  options: {
    role?: 'user' | 'moderator' | 'admin';
    twoFactor?: boolean;
    sessionSecondFactor?: boolean;
    stale?: boolean;
  } = {},
) {
  ipCounter += 1;
  const ip = `10.66.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  const user = newUser('staff');
  const [row] = await db
    .insert(users)
    .values({
      username: user.username,
      email: user.email,
      displayName: `Person ${user.username}`,
      role: options.role ?? 'user',
      createdAt: sql`now() - interval '3 days'`,
      ...(options.twoFactor ? { totpSecret: TEST_TOTP_SECRET, totpEnabledAt: new Date() } : {}),
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  const secondFactor = options.twoFactor && options.sessionSecondFactor !== false ? 'totp' : null;
  const session = await createSession(
    db,
    row.id,
    false,
    { ip, ipPrefix: ip, userAgent: 'test' },
    secondFactor,
  );
  if (options.stale) {
    await db
      .update(sessions)
      .set({ reauthenticatedAt: sql`now() - interval '11 minutes'` })
      .where(sql`${sessions.tokenHash} = ${hashToken(session.token)}`);
  }
  const browser = new TestBrowser(app, ip);
  browser.cookies.set(app.sessionCookieName, session.token);
  return { id: row.id, browser, token: session.token, username: user.username };
}
