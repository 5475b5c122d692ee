import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * Which proxies stand in front of the store (TRUST_PROXY), as the config keeps it: none, a number
 * of hops, or the proxies' own addresses and CIDRs.
 */
export type ProxyTrust = false | { hops: number } | string;

/**
 * Fastify's `trustProxy` for a ProxyTrust. A number of hops becomes a function trusting exactly
 * that many addresses counted from the socket: with one proxy the client's address is the
 * rightmost X-Forwarded-For entry, the one the proxy itself wrote. Trusting every entry (Fastify's
 * `true`) would take the leftmost one, which the client writes: every per-address limit could be
 * dodged by sending a new one each time. (Fastify's own numeric setting trusts nothing at all.)
 */
export function fastifyTrustProxy(
  trust: ProxyTrust,
): false | string | ((address: string, hop: number) => boolean) {
  if (trust === false || typeof trust === 'string') return trust;
  const { hops } = trust;
  return (_address, hop) => hop < hops;
}

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function groupsOf(address: string): number[] | undefined {
  let text = address.split('%')[0] ?? '';
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = halves.length === 2 ? 8 - head.length - tail.length : 0;
  const groups = [...head, ...Array<string>(Math.max(0, missing)).fill('0'), ...tail].map((g) =>
    Number.parseInt(g, 16),
  );
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : undefined;
}

/**
 * The client as a per-address limit counts it. An IPv4 address is itself (also when written as
 * IPv6, `::ffff:192.0.2.1`); an IPv6 address counts by its /64, the block one subscriber usually
 * gets whole: a single home or server can otherwise take a fresh address, and a fresh budget, for
 * every request.
 */
export function addressKey(address: string): string {
  if (!isIPv6(address.split('%')[0] ?? '')) return address;
  const groups = groupsOf(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The requesting client for a per-address limit: its address as Fastify resolved it (TRUST_PROXY), IPv6 by /64. */
export const clientKey = (request: FastifyRequest) => addressKey(request.ip);
