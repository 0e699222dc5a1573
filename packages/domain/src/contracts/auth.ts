import { z } from 'zod';
import { resultOf, textSchema, tokenSchema, VatNumberSchema } from './common.ts';

/**
 * Login error codes of spec §8; the browser shows `auth.{code}`.
 */
export const AUTH_ERROR_CODES = [
  'InternalErrorException',
  'PasswordResetRequiredException',
  'TooManyRequestsException',
  'UserNotConfirmedException',
  'UserNotFoundException',
  'NotAuthorizedException',
  'CodeDeliveryFailureException',
  'UsernameExistsException',
  'ExpiredCodeException',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

const Email = z.string().trim().toLowerCase().max(254).pipe(z.email());
// A password is only ever hashed, never stored or compared as text, so any character may be in it.
const Password = z.string().min(1).max(256);
// Refresh tokens and e-mail verification tokens are 256-bit base64url values.
const Token = tokenSchema(512);

/** The e-mail and password inputs of every sign-in form, the operator console's too. */
export { Email as EmailSchema, Password as PasswordInputSchema };

export const LoginBodySchema = z.object({
  email_address: Email,
  password: Password,
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const TokenSetSchema = z.object({
  AccessToken: z.string(),
  IdToken: z.string(),
  RefreshToken: z.string(),
  /** Unix time in seconds at which AccessToken and IdToken expire. */
  Expires: z.number().int(),
});
export type TokenSet = z.infer<typeof TokenSetSchema>;
export const LoginAnswerSchema = resultOf(TokenSetSchema);
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;

export const LogoutAnswerSchema = resultOf(z.boolean());

export const ExtendBodySchema = z.object({ refresh_token: Token });
export type ExtendBody = z.infer<typeof ExtendBodySchema>;
/** spec §7: result.AuthenticationResult; refresh tokens rotate, so a new one is returned. */
export const ExtendAnswerSchema = resultOf(z.object({ AuthenticationResult: TokenSetSchema }));
export type ExtendAnswer = z.infer<typeof ExtendAnswerSchema>;

export const REGISTRATION_TYPES = ['PV', 'NPV'] as const;

/** Vendor-code flow (PV): the outlet exists; the code and its e-mail prove ownership. */
export const RegisterVendorCodeBodySchema = z.object({
  registration_type: z.literal('PV'),
  vendor_code: textSchema(64, { min: 1, trim: true }),
  vendor_email: Email,
  email_address: Email,
  password: Password,
});
/** Business-vendor flow (NPV): a new business with no vendor code. */
export const RegisterBusinessBodySchema = z.object({
  registration_type: z.literal('NPV'),
  business_name: textSchema(120, { min: 1, trim: true }),
  mobile_number: textSchema(20, { min: 4, trim: true }),
  vat_number: VatNumberSchema.optional(),
  email_address: Email,
  password: Password,
});
export const RegisterBodySchema = z.discriminatedUnion('registration_type', [
  RegisterVendorCodeBodySchema,
  RegisterBusinessBodySchema,
]);
export type RegisterBody = z.infer<typeof RegisterBodySchema>;
export const RegisterAnswerSchema = resultOf(
  z.object({ user_id: z.string(), email: z.string(), verification_required: z.boolean() }),
);
export type RegisterAnswer = z.infer<typeof RegisterAnswerSchema>;

export const VerifyEmailQuerySchema = z.object({ token: Token });

export const ForgotPasswordBodySchema = z.object({ email_address: Email });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;
export const ResetPasswordBodySchema = z.object({
  email_address: Email,
  code: z.string().regex(/^\d{6}$/),
  password: Password,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const MeAnswerSchema = resultOf(z.object({ id: z.string(), email: z.string() }));
export type MeAnswer = z.infer<typeof MeAnswerSchema>;

/**
 * GET and PUT /me/welcome: whether the signed-in user has been through the welcome walkthrough (spec §2, shown
 * once to a new user; docs/decisions/087-welcome-walkthrough.md). PUT marks it seen and answers the same.
 */
export const WelcomeAnswerSchema = resultOf(z.object({ seen: z.boolean() }));
export type WelcomeAnswer = z.infer<typeof WelcomeAnswerSchema>;
