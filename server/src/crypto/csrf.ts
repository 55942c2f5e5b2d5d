import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Synchronizer tokens without server storage: `expiry.mac`, where mac = HMAC(secret, binding|expiry)
 * and the binding is the session (or, for anonymous visitors, the pre-session cookie). A token is
 * worthless in another session, after its expiry, or without the server's secret.
 */
export function issueCsrfToken(secret: string, binding: string, lifetimeMs: number, now = Date.now()) {
  const expiresAt = now + lifetimeMs;
  return { token: `${expiresAt}.${mac(secret, binding, expiresAt)}`, expiresAt: new Date(expiresAt) };
}

export function verifyCsrfToken(secret: string, binding: string, token: string, now = Date.now()): boolean {
  const [expiry, signature] = token.split('.');
  const expiresAt = Number(expiry);
  if (!signature || !Number.isSafeInteger(expiresAt) || expiresAt <= now) return false;
  const expected = Buffer.from(mac(secret, binding, expiresAt));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function mac(secret: string, binding: string, expiresAt: number): string {
  return createHmac('sha256', secret).update(`csrf|${binding}|${expiresAt}`).digest('base64url');
}
