import { describe, expect, it } from 'vitest';
import {
  KNOWN_DEVICES_PER_BROWSER,
  newKnownDevice,
  readKnownDevices,
  withKnownDevice,
} from './device-cookie.ts';

const secret = 'a-secret-long-enough-for-the-hmac-0001';

describe('known-device cookies', () => {
  it('reads back what it signed, newest account first', () => {
    const first = newKnownDevice(7);
    const second = newKnownDevice(12);
    const cookie = withKnownDevice(secret, [first], second);
    expect(readKnownDevices(secret, cookie)).toEqual([second, first]);
  });

  it('keeps one entry per account and forgets the oldest past the limit', () => {
    let held = [newKnownDevice(1)];
    for (let id = 2; id <= KNOWN_DEVICES_PER_BROWSER + 2; id++) {
      held = readKnownDevices(secret, withKnownDevice(secret, held, newKnownDevice(id)));
    }
    expect(held.map((device) => device.userId)).toEqual([7, 6, 5, 4, 3]);
    const again = newKnownDevice(5);
    expect(readKnownDevices(secret, withKnownDevice(secret, held, again)).map((d) => d.userId)).toEqual([
      5, 7, 6, 4, 3,
    ]);
  });

  it('ignores entries that are forged, unsigned, signed with another secret or edited', () => {
    const device = newKnownDevice(7);
    const genuine = withKnownDevice(secret, [], device);
    const [, nonce, mac] = genuine.split('.');
    const forged = [
      `7.${nonce}.${'A'.repeat(43)}`,
      `7.${nonce}`,
      withKnownDevice('another-secret-of-the-same-length-0002', [], device),
      `8.${nonce}.${mac}`,
      `7.${nonce}.${mac}.extra`,
      '',
      'garbage',
    ];
    for (const cookie of forged) expect(readKnownDevices(secret, cookie)).toEqual([]);
    // A forged entry beside a genuine one does not spoil it.
    expect(readKnownDevices(secret, `${forged[0]}~${genuine}`)).toEqual([device]);
    expect(readKnownDevices(secret, undefined)).toEqual([]);
  });
});
