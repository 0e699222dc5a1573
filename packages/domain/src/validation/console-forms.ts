import { z } from 'zod';
import { OPERATOR_ROLES } from '../console/roles.ts';
import { normaliseRecoveryCode, TOTP_CODE_PATTERN } from '../console/session.ts';

/**
 * The operator console's forms (issue 36), checked with react-hook-form's zodResolver (decision 037). Messages
 * are translation keys of the console's catalogues, or of the merchants' for what both share.
 */

/** The password step: both fields given; whether they are right is the server's answer. */
export const ConsoleSignInFormSchema = z.object({
  email: z.string().trim().min(1, 'console.form.required'),
  password: z.string().min(1, 'console.form.required'),
});
export type ConsoleSignInForm = z.infer<typeof ConsoleSignInFormSchema>;

/** A code of the authenticator app: six digits (spaces typed between groups are left out). */
export const ConsoleCodeFormSchema = z.object({
  code: z
    .string()
    .transform((code) => code.replace(/\s/g, ''))
    .pipe(z.string().regex(TOTP_CODE_PATTERN, 'console.error.code-format')),
});
export type ConsoleCodeForm = z.input<typeof ConsoleCodeFormSchema>;

/** A recovery code as typed, in any case, with or without its dashes. */
export const ConsoleRecoveryFormSchema = z.object({
  recoveryCode: z.string().refine((code) => normaliseRecoveryCode(code) !== null, 'console.form.recovery-code'),
});
export type ConsoleRecoveryForm = z.infer<typeof ConsoleRecoveryFormSchema>;

/** An admin invites an operator: an e-mail, a name, a role. */
export const OperatorInviteFormSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('console.form.email')),
  name: z.string().trim().min(1, 'console.form.required').max(100, 'console.form.too-long'),
  role: z.enum(OPERATOR_ROLES, 'console.form.required'),
});
export type OperatorInviteForm = z.input<typeof OperatorInviteFormSchema>;

/**
 * The audit log's search: every field optional; times as the date inputs give them (local ISO text), the end
 * not before the start.
 */
export const AuditSearchFormSchema = z
  .object({
    operatorId: z.string(),
    action: z.string(),
    targetType: z.string().regex(/^(?:[a-z][a-z0-9-]*)?$/, 'console.form.target-type'),
    targetId: z.string().trim().max(100, 'console.form.too-long'),
    from: z.string(),
    to: z.string(),
  })
  .refine((form) => !form.from || !form.to || new Date(form.from) <= new Date(form.to), {
    path: ['to'],
    message: 'console.form.range',
  });
export type AuditSearchForm = z.infer<typeof AuditSearchFormSchema>;
