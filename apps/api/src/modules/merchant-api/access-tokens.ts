import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../clock.ts';

const ISSUER = 'riderdesk';
const AUDIENCE = 'riderdesk-merchant-api';
const TYP = 'merchant-api';

/** A key of its own for the merchant API's access tokens, derived from the server's signing secret. */
const derive = (secret: string) => new Uint8Array(createHmac('sha256', secret).update('merchant-api-access').digest());

/**
 * The merchant API's access tokens: HS256 JWTs naming the client (sub). A valid signature proves only who the
 * token was given to; the client is checked in the database on every call (decision 151).
 */
export class AccessTokens {
  readonly #key: Uint8Array;
  /** The signing key first, then those of the previous secrets during a rotation. */
  readonly #verifyKeys: Uint8Array[];
  readonly #now: Clock;

  constructor(secret: string, now: Clock, previousSecrets: readonly string[] = []) {
    this.#key = derive(secret);
    this.#verifyKeys = [this.#key, ...previousSecrets.map(derive)];
    this.#now = now;
  }

  sign(clientId: string, ttlSeconds: number): Promise<string> {
    const now = Math.floor(this.#now().getTime() / 1000);
    return new SignJWT({ typ: TYP })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(clientId)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(this.#key);
  }

  /** The client a token was given to, or null when it is not one of ours or has expired. */
  async clientOf(token: string): Promise<string | null> {
    for (const key of this.#verifyKeys) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: this.#now(),
        });
        return payload.typ === TYP && typeof payload.sub === 'string' ? payload.sub : null;
      } catch (error) {
        // A token that is not ours, altered or expired: the next key, or no client.
        if (!(error instanceof errors.JOSEError)) throw error;
      }
    }
    return null;
  }
}
