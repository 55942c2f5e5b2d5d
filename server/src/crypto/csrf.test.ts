import { describe, expect, it } from 'vitest';
import { issueCsrfToken, verifyCsrfToken } from './csrf.ts';

describe('CSRF tokens', () => {
  const secret = 'a-secret-long-enough-for-the-hmac-0001';
  it('verifies for the binding it was issued to, until it expires', () => {
    const now = 1_800_000_000_000;
    const { token, expiresAt } = issueCsrfToken(secret, 'session:7', 15 * 60_000, now);
    expect(expiresAt.getTime()).toBe(now + 15 * 60_000);
    expect(verifyCsrfToken(secret, 'session:7', token, now + 60_000)).toBe(true);
    expect(verifyCsrfToken(secret, 'session:8', token, now + 60_000)).toBe(false);
    expect(verifyCsrfToken('another-secret-of-the-same-length-0002', 'session:7', token, now)).toBe(false);
    expect(verifyCsrfToken(secret, 'session:7', token, now + 15 * 60_000)).toBe(false);
  });

  it('refuses a token whose expiry was edited', () => {
    const now = 1_800_000_000_000;
    const { token } = issueCsrfToken(secret, 'session:7', 60_000, now);
    const [, mac] = token.split('.');
    expect(verifyCsrfToken(secret, 'session:7', `${now + 10 * 60_000}.${mac}`, now + 120_000)).toBe(false);
  });
});
