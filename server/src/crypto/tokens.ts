import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session cookies and one-time reset links. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What we store instead of a token: a stolen database row cannot be replayed as a cookie or link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
