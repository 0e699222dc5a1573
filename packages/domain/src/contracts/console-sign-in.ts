import { z } from 'zod';
import { OPERATOR_ROLES } from '../console/roles.ts';
import { RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '../console/session.ts';
import { EmailSchema, PasswordInputSchema } from './auth.ts';
import { tokenSchema } from './common.ts';

/**
 * The operator console's sign-in (issue 36, decision 169): a password, then a code of the operator's
 * authenticator app or one of their recovery codes; an operator without a second factor enrols it first.
 */

export const OperatorRoleSchema = z.enum(OPERATOR_ROLES);

/** The signed-in operator, as the console shows them. */
export const OperatorSelfSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: OperatorRoleSchema,
});
export type OperatorSelf = z.infer<typeof OperatorSelfSchema>;

/** POST /api/v1/console/sign-in */
export const ConsoleSignInBodySchema = z.object({ email_address: EmailSchema, password: PasswordInputSchema });
export type ConsoleSignInBody = z.infer<typeof ConsoleSignInBodySchema>;

// A challenge is a short JWT; a set-up token 256 random bits in base64url.
const ChallengeSchema = tokenSchema(2048);
const SetUpTokenSchema = tokenSchema(512);

/**
 * What the password step answers: the challenge the next step sends back, and what it asks for. `code`: a code of
 * the app (or a recovery code). `enrol`: no second factor yet; the app is set up from `otpauth_uri` (shown as a QR
 * code and as text) or its `secret` typed in, and its first code confirms it.
 */
export const ConsoleChallengeSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('code'), challenge: z.string() }),
  z.object({ step: z.literal('enrol'), challenge: z.string(), otpauth_uri: z.string(), secret: z.string() }),
]);
export type ConsoleChallenge = z.infer<typeof ConsoleChallengeSchema>;

/** POST /api/v1/console/sign-in/code: a code of the app, or a recovery code (used up by this). */
export const ConsoleCodeBodySchema = z.union([
  z.object({ challenge: ChallengeSchema, code: z.string().regex(TOTP_CODE_PATTERN, 'console.error.code-format') }),
  z.object({ challenge: ChallengeSchema, recovery_code: z.string().max(64) }),
]);
export type ConsoleCodeBody = z.infer<typeof ConsoleCodeBodySchema>;

/**
 * A console session: the bearer token of every console call, and when it ends at the latest. `recovery_codes`
 * are given once, at enrolment (null otherwise); `recovery_codes_left` says how many unused ones remain.
 */
export const ConsoleSessionSchema = z.object({
  token: z.string(),
  expires_at: z.iso.datetime(),
  idle_timeout_s: z.number().int().positive(),
  operator: OperatorSelfSchema,
  recovery_codes: z.array(z.string().regex(RECOVERY_CODE_PATTERN)).nullable(),
  recovery_codes_left: z.number().int().min(0),
});
export type ConsoleSession = z.infer<typeof ConsoleSessionSchema>;

/** GET /api/v1/console/me: who the session is, and when it ends at the latest. */
export const ConsoleMeSchema = z.object({ operator: OperatorSelfSchema, expires_at: z.iso.datetime() });
export type ConsoleMe = z.infer<typeof ConsoleMeSchema>;

/** POST /api/v1/console/set-up/inspect: whom a set-up link (the first operator's, an invitation) is for. */
export const ConsoleSetUpTokenBodySchema = z.object({ token: SetUpTokenSchema });
export const ConsoleSetUpInvitationSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: OperatorRoleSchema,
});
export type ConsoleSetUpInvitation = z.infer<typeof ConsoleSetUpInvitationSchema>;

/** POST /api/v1/console/set-up: the operator's password; answers the enrolment step of the sign-in. */
export const ConsoleSetUpBodySchema = z.object({ token: SetUpTokenSchema, password: PasswordInputSchema });
export type ConsoleSetUpBody = z.infer<typeof ConsoleSetUpBodySchema>;
