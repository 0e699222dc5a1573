/**
 * The operator console's roles (issue 36). An operator has one. `admin` may do everything; the others are
 * named by each console route and section: operations (vendors, outlets, riders, orders, vouchers, flags),
 * support (tickets, reading orders, cancelling with a reason), finance (read-only money views and exports).
 */
export const OPERATOR_ROLES = ['admin', 'operations', 'support', 'finance'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * Whether an operator of `role` may make a call, or see a section, granted to `granted`: an admin always may;
 * an empty grant is every signed-in operator (their own session, their own profile).
 */
export function mayOperate(role: OperatorRole, granted: readonly OperatorRole[]): boolean {
  return role === 'admin' || granted.length === 0 || granted.includes(role);
}
