import { createHmac, timingSafeEqual } from 'node:crypto';

/** pandago's signature: the hex HMAC-SHA256 of the raw body, keyed by the endpoint's secret (decision 166). */
export const SIGNATURE_HEADER = 'x-signature-sha256';
/**
 * The signature of the attempt: the hex HMAC-SHA256 of `${timestamp}.${eventId}.${raw body}`, so the timestamp and
 * the event id a receiver refuses replays by are signed too (decisions 152 and 166).
 */
export const TIMESTAMPED_SIGNATURE_HEADER = 'x-webhook-signature';
/** Unix seconds when the delivery attempt was signed. */
export const TIMESTAMP_HEADER = 'x-webhook-timestamp';
/** The event's id: the same on every attempt, so a receiver drops repeats by it. */
export const EVENT_ID_HEADER = 'x-webhook-event-id';
/** How far a receiver lets a signed timestamp lie from its own clock, by default. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

function bodySignatureOf(secret: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

function timestampedSignatureOf(secret: string, timestamp: string, eventId: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.${eventId}.`).update(body).digest('hex');
}

/** The headers that sign one attempt of a delivery. */
export function signWebhook(input: {
  secret: string;
  eventId: string;
  body: string | Buffer;
  now: Date;
}): Record<string, string> {
  const timestamp = String(Math.floor(input.now.getTime() / 1000));
  return {
    [SIGNATURE_HEADER]: bodySignatureOf(input.secret, input.body),
    [TIMESTAMPED_SIGNATURE_HEADER]: timestampedSignatureOf(input.secret, timestamp, input.eventId, input.body),
    [TIMESTAMP_HEADER]: timestamp,
    [EVENT_ID_HEADER]: input.eventId,
  };
}

export type WebhookVerification = 'valid' | 'missing-header' | 'bad-signature' | 'stale';

/** A hex signature as given, compared in constant time with the expected one. */
function sameSignature(given: string, expectedHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  const bytes = /^[0-9a-f]{64}$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.alloc(0);
  return bytes.length === expected.length && timingSafeEqual(bytes, expected);
}

/**
 * What a receiver checks: both signatures over the raw body as received (pandago's, and the one that also signs
 * the timestamp and event id), compared in constant time, and a timestamp within the tolerance of its clock, so a
 * captured request cannot be replayed later.
 */
export function verifyWebhook(input: {
  secret: string;
  body: string | Buffer;
  headers: Record<string, string | string[] | undefined>;
  now: Date;
  toleranceSeconds?: number;
}): WebhookVerification {
  const header = (name: string) => {
    const value = input.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const signature = header(SIGNATURE_HEADER);
  const timestamped = header(TIMESTAMPED_SIGNATURE_HEADER);
  const timestamp = header(TIMESTAMP_HEADER);
  const eventId = header(EVENT_ID_HEADER);
  if (!signature || !timestamped || !timestamp || !eventId) return 'missing-header';
  if (!sameSignature(signature, bodySignatureOf(input.secret, input.body))) return 'bad-signature';
  if (!sameSignature(timestamped, timestampedSignatureOf(input.secret, timestamp, eventId, input.body))) {
    return 'bad-signature';
  }
  if (!/^\d{1,12}$/.test(timestamp)) return 'bad-signature';
  const age = Math.abs(input.now.getTime() / 1000 - Number(timestamp));
  return age > (input.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS) ? 'stale' : 'valid';
}
