import { isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';

/**
 * The client's address as the gateway established it (its `TRUST_PROXY` rule: docs/security.md §1). The
 * gateway drops every `X-Forwarded-*` a client sends and sets `X-Forwarded-For` to that one address on
 * each request it forwards; only requests with its internal token get past `createServiceApp`'s token
 * check, so the header a route sees is the gateway's. A request that did not pass the gateway's proxy (a
 * service's own test calling it directly) has none: its connection's peer then.
 */
export function forwardedClientAddress(req: Request): string {
  return req.header('x-forwarded-for')?.trim() || req.socket.remoteAddress || 'unknown';
}

/**
 * Whom a per-address limit counts (docs/security.md §10.6): an IPv4 address as it is, an IPv6 address by
 * its /64 (`2001:db8:1:2::/64`), since one subscriber is handed a whole /64 and picks any address in it at
 * will; an IPv4-mapped IPv6 address (`::ffff:198.51.100.7`) is its IPv4 address. Anything else (no address
 * known) is counted as it is spelled.
 */
export function addressLimitKey(address: string): string {
  const unzoned = address.replace(/%.*$/, '');
  if (!isIPv6(unzoned)) return address;
  const groups = ipv6Groups(unzoned);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail turned into two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const tail = text.slice(text.lastIndexOf(':') + 1);
  if (isIPv4(tail)) {
    const [a, b, c, d] = tail.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, text.length - tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  if (rest === undefined) return parse(head);
  const left = parse(head);
  const right = parse(rest);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
