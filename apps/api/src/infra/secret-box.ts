import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A secret the server must read back (a webhook endpoint's signing secret, an operator's TOTP secret) cannot be
 * hashed: it is kept sealed with AES-256-GCM under a key derived from AUTH_SECRET and the secret's purpose
 * (decision 152), so a database dump alone does not reveal it, and one purpose's key opens nothing of another's.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** Opens with the current AUTH_SECRET's key, or a previous one's (AUTH_SECRET_PREVIOUS) during a rotation. */
  open(sealed: string): string;
}

const VERSION = 'v1';

/** A sealed secret no key of this box opens: sealed under another AUTH_SECRET, or damaged. */
export class UnreadableSecret extends Error {
  constructor() {
    super('the sealed secret cannot be opened with this AUTH_SECRET');
  }
}

const keyOf = (secret: string, purpose: string) => Buffer.from(hkdfSync('sha256', secret, '', purpose, 32));

/**
 * The box of one purpose (the HKDF info: 'riderdesk webhook endpoint secrets', 'riderdesk operator totp
 * secrets'). It seals with AUTH_SECRET's key; it opens with that key or, when given, a previous secret's, so a
 * value sealed before a rotation stays readable until it is sealed again.
 */
export function secretBox(authSecret: string, purpose: string, previousSecrets: readonly string[] = []): SecretBox {
  const key = keyOf(authSecret, purpose);
  const openingKeys = [key, ...previousSecrets.map((secret) => keyOf(secret, purpose))];
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
      for (const openingKey of openingKeys) {
        try {
          const decipher = createDecipheriv('aes-256-gcm', openingKey, Buffer.from(iv, 'base64url'));
          decipher.setAuthTag(Buffer.from(tag, 'base64url'));
          return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
        } catch {
          // Another key's, perhaps: the next one is tried.
        }
      }
      throw new UnreadableSecret();
    },
  };
}

/** How long an opened secret is kept in memory, and how many at most (the oldest go first). */
export const OPENED_SECRET_TTL_MS = 60_000;
export const OPENED_SECRET_MAX = 1_000;

/**
 * The box, remembering for a short while what it opened, keyed by the sealed value itself: a rotated secret
 * is a new sealed value, so it is opened afresh at once on every instance, and an old one is never used for
 * it. The time limit only bounds how long a plain secret stays in memory; a failure to open is not kept.
 */
export function cachingSecretBox(
  box: SecretBox,
  options: { ttlMs?: number; max?: number; now?: () => number } = {},
): SecretBox {
  const ttlMs = options.ttlMs ?? OPENED_SECRET_TTL_MS;
  const max = options.max ?? OPENED_SECRET_MAX;
  const now = options.now ?? Date.now;
  const opened = new Map<string, { plain: string; until: number }>();
  return {
    seal: (plain) => box.seal(plain),
    open(sealed) {
      const at = now();
      const kept = opened.get(sealed);
      if (kept && kept.until > at) return kept.plain;
      opened.delete(sealed);
      const plain = box.open(sealed);
      if (opened.size >= max) {
        // Insertion order: the first key is the oldest.
        const oldest = opened.keys().next().value;
        if (oldest !== undefined) opened.delete(oldest);
      }
      opened.set(sealed, { plain, until: at + ttlMs });
      return plain;
    },
  };
}
