import { z } from 'zod';
import { resultOf } from './common.ts';

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

export const LoginBodySchema = z.object({
  email_address: Email,
  password: z.string().min(1).max(256),
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

export const ExtendBodySchema = z.object({ refresh_token: z.string().min(1).max(512) });
export type ExtendBody = z.infer<typeof ExtendBodySchema>;
/** spec §7: result.AuthenticationResult; refresh tokens rotate, so a new one is returned. */
export const ExtendAnswerSchema = resultOf(z.object({ AuthenticationResult: TokenSetSchema }));
export type ExtendAnswer = z.infer<typeof ExtendAnswerSchema>;

export const REGISTRATION_TYPES = ['PV', 'NPV'] as const;

/** Vendor-code flow (PV): the outlet exists; the code and its e-mail prove ownership. */
export const RegisterVendorCodeBodySchema = z.object({
  registration_type: z.literal('PV'),
  vendor_code: z.string().trim().min(1).max(64),
  vendor_email: Email,
  email_address: Email,
  password: z.string().min(1).max(256),
});
/** Business-vendor flow (NPV): a new business with no vendor code. */
export const RegisterBusinessBodySchema = z.object({
  registration_type: z.literal('NPV'),
  business_name: z.string().trim().min(1).max(120),
  mobile_number: z.string().trim().min(4).max(20),
  vat_number: z.string().trim().max(8).optional(),
  email_address: Email,
  password: z.string().min(1).max(256),
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

export const VerifyEmailQuerySchema = z.object({ token: z.string().min(1).max(512) });

export const ForgotPasswordBodySchema = z.object({ email_address: Email });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;
export const ResetPasswordBodySchema = z.object({
  email_address: Email,
  code: z.string().regex(/^\d{6}$/),
  password: z.string().min(1).max(256),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const MeAnswerSchema = resultOf(z.object({ id: z.string(), email: z.string() }));
export type MeAnswer = z.infer<typeof MeAnswerSchema>;
