import { createHmac, timingSafeEqual } from 'node:crypto';

// How each provider signs what it sends us (decision 175), checked in constant time on the bytes as received.

const sameText = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Twilio's X-Twilio-Signature: base64 HMAC-SHA1, keyed by the auth token, of the URL Twilio called (with its
 * query) followed by every POST parameter, sorted by name, as name and value with nothing between.
 */
export function twilioSignature(authToken: string, url: string, params: Iterable<[string, string]>): string {
  const sorted = [...params].sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  const data = url + sorted.map(([name, value]) => `${name}${value}`).join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function isTwilioSignatureValid(
  authToken: string,
  header: string | undefined,
  url: string,
  params: Iterable<[string, string]>,
): boolean {
  return header !== undefined && sameText(header, twilioSignature(authToken, url, params));
}

/** Meta's X-Hub-Signature-256: `sha256=` and the hex HMAC-SHA256 of the raw body, keyed by the app secret. */
export function hubSignature(appSecret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex')}`;
}

export function isHubSignatureValid(appSecret: string, header: string | undefined, rawBody: string): boolean {
  return header !== undefined && sameText(header, hubSignature(appSecret, rawBody));
}

/**
 * The HTTP gateway's signature (ours to define, as the gateway's callbacks are configured by us): hex
 * HMAC-SHA256 of the raw body with the shared secret, `sha256=` in front or not.
 */
export function gatewaySignature(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

export function isGatewaySignatureValid(secret: string, header: string | undefined, rawBody: string): boolean {
  if (header === undefined) return false;
  return sameText(header.replace(/^sha256=/, '').toLowerCase(), gatewaySignature(secret, rawBody));
}
