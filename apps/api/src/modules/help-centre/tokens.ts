import { createHmac } from 'node:crypto';
import { HELP_CENTRE_TOKEN_TTL_S } from '@riderdesk/domain/contracts/help-centre';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'riderdesk-help-centre';

/** Who a help centre token speaks for: one user, in one login session, acting for one of their vendors. */
export interface HelpCentreClaims {
  userId: string;
  /** The login the token was issued in: the token ends with it. */
  sessionId: string;
  email: string;
  vendorId: string;
}

type Kind = 'hc' | 'hc-frame';

/**
 * The help centre's own short-lived tokens, signed with a key derived from AUTH_SECRET so that neither
 * kind can be used as the other or as a session token (docs/decisions/085-embedded-help-centre.md).
 * `hc` is GET /vendor/{id}/hc_jwt_token's verification token; `hc-frame` is what the frame calls with.
 */
export class HelpCentreTokens {
  readonly #key: Uint8Array;
  readonly #now: () => Date;

  constructor(secret: string, now: () => Date) {
    this.#key = new Uint8Array(createHmac('sha256', secret).update('help-centre').digest());
    this.#now = now;
  }

  sign(kind: Kind, claims: HelpCentreClaims, ttlSeconds = HELP_CENTRE_TOKEN_TTL_S): Promise<string> {
    const now = Math.floor(this.#now().getTime() / 1000);
    return new SignJWT({ typ: kind, sid: claims.sessionId, email: claims.email, vendor_id: claims.vendorId })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setSubject(claims.userId)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(this.#key);
  }

  /** The claims of a valid, unexpired token of this kind; null for anything else. */
  async verify(kind: Kind, token: string): Promise<HelpCentreClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: this.#now(),
        requiredClaims: ['sub', 'exp'],
      });
      const { typ, sid, email, vendor_id: vendorId } = payload;
      if (typ !== kind || typeof vendorId !== 'string' || typeof email !== 'string' || typeof sid !== 'string') {
        return null;
      }
      return { userId: payload.sub!, sessionId: sid, email, vendorId };
    } catch {
      return null;
    }
  }
}
