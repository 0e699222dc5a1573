import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { authError, keyedError } from '../../errors.ts';
import type { SecretBox } from '../../infra/secret-box.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SignInChallenges } from './challenges.ts';

/** What every workflow of the operators module is given (decision 146). */
export interface OperatorsDeps {
  db: Db;
  now: Clock;
  passwords: PasswordHasher;
  /** Seals the operators' TOTP secrets under AUTH_SECRET (infra/secret-box.ts). */
  totpSecrets: SecretBox;
  challenges: SignInChallenges;
  mailer: Mailer;
  /** PUBLIC_URL: the set-up links are made on it. */
  publicUrl: string;
  /** The brand's name: the authenticator app's issuer, the invitation's sender. */
  serviceName: string;
}

/** One answer for an unknown e-mail, a wrong password, an operator not set up or deactivated. */
export const signInFailed = () => keyedError(401, 'NotAuthorizedException', 'console.error.sign-in-failed');
/** The challenge is not ours, altered or expired, or its operator changed meanwhile: start again. */
export const challengeExpired = () => keyedError(401, 'NotAuthorizedException', 'console.error.challenge-expired');
export const codeWrong = () => keyedError(401, 'NotAuthorizedException', 'console.error.code-wrong', 'code');
export const secondFactorUnreadable = () =>
  keyedError(401, 'NotAuthorizedException', 'console.error.second-factor-unreadable', 'code');
export const notSignedIn = () => keyedError(401, 'NotAuthorizedException', 'console.error.not-signed-in');
export const forbidden = () => keyedError(403, 'Forbidden', 'console.error.forbidden');
export const tooManyAttempts = () => authError(429, 'TooManyRequestsException');
export const setUpLinkInvalid = () => keyedError(404, 'NotFound', 'console.error.set-up-link-invalid', 'token');
export const operatorNotFound = () => keyedError(404, 'NotFound', 'console.error.operator-not-found', 'operatorId');
export const operatorExists = () => keyedError(409, 'Conflict', 'console.error.operator-exists', 'email_address');
/** The last active admin is neither demoted nor deactivated: nobody could manage operators afterwards. */
export const lastAdmin = () => keyedError(409, 'Conflict', 'console.error.last-admin');
/** An admin does not change their own role nor deactivate themselves: another admin does. */
export const notYourself = () => keyedError(409, 'Conflict', 'console.error.not-yourself', 'operatorId');
export const operatorDeactivated = () => keyedError(409, 'Conflict', 'console.error.operator-deactivated');
export const operatorSetUpAlready = () => keyedError(409, 'Conflict', 'console.error.operator-set-up');
export const badCursor = () => keyedError(400, 'InvalidParameterException', 'console.error.bad-cursor', 'cursor');
