import { createHmac, timingSafeEqual } from 'node:crypto';

// Riderdesk signs `${timestamp}.${eventId}.${raw body}` with your endpoint's secret (hex HMAC-SHA256) in
// X-Webhook-Signature, so the timestamp and event id are signed too. (X-Signature-SHA256 is pandago's signature
// of the raw body alone, for receivers written for pandago.) Check it on the raw bytes, before parsing the JSON;
// then drop repeats by X-Webhook-Event-Id.
export function verifyWebhook(secret, rawBody, headers, nowSeconds = Date.now() / 1000) {
  const timestamp = headers['x-webhook-timestamp'] ?? '';
  const eventId = headers['x-webhook-event-id'] ?? '';
  const given = Buffer.from(headers['x-webhook-signature'] ?? '', 'hex');
  const expected = createHmac('sha256', secret).update(`${timestamp}.${eventId}.`).update(rawBody).digest();
  const fresh = Math.abs(nowSeconds - Number(timestamp)) <= 300; // refuse a replay after 5 minutes
  return given.length === expected.length && timingSafeEqual(given, expected) && fresh;
}
