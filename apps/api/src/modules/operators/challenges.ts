import { hkdfSync } from 'node:crypto';
import { SIGN_IN_CHALLENGE_TTL_S } from '@riderdesk/domain/console/session';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../clock.ts';

const ISSUER = 'riderdesk';
const AUDIENCE = 'riderdesk-console';
const TYP = 'console-challenge';

/** The step a challenge lets its holder take: a code of their app, or enrolling one. */
export type ChallengeStep = 'code' | 'enrol';

/**
 * Between the password and the second factor: an HS256 JWT naming the operator and the step, valid
 * SIGN_IN_CHALLENGE_TTL_S, under a key of its own derived from AUTH_SECRET. It proves the password was right a
 * moment ago; the operator is read again (active, not yet enrolled) when it is used. A rotation of AUTH_SECRET
 * during those minutes asks the operator for their password again.
 */
export class SignInChallenges {
  readonly #key: Uint8Array;
  readonly #now: Clock;

  constructor(authSecret: string, now: Clock) {
    this.#key = new Uint8Array(hkdfSync('sha256', authSecret, '', 'riderdesk console sign-in challenge', 32));
    this.#now = now;
  }

  issue(operatorId: string, step: ChallengeStep): Promise<string> {
    const at = Math.floor(this.#now().getTime() / 1000);
    return new SignJWT({ typ: TYP, step })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(operatorId)
      .setIssuedAt(at)
      .setExpirationTime(at + SIGN_IN_CHALLENGE_TTL_S)
      .sign(this.#key);
  }

  /** The operator and step a challenge names, or null when it is not ours, was altered or has expired. */
  async read(challenge: string): Promise<{ operatorId: string; step: ChallengeStep } | null> {
    try {
      const { payload } = await jwtVerify(challenge, this.#key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: this.#now(),
      });
      const { typ, sub, step } = payload;
      if (typ !== TYP || typeof sub !== 'string' || (step !== 'code' && step !== 'enrol')) return null;
      return { operatorId: sub, step };
    } catch (error) {
      if (!(error instanceof errors.JOSEError)) throw error;
      return null;
    }
  }
}
