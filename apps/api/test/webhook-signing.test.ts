import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnreadableSecret } from '../src/infra/secret-box.ts';
import { webhookSecretBox } from '../src/modules/webhooks/secret-box.ts';
import {
  EVENT_ID_HEADER,
  SIGNATURE_HEADER,
  signWebhook,
  TIMESTAMP_HEADER,
  TIMESTAMPED_SIGNATURE_HEADER,
  verifyWebhook,
} from '../src/modules/webhooks/signing.ts';

const NOW = new Date('2026-03-10T08:00:00Z');
const EVENT_ID = '4f9c2a8e-1d3b-4c5a-9e7f-0a1b2c3d4e5f';

describe('webhook signatures', () => {
  it('signs the raw body as pandago does (hex HMAC-SHA256), and the timestamp and event id with it', () => {
    const body = '{"order_id":"a"}';
    const headers = signWebhook({ secret: 'whsec_a', eventId: EVENT_ID, body, now: NOW });
    const hmac = (text: string) => createHmac('sha256', 'whsec_a').update(text).digest('hex');
    expect(headers[SIGNATURE_HEADER]).toBe(hmac(body));
    expect(headers[TIMESTAMP_HEADER]).toBe(String(NOW.getTime() / 1000));
    expect(headers[EVENT_ID_HEADER]).toBe(EVENT_ID);
    expect(headers[TIMESTAMPED_SIGNATURE_HEADER]).toBe(hmac(`${NOW.getTime() / 1000}.${EVENT_ID}.${body}`));
  });

  it('verifies a signed body, and refuses any changed byte, timestamp, event id or secret', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 0, maxLength: 512 }),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (bytes, position, flip, shift) => {
          const body = Buffer.from(bytes);
          const headers = signWebhook({ secret: 'whsec_secret', eventId: EVENT_ID, body, now: NOW });
          const verify = (b: Buffer, h: Record<string, string>, secret = 'whsec_secret') =>
            verifyWebhook({ secret, body: b, headers: h, now: NOW, toleranceSeconds: 2_000_000 });
          expect(verify(body, headers)).toBe('valid');
          expect(verify(body, headers, 'whsec_other')).toBe('bad-signature');
          if (body.length > 0) {
            const changed = Buffer.from(body);
            const at = position % body.length;
            changed[at] = (changed[at] ?? 0) ^ flip;
            expect(verify(changed, headers)).toBe('bad-signature');
          }
          expect(verify(Buffer.concat([body, Buffer.from([flip])]), headers)).toBe('bad-signature');
          const timestamp = String(Number(headers[TIMESTAMP_HEADER]) + (flip % 2 ? shift : -shift));
          expect(verify(body, { ...headers, [TIMESTAMP_HEADER]: timestamp })).toBe('bad-signature');
          expect(verify(body, { ...headers, [EVENT_ID_HEADER]: `${EVENT_ID.slice(0, -1)}0` })).toBe('bad-signature');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a missing header, a malformed signature and a timestamp outside the tolerance', () => {
    const body = '{"status":"DELIVERED"}';
    const headers = signWebhook({ secret: 's', eventId: EVENT_ID, body, now: NOW });
    const { [SIGNATURE_HEADER]: _signature, ...unsigned } = headers;
    expect(verifyWebhook({ secret: 's', body, headers: unsigned, now: NOW })).toBe('missing-header');
    const { [TIMESTAMPED_SIGNATURE_HEADER]: _timestamped, ...untimed } = headers;
    expect(verifyWebhook({ secret: 's', body, headers: untimed, now: NOW })).toBe('missing-header');
    expect(
      verifyWebhook({
        secret: 's',
        body,
        headers: { ...headers, [TIMESTAMPED_SIGNATURE_HEADER]: 'ab'.repeat(32) },
        now: NOW,
      }),
    ).toBe('bad-signature');
    expect(verifyWebhook({ secret: 's', body, headers: { ...headers, [SIGNATURE_HEADER]: 'zz' }, now: NOW })).toBe(
      'bad-signature',
    );
    const later = new Date(NOW.getTime() + 301_000);
    expect(verifyWebhook({ secret: 's', body, headers, now: later })).toBe('stale');
    expect(verifyWebhook({ secret: 's', body, headers, now: new Date(NOW.getTime() + 299_000) })).toBe('valid');
  });
});

describe('sealed endpoint secrets', () => {
  it('opens what it sealed, under the same AUTH_SECRET only', () => {
    const box = webhookSecretBox('auth-secret-one');
    const sealed = box.seal('whsec_abc');
    expect(sealed).not.toContain('whsec_abc');
    expect(box.open(sealed)).toBe('whsec_abc');
    expect(box.seal('whsec_abc')).not.toBe(sealed);
    expect(() => webhookSecretBox('auth-secret-two').open(sealed)).toThrow(UnreadableSecret);
    expect(() => box.open('v1.garbage')).toThrow(UnreadableSecret);
  });
});
