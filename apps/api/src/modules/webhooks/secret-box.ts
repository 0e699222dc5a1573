import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * An endpoint's signing secret must be read back to sign, so it cannot be hashed: it is kept sealed with
 * AES-256-GCM under a key derived from the instance's AUTH_SECRET (decision 152). A database dump alone
 * does not reveal it; rotating AUTH_SECRET makes the endpoints' secrets unreadable (they are rotated then).
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const VERSION = 'v1';

/** A sealed secret this key cannot open: sealed under another AUTH_SECRET, or damaged. */
export class UnreadableSecret extends Error {
  constructor() {
    super('the endpoint secret cannot be opened with this AUTH_SECRET');
  }
}

export function secretBox(authSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', authSecret, '', 'riderdesk webhook endpoint secrets', 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || data === undefined) throw new UnreadableSecret();
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new UnreadableSecret();
      }
    },
  };
}

/** A new signing secret, shown to the merchant once. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
