import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../clock.ts';

const ISSUER = 'riderdesk';
const AUDIENCE = 'riderdesk-merchant-api';
const TYP = 'merchant-api';

/** A key of its own for the merchant API's access tokens, derived from the server's signing secret. */
const derive = (secret: string) => new Uint8Array(createHmac('sha256', secret).update('merchant-api-access').digest());

export type Environment = 'san' | 'stg' | 'prd';

/** What a valid access token says: the client it was given to, the environment it was given in, until when. */
export interface AccessTokenClaims {
  clientId: string;
  environment: Environment;
  expiresAt: Date;
}

/**
 * The merchant API's access tokens: HS256 JWTs naming the client (sub) and the deployment's environment (env).
 * A valid signature proves only who the token was given to; the client is checked in the database, or in the
 * short-lived cache that revocations empty on every instance (decisions 151, 161).
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

  sign(clientId: string, ttlSeconds: number, environment: Environment): Promise<string> {
    const now = Math.floor(this.#now().getTime() / 1000);
    return new SignJWT({ typ: TYP, env: environment })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(clientId)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(this.#key);
  }

  /** Whom and where a token was given to, or null when it is not one of ours or has expired. */
  async claimsOf(token: string): Promise<AccessTokenClaims | null> {
    for (const key of this.#verifyKeys) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: this.#now(),
        });
        const { typ, sub, env, exp } = payload;
        if (typ !== TYP || typeof sub !== 'string' || typeof exp !== 'number') return null;
        if (env !== 'san' && env !== 'stg' && env !== 'prd') return null;
        return { clientId: sub, environment: env, expiresAt: new Date(exp * 1000) };
      } catch (error) {
        // A token that is not ours, altered or expired: the next key, or no client.
        if (!(error instanceof errors.JOSEError)) throw error;
      }
    }
    return null;
  }
}
