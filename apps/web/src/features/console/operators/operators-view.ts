import { OPERATOR_ROLES, type OperatorRole } from '@riderdesk/domain/console/roles';
import type { Operator, OperatorStatus } from '@riderdesk/domain/contracts/console-operators';

/** What the Operators page shows of an operator, and what an admin may do to them from it. */
export interface OperatorRowView {
  id: string;
  name: string;
  email: string;
  role: OperatorRole;
  roleKey: string;
  status: OperatorStatus;
  statusKey: string;
  statusColor: string;
  /** The signed-in admin themselves: another admin changes them. */
  isYou: boolean;
  hasSecondFactor: boolean;
  lastSignInAt: Date | null;
  canChangeRole: boolean;
  canDeactivate: boolean;
  canReinvite: boolean;
  /** An admin resets another operator's password or authenticator app (a new set-up link by e-mail). */
  canResetCredentials: boolean;
}

const STATUS_COLORS: Record<OperatorStatus, string> = { active: 'teal', invited: 'blue', deactivated: 'gray' };
const STATUS_ORDER: Record<OperatorStatus, number> = { active: 0, invited: 1, deactivated: 2 };

export function operatorRow(operator: Operator, selfId: string | null): OperatorRowView {
  const isYou = operator.id === selfId;
  const isOpen = operator.status !== 'deactivated' && !isYou;
  return {
    id: operator.id,
    name: operator.name,
    email: operator.email,
    role: operator.role,
    roleKey: `console.role.${operator.role}`,
    status: operator.status,
    statusKey: `console.status.${operator.status}`,
    statusColor: STATUS_COLORS[operator.status],
    isYou,
    hasSecondFactor: operator.has_second_factor,
    lastSignInAt: operator.last_sign_in_at ? new Date(operator.last_sign_in_at) : null,
    canChangeRole: isOpen,
    canDeactivate: isOpen,
    canReinvite: isOpen && operator.status === 'invited',
    canResetCredentials: isOpen && operator.status === 'active',
  };
}

/** The page's rows: active operators first, then invited, then deactivated; by name within each. */
export function operatorRows(operators: readonly Operator[], selfId: string | null): OperatorRowView[] {
  return operators
    .map((operator) => operatorRow(operator, selfId))
    .sort(
      (a, b) =>
        STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
        a.name.localeCompare(b.name) ||
        a.email.localeCompare(b.email),
    );
}

/** How many active admins there are: the last one is not demoted nor deactivated (the server says so too). */
export const activeAdminCount = (operators: readonly Operator[]) =>
  operators.filter((operator) => operator.role === 'admin' && operator.status !== 'deactivated').length;

/** The roles offered for an operator: all of them, theirs first marked as current by the dialog. */
export const ROLE_CHOICES: readonly OperatorRole[] = OPERATOR_ROLES;

/** What a role may do, for the invite and role dialogs (console.role-hint.*). */
export const roleHintKey = (role: OperatorRole) => `console.role-hint.${role}`;
