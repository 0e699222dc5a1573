import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * Whose X-Forwarded-For is believed: nobody, the n proxy hops nearest to the server, or the proxies' addresses
 * and CIDRs. Never every hop: the left end of the header is whatever the client wrote there, so trusting it
 * would let a client pick its own address (its rate-limit bucket, its address in the log).
 */
export type TrustProxy = false | number | string[];

// proxy-addr's names for the usual private ranges.
const TRUST_PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrCidr(entry: string): boolean {
  if (TRUST_PROXY_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as Fastify takes it; null when the value is none of the accepted forms. `true` (or `on`) means
 * one proxy in front, the usual set-up: the address that proxy appended is the client's, not what came before.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | null {
  if (value === undefined || value === 'false' || value === 'off' || value === '0') return false;
  if (value === 'true' || value === 'on') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrCidr) ? entries : null;
}

/**
 * The form Fastify applies. A hop count becomes proxy-addr's rule "trust the n nearest hops" (Fastify alone
 * would trust none for a number): right only when the API is reachable through those proxies alone.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.replace(/^\[|\]$/g, '').replace(/^::ffff:/i, '');
  return bare === '::1' || (isIP(bare) === 4 && bare.startsWith('127.'));
}

/** The client addresses a request's forwarding headers name, whoever set them. */
function forwardedAddresses(request: FastifyRequest): string[] {
  const values = (name: string) => {
    const header = request.headers[name];
    return (Array.isArray(header) ? header : header === undefined ? [] : [header]).flatMap((value) => value.split(','));
  };
  const forwardedFor = values('forwarded').flatMap((element) =>
    element
      .split(';')
      .map((pair) => pair.trim())
      .filter((pair) => /^for=/i.test(pair))
      .map((pair) => pair.slice(4).replace(/^"|"$/g, '').replace(/:\d+$/, '')),
  );
  return [...values('x-forwarded-for'), ...values('x-real-ip'), ...forwardedFor].map((value) => value.trim());
}

/**
 * A caller on this machine: the connection comes from a loopback address and no forwarding header names
 * anyone else. Read from the socket and the raw headers, not `request.ip`, so neither TRUST_PROXY nor a
 * client's own X-Forwarded-For can make a request relayed from outside look local (a proxy on the same
 * machine connects from loopback, and names the real client in X-Forwarded-For).
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  return isLoopbackAddress(request.socket.remoteAddress) && forwardedAddresses(request).every(isLoopbackAddress);
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `Authorization: Bearer <token>` with exactly `token`, compared in constant time. */
export function hasBearerToken(request: FastifyRequest, token: string): boolean {
  const [scheme, value = ''] = (request.headers.authorization ?? '').trim().split(/\s+/, 2);
  return scheme === 'Bearer' && timingSafeEqual(digest(value), digest(token));
}
