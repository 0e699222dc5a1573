import type { OperatorRole } from '@riderdesk/domain/console/roles';

/**
 * What the operators module tells other modules (decision 034): the operator a console call is made by, and an
 * entry of the audit log. A module's console routes read the first with `operatorOf(request)` (guard.ts) and
 * write the second with `recordAudit(tx, …)` (audit.ts) in the transaction of their change.
 */
export interface ConsoleOperator {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
  sessionId: string;
}

/** A JSON object describing a target's state: the fields an admin reads, never a secret or a password hash. */
export type AuditState = Record<string, unknown>;

export interface AuditEntryInput {
  /** The change's time, from the module's clock (decision 026). */
  at: Date;
  /** Who made it; null for the command line (`npm run ops`). */
  operatorId: string | null;
  /** "<target type>.<verb>" in kebab case, one of the domain's AUDIT_ACTIONS ("operator.invite"). */
  action: string;
  /** What it was made to: `{ type: 'operator', id }`, `{ type: 'vendor', id: vendorId }`. */
  target: { type: string; id: string };
  /** The state before the change (null for a creation) and after it (null for a deletion). */
  before: AuditState | null;
  after: AuditState | null;
}
