import { randomBytes } from 'node:crypto';
import { type SecretBox, secretBox } from '../../infra/secret-box.ts';

/**
 * An endpoint's signing secret is read back to sign, so it is sealed, not hashed (infra/secret-box.ts, decision
 * 152). Rotating AUTH_SECRET makes the endpoints' secrets unreadable: they are rotated then.
 */
export const webhookSecretBox = (authSecret: string): SecretBox =>
  secretBox(authSecret, 'riderdesk webhook endpoint secrets');

/** A new signing secret, shown to the merchant once. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
