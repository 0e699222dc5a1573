import { z } from 'zod';
import { REGISTRATION_TYPES } from '../contracts/auth.ts';
import { isValidPassword, passwordsMatch, RESET_CODE_PATTERN } from './password.ts';
import { vatNumberError } from './vat-number.ts';

// The forms' messages are translation keys; the browser fills in their {{length}}.

/** spec §5 "Accounts": login has no client-side validation; the server's answer is the message. */
export const LoginFormSchema = z.object({ email: z.string(), password: z.string() });
export type LoginForm = z.infer<typeof LoginFormSchema>;

/** The e-mail a reset code is sent to; the server answers for any address, so nothing is checked here. */
export const ForgotPasswordFormSchema = z.object({ email: z.string() });
export type ForgotPasswordForm = z.infer<typeof ForgotPasswordFormSchema>;

/** spec §5: a 6-digit reset code, a new password that follows the rules, typed twice; every failure shows. */
export const ResetPasswordFormSchema = z
  .object({
    code: z.string().regex(RESET_CODE_PATTERN, 'reset.error.code'),
    password: z.string().refine(isValidPassword, 'register.error.password'),
    confirmation: z.string(),
  })
  .refine((form) => passwordsMatch(form.password, form.confirmation), {
    path: ['confirmation'],
    message: 'password.mismatch',
  });
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>;

/**
 * spec §5: registration has no client-side validation but the password rules, the password typed twice
 * alike and, for a business (NPV), the 8-character VAT number; the first failing one is named alone.
 */
export const RegisterFormSchema = z
  .object({
    registrationType: z.enum(REGISTRATION_TYPES),
    vendorCode: z.string(),
    vendorEmail: z.string(),
    businessName: z.string(),
    mobileNumber: z.string(),
    vatNumber: z.string(),
    email: z.string(),
    password: z.string(),
    confirmation: z.string(),
  })
  .superRefine((form, issues) => {
    if (!isValidPassword(form.password)) {
      issues.addIssue({ code: 'custom', path: ['password'], message: 'register.error.password' });
    } else if (!passwordsMatch(form.password, form.confirmation)) {
      // spec §5: "the two passwords must match".
      issues.addIssue({ code: 'custom', path: ['confirmation'], message: 'password.mismatch' });
    } else if (form.registrationType === 'NPV' && vatNumberError(form.vatNumber)) {
      issues.addIssue({ code: 'custom', path: ['vatNumber'], message: 'register.error.vat' });
    }
  });
export type RegisterForm = z.infer<typeof RegisterFormSchema>;

/** An invited collection point owner chooses their password (spec §5 password rules). */
export const SetPasswordFormSchema = z
  .object({
    password: z.string().refine(isValidPassword, 'register.error.password'),
    confirmation: z.string(),
  })
  .refine((form) => passwordsMatch(form.password, form.confirmation), {
    path: ['confirmation'],
    message: 'password.mismatch',
  });
export type SetPasswordForm = z.infer<typeof SetPasswordFormSchema>;
