import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSealed, openSecret, sealSecret } from './secret-box.ts';

describe('sealed secrets (AES-256-GCM)', () => {
  const key = randomBytes(32);
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

  it('opens what it sealed, and never shows the plaintext or repeats itself', () => {
    const sealed = sealSecret(key, 'users.totp_secret:7', secret);
    expect(isSealed(sealed)).toBe(true);
    expect(isSealed(secret)).toBe(false);
    expect(sealed).not.toContain(secret);
    expect(sealSecret(key, 'users.totp_secret:7', secret)).not.toBe(sealed);
    expect(openSecret(key, 'users.totp_secret:7', sealed)).toBe(secret);
  });

  it.each<[string, (sealed: string) => [Buffer, string, string]]>([
    ['another key', (sealed) => [randomBytes(32), 'users.totp_secret:7', sealed]],
    ['another row', (sealed) => [key, 'users.totp_secret:8', sealed]],
    [
      'an altered ciphertext',
      (sealed) => {
        const parts = sealed.split('.');
        const body = Buffer.from(parts[2] ?? '', 'base64url');
        body[0] = (body[0] ?? 0) ^ 1;
        parts[2] = body.toString('base64url');
        return [key, 'users.totp_secret:7', parts.join('.')];
      },
    ],
    ['a value never sealed', () => [key, 'users.totp_secret:7', secret]],
  ])('refuses to open with %s', (_, change) => {
    const [otherKey, context, value] = change(sealSecret(key, 'users.totp_secret:7', secret));
    expect(() => openSecret(otherKey, context, value)).toThrow();
  });
});
