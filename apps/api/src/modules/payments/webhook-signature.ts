import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../errors.ts';

export const SIGNATURE_HEADER = 'riderdesk-signature';
/** A call older (or newer) than this is refused, so a captured call cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const mac = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, as processors' webhook signatures are built. */
export function signWebhook(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  return `t=${timestamp},v1=${mac(secret, timestamp, body)}`;
}

export const badSignature = () => new AppError(400, 'WebhookSignatureInvalid', 'WebhookSignatureInvalid');

export function verifyWebhookSignature(secret: string, header: string | undefined, body: string, now: Date): void {
  if (!header || header.length > 512) throw badSignature();
  const parts = new Map(
    header.split(',').map((part) => {
      const [key = '', value = ''] = part.split('=', 2);
      return [key.trim(), value.trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) throw badSignature();
  if (Math.abs(now.getTime() / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) throw badSignature();
  const expected = Buffer.from(mac(secret, timestamp, body), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) throw badSignature();
}
