import { describe, expect, it } from 'vitest';
import { ipPrefix } from './client-ip.ts';

describe('ipPrefix', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:aa:1::5', '2001:0db8:00aa:0001::/64'],
    ['2001:DB8:AA:1:ffff:ffff:ffff:fffe', '2001:0db8:00aa:0001::/64'],
    ['::1', '0000:0000:0000:0000::/64'],
    ['fe80::1', 'fe80:0000:0000:0000::/64'],
  ])('%s counts as %s', (ip, key) => {
    expect(ipPrefix(ip)).toBe(key);
  });
});
