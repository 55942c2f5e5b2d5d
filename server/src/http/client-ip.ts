import net from 'node:net';
import type { TrustProxy } from '#server/config.ts';

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count becomes a function of the hop, because
 * Fastify takes a bare number to mean "trust no one"; with `hops: 1` the socket's peer is believed
 * and `request.ip` is the right-most X-Forwarded-For entry, the one that proxy wrote itself.
 */
export function trustProxyOption(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if ('ranges' in trust) return [...trust.ranges];
  if (trust.hops === 0) return false;
  return (_address, hop) => hop < trust.hops;
}

/**
 * The key rate limits count by: an IPv4 address as is, an IPv6 address by its /64, because one
 * subscriber is usually handed a whole /64 and could otherwise rotate through it.
 */
export function ipPrefix(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (net.isIPv4(ip)) return ip;
  if (!net.isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

function expandIPv6(ip: string): string[] {
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const zeros = ip.includes('::') ? Array(8 - left.length - right.length).fill('0') : [];
  return [...left, ...zeros, ...right].map((group) => group.toLowerCase().padStart(4, '0'));
}
