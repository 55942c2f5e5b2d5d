import { describe, expect, it } from 'vitest';
import { ipPrefix, trustProxyOption } from './client-ip.ts';

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

describe('trustProxyOption', () => {
  it('trusts no one for zero hops, the nearest n peers for n hops, and listed ranges as given', () => {
    expect(trustProxyOption({ hops: 0 })).toBe(false);
    const twoHops = trustProxyOption({ hops: 2 });
    if (typeof twoHops !== 'function') throw new Error('a hop count is a function of the hop');
    expect([0, 1, 2].map((hop) => twoHops('192.0.2.1', hop))).toEqual([true, true, false]);
    expect(trustProxyOption({ ranges: ['10.0.0.0/8', '::1'] })).toEqual(['10.0.0.0/8', '::1']);
  });
});
