import type { Operator, OperatorStatus } from '@riderdesk/domain/contracts/console-operators';
import type { OperatorSelf } from '@riderdesk/domain/contracts/console-sign-in';
import type { AuditState } from './model.ts';
import type { OperatorRow } from './repo.ts';

/** The wire shapes of the operators module, and what its audit entries say of an operator. */

export function statusOf(row: Pick<OperatorRow, 'password_hash' | 'deactivated_at'>): OperatorStatus {
  if (row.deactivated_at) return 'deactivated';
  return row.password_hash === null ? 'invited' : 'active';
}

export function operatorView(row: OperatorRow): Operator {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: statusOf(row),
    has_second_factor: row.totp_secret_sealed !== null,
    created_at: row.created_at.toISOString(),
    last_sign_in_at: row.last_sign_in_at?.toISOString() ?? null,
  };
}

export const selfView = (row: Pick<OperatorRow, 'id' | 'email' | 'name' | 'role'>): OperatorSelf => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
});

/** An operator in the audit log: who they are and what they may do; never a hash or a secret. */
export function operatorAuditState(
  row: Pick<OperatorRow, 'email' | 'name' | 'role' | 'password_hash' | 'deactivated_at' | 'totp_secret_sealed'>,
): AuditState {
  return {
    email: row.email,
    name: row.name,
    role: row.role,
    status: statusOf(row),
    has_second_factor: row.totp_secret_sealed !== null,
  };
}
