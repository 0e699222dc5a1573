import { z } from 'zod';
import { EmailSchema } from './auth.ts';
import { textSchema } from './common.ts';
import { OperatorRoleSchema } from './console-sign-in.ts';

/** The console's Operators page (issue 36): an admin lists, invites, changes roles and deactivates. */

export const OPERATOR_STATUSES = ['invited', 'active', 'deactivated'] as const;
export type OperatorStatus = (typeof OPERATOR_STATUSES)[number];

export const OperatorSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: OperatorRoleSchema,
  /** invited: has not set a password yet; deactivated: may no longer sign in. */
  status: z.enum(OPERATOR_STATUSES),
  has_second_factor: z.boolean(),
  created_at: z.iso.datetime(),
  last_sign_in_at: z.iso.datetime().nullable(),
});
export type Operator = z.infer<typeof OperatorSchema>;

export const OperatorListSchema = z.object({ operators: z.array(OperatorSchema) });
export type OperatorList = z.infer<typeof OperatorListSchema>;

export const OperatorNameSchema = textSchema(100, { min: 1, trim: true });

/** POST /api/v1/console/operators: the invitation is e-mailed to the address. */
export const OperatorInviteBodySchema = z.object({
  email_address: EmailSchema,
  name: OperatorNameSchema,
  role: OperatorRoleSchema,
});
export type OperatorInviteBody = z.infer<typeof OperatorInviteBodySchema>;

export const OperatorParamsSchema = z.object({ operatorId: z.uuid() });

/** PUT /api/v1/console/operators/{operatorId}/role */
export const OperatorRoleBodySchema = z.object({ role: OperatorRoleSchema });
export type OperatorRoleBody = z.infer<typeof OperatorRoleBodySchema>;

/** POST /api/v1/console/operators/{operatorId}/reset: a new set-up link; the operator's sessions end. */
export const OperatorResetBodySchema = z.object({ what: z.enum(['password', 'two-factor']) });
export type OperatorResetBody = z.infer<typeof OperatorResetBodySchema>;
