import { createHmac, timingSafeEqual } from 'node:crypto';

/** Hex HMAC-SHA256, keyed by the endpoint's secret, of `${timestamp}.${eventId}.${raw body}` (decision 152). */
export const SIGNATURE_HEADER = 'x-signature-sha256';
/** Unix seconds when the delivery attempt was signed. */
export const TIMESTAMP_HEADER = 'x-webhook-timestamp';
/** The event's id: the same on every attempt, so a receiver drops repeats by it. */
export const EVENT_ID_HEADER = 'x-webhook-event-id';
/** How far a receiver lets a signed timestamp lie from its own clock, by default. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

function signatureOf(secret: string, timestamp: string, eventId: string, body: string | Buffer): string {
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
    [SIGNATURE_HEADER]: signatureOf(input.secret, timestamp, input.eventId, input.body),
    [TIMESTAMP_HEADER]: timestamp,
    [EVENT_ID_HEADER]: input.eventId,
  };
}

export type WebhookVerification = 'valid' | 'missing-header' | 'bad-signature' | 'stale';

/**
 * What a receiver checks: the signature over the raw body as received, compared in constant time, and a
 * timestamp within the tolerance of its clock, so a captured request cannot be replayed later.
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
  const timestamp = header(TIMESTAMP_HEADER);
  const eventId = header(EVENT_ID_HEADER);
  if (!signature || !timestamp || !eventId) return 'missing-header';
  const expected = Buffer.from(signatureOf(input.secret, timestamp, eventId, input.body), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad-signature';
  if (!/^\d{1,12}$/.test(timestamp)) return 'bad-signature';
  const age = Math.abs(input.now.getTime() / 1000 - Number(timestamp));
  return age > (input.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS) ? 'stale' : 'valid';
}
