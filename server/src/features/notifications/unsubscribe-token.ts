import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { parseUnsubscribeScope, type UnsubscribeScope } from '#common/policies/email';

/**
 * The token of a one-click unsubscribe link (RFC 8058): `v1.<userId>.<category>.<mac>`, where
 * mac = HMAC-SHA256(key, "unsubscribe|v1|<userId>|<category>") in base64url, and the key is derived
 * from SESSION_SECRET with HKDF (info "crewbase/email-unsubscribe/v1"), so it is worth nothing for
 * sessions, CSRF or device cookies and they are worth nothing here. It never expires (a link in a
 * mail from last year must still work) and names one member and one category (or `digest`, every category): changing either, or
 * any byte of the mac, makes it worthless. No state is kept: the signature is the authority.
 */
export const UNSUBSCRIBE_TOKEN_VERSION = 'v1';

const TOKEN = /^v1\.([1-9]\d{0,9})\.([a-z_]{1,32})\.([A-Za-z0-9_-]{43})$/;

export function deriveUnsubscribeKey(secret: string): Buffer {
  return Buffer.from(
    hkdfSync('sha256', secret, '', `crewbase/email-unsubscribe/${UNSUBSCRIBE_TOKEN_VERSION}`, 32),
  );
}

function mac(key: Buffer, userId: number, category: UnsubscribeScope): string {
  return createHmac('sha256', key)
    .update(`unsubscribe|${UNSUBSCRIBE_TOKEN_VERSION}|${userId}|${category}`)
    .digest('base64url');
}

export function signUnsubscribeToken(key: Buffer, userId: number, category: UnsubscribeScope): string {
  return `${UNSUBSCRIBE_TOKEN_VERSION}.${userId}.${category}.${mac(key, userId, category)}`;
}

/** The member and category a token names, or null when it is malformed or its signature fails. */
export function verifyUnsubscribeToken(
  key: Buffer,
  token: string | undefined,
): { userId: number; category: UnsubscribeScope } | null {
  const match = token ? TOKEN.exec(token) : null;
  if (!match) return null;
  const [, id = '', name = '', signature = ''] = match;
  const userId = Number(id);
  const category = parseUnsubscribeScope(name);
  if (!category || userId > 2_147_483_647) return null;
  const expected = Buffer.from(mac(key, userId, category));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, category } : null;
}

let configuredKey: Buffer | null = null;

/**
 * The key `unsubscribeUrl` signs with. Set when the notifications feature is registered (from
 * SESSION_SECRET, which every instance shares as it shares sessions); a mail rendered before any
 * app was built has no link to sign and is a programming error.
 */
export function configureUnsubscribeKey(secret: string): Buffer {
  configuredKey = deriveUnsubscribeKey(secret);
  return configuredKey;
}

export function unsubscribeKey(): Buffer {
  if (!configuredKey) throw new Error('unsubscribe links need the notifications feature registered first');
  return configuredKey;
}
