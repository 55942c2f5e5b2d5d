import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (TOTP secrets), sealed with AES-256-GCM: a copy of the
 * database alone does not give them away, and a sealed value moved to another row or column does
 * not open there (`context` is bound in as additional data). Stored as
 * `v1.<iv>.<ciphertext>.<tag>`, base64url each.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
export const SECRET_KEY_BYTES = 32;

export function sealSecret(key: Buffer, context: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Whether a stored value was sealed here (a value stored before sealing is the plain secret). */
export const isSealed = (stored: string) => stored.startsWith(`${VERSION}.`);

/** The plaintext; throws when the value was altered, moved, or sealed with another key. */
export function openSecret(key: Buffer, context: string, stored: string): string {
  const [version, iv, sealed, tag, ...rest] = stored.split('.');
  if (version !== VERSION || !iv || sealed === undefined || !tag || rest.length > 0) {
    throw new Error('Not a sealed secret');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
