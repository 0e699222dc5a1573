import { BlockList, isIP } from 'node:net';
import type { Environment } from '@riderdesk/domain/config';

/**
 * Where a webhook may be sent (issue 35, decision 152). In prd an endpoint must be HTTPS and every address
 * its host resolves to must be public: not loopback, private, link-local (cloud metadata 169.254.169.254),
 * CGNAT (100.100.100.200 is a metadata address there), unique-local IPv6, multicast or reserved. In san and
 * stg both are allowed, so tests and demos deliver to a receiver on the same machine.
 */
// Two lists: one list holding both families would match every IPv4 address against ::ffff:0:0/96.
const NOT_PUBLIC_V4 = new BlockList();
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-mapped and NAT64 addresses reach IPv4 hosts, private ones included.
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !NOT_PUBLIC_V4.check(address, 'ipv4') : !NOT_PUBLIC_V6.check(address, 'ipv6');
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** The host's addresses, as dns.lookup with `all: true` answers; tests pass a fake. */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export type EndpointUrlRefusal = 'invalid-url' | 'scheme-not-allowed' | 'credentials-in-url';
export type AddressRefusal = 'unresolvable-host' | 'address-not-public';

export type Checked<T, R> = { ok: true; value: T } | { ok: false; reason: R };

/** The URL's own rules, without resolving it: what a registration checks first. */
export function checkEndpointUrl(raw: string, environment: Environment): Checked<URL, EndpointUrlRefusal> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'invalid-url' };
  }
  const schemes = environment === 'prd' ? ['https:'] : ['https:', 'http:'];
  if (!schemes.includes(url.protocol)) return { ok: false, reason: 'scheme-not-allowed' };
  if (url.username || url.password) return { ok: false, reason: 'credentials-in-url' };
  if (!url.hostname) return { ok: false, reason: 'invalid-url' };
  return { ok: true, value: url };
}

/**
 * The address to connect to, resolved once and checked: the request then connects to exactly this address
 * (no second lookup a rebinding DNS server could answer differently). In prd every address of the host must
 * be public, so a name that answers one public and one private address is refused.
 */
export async function resolveDeliveryAddress(
  url: URL,
  environment: Environment,
  resolve: Resolver,
): Promise<Checked<ResolvedAddress, AddressRefusal>> {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: host, family: literal === 4 ? 4 : 6 }];
  } else {
    try {
      addresses = await resolve(host);
    } catch {
      return { ok: false, reason: 'unresolvable-host' };
    }
  }
  const [first] = addresses;
  if (!first) return { ok: false, reason: 'unresolvable-host' };
  if (environment === 'prd' && !addresses.every((a) => isPublicAddress(a.address))) {
    return { ok: false, reason: 'address-not-public' };
  }
  return { ok: true, value: first };
}
