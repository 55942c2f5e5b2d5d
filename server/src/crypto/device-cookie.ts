import { createHmac, timingSafeEqual } from 'node:crypto';
import { randomToken } from './tokens.ts';

/**
 * OWASP's device cookie: a browser that has signed in to an account holds `userId.nonce.mac`, mac =
 * HMAC(secret, device|userId|nonce). Only the server can make one, it names one account, and its
 * nonce lets failures from that one browser be counted (and the browser be distrusted) on their own.
 * A browser shared by a few people keeps an entry for each, newest first.
 */
export interface KnownDevice {
  userId: number;
  nonce: string;
}

/** Accounts one browser is remembered for; signing in to another forgets the longest unused. */
export const KNOWN_DEVICES_PER_BROWSER = 5;
/** A year: the exception is for the owner's own browsers, which sign in now and then. */
export const KNOWN_DEVICE_LIFETIME_SECONDS = 365 * 86_400;

const ENTRY_SEPARATOR = '~';
const NONCE = /^[A-Za-z0-9_-]{43}$/;

export const newKnownDevice = (userId: number): KnownDevice => ({ userId, nonce: randomToken() });

function mac(secret: string, device: KnownDevice): string {
  return createHmac('sha256', secret).update(`device|${device.userId}|${device.nonce}`).digest('base64url');
}

/** The entries of a cookie whose signature holds; anything else in it is ignored. */
export function readKnownDevices(secret: string, cookie: string | undefined): KnownDevice[] {
  if (!cookie) return [];
  const devices: KnownDevice[] = [];
  for (const entry of cookie.split(ENTRY_SEPARATOR).slice(0, KNOWN_DEVICES_PER_BROWSER)) {
    const [id = '', nonce = '', signature = '', ...rest] = entry.split('.');
    const userId = Number(id);
    if (rest.length > 0 || !/^[1-9]\d{0,9}$/.test(id) || !NONCE.test(nonce)) continue;
    const expected = Buffer.from(mac(secret, { userId, nonce }));
    const given = Buffer.from(signature);
    if (given.length === expected.length && timingSafeEqual(given, expected)) devices.push({ userId, nonce });
  }
  return devices;
}

/** The cookie's new value: `device` first, then the other accounts it already held. */
export function withKnownDevice(secret: string, held: readonly KnownDevice[], device: KnownDevice): string {
  const others = held.filter((entry) => entry.userId !== device.userId);
  return [device, ...others]
    .slice(0, KNOWN_DEVICES_PER_BROWSER)
    .map((entry) => `${entry.userId}.${entry.nonce}.${mac(secret, entry)}`)
    .join(ENTRY_SEPARATOR);
}
