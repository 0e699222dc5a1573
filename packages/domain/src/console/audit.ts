import { VENDOR_AUDIT_ACTIONS, VOUCHER_AUDIT_ACTIONS } from './vendor-audit.ts';

/**
 * The console's audit log (issue 36, decision 170): every change an operator makes, who, when, what, before and
 * after. An action is named "<target type>.<verb>" in kebab case; a search for its first part ("operator") finds
 * every action of that target type.
 */
export const AUDIT_ACTION_PATTERN = /^[a-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*)+$/;
/** What an action search may be: an action, or its first parts. */
export const AUDIT_ACTION_SEARCH_PATTERN = /^[a-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*)*$/;
export const AUDIT_TARGET_TYPE_PATTERN = /^[a-z][a-z0-9-]*$/;

/** The operators module's actions (the command line's, the sign-in's and the Operators page's). */
export const OPERATOR_AUDIT_ACTIONS = {
  create: 'operator.create',
  invite: 'operator.invite',
  reinvite: 'operator.reinvite',
  setUp: 'operator.set-up',
  enrol: 'operator.enrol',
  signIn: 'operator.sign-in',
  recoveryCodeUsed: 'operator.recovery-code-used',
  changeRole: 'operator.change-role',
  deactivate: 'operator.deactivate',
  resetPassword: 'operator.reset-password',
  resetTwoFactor: 'operator.reset-two-factor',
} as const;

/** The Support page's actions (decision 182). */
export const SUPPORT_AUDIT_ACTIONS = {
  assign: 'ticket.assign',
  reply: 'ticket.reply',
  note: 'ticket.note',
  changeStatus: 'ticket.change-status',
} as const;

/** The Platform settings page's actions (decision 183). */
export const SETTINGS_AUDIT_ACTIONS = {
  setFlag: 'flag.set',
  setMaintenance: 'maintenance.set',
  setCountryParameter: 'country-parameter.set',
  issuePartnerToken: 'partner-token.issue',
  revokePartnerToken: 'partner-token.revoke',
} as const;

/** The console finance section's changes (issue 38, decision 179). */
export const FINANCE_AUDIT_ACTIONS = {
  deposit: 'rider-cash.deposit',
  markPaid: 'settlement.mark-paid',
  run: 'settlement.run',
  resolveDispute: 'settlement-line.resolve',
} as const;

/** The live operations board's and the Riders page's actions (decision 181). */
export const FLEET_AUDIT_ACTIONS = {
  reassignOrder: 'order.reassign',
  cancelOrder: 'order.cancel',
  createRider: 'rider.create',
  deactivateRider: 'rider.deactivate',
} as const;

/**
 * Every action the audit log may hold, by its module: the audit page offers them in its search and shows each
 * by its text (console catalogue `console.audit.action.<action>`, checked for both languages by the API tests).
 * A module that adds console changes adds its object here.
 */
export const AUDIT_ACTIONS: readonly string[] = [
  ...Object.values(OPERATOR_AUDIT_ACTIONS),
  ...Object.values(FLEET_AUDIT_ACTIONS),
  ...Object.values(VENDOR_AUDIT_ACTIONS),
  ...Object.values(VOUCHER_AUDIT_ACTIONS),
  ...Object.values(SUPPORT_AUDIT_ACTIONS),
  ...Object.values(SETTINGS_AUDIT_ACTIONS),
  ...Object.values(FINANCE_AUDIT_ACTIONS),
];

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_MAX = 200;
/** An export holds at most this many entries (the newest), so one request cannot hold the server for long. */
export const AUDIT_EXPORT_MAX = 50_000;
