/** The audit actions of the console's Vendors and outlets page (issue 36) and of the command line's outlet decisions. */
export const VENDOR_AUDIT_ACTIONS = {
  approveOutlet: 'outlet.approve',
  activateOutlet: 'outlet.activate',
  deactivateOutlet: 'outlet.deactivate',
  updateSettings: 'vendor.update-settings',
  issueCode: 'vendor.issue-code',
} as const;

/** The audit actions of the console's Vouchers page (issue 36). */
export const VOUCHER_AUDIT_ACTIONS = {
  create: 'voucher.create',
  update: 'voucher.update',
  pause: 'voucher.pause',
  resume: 'voucher.resume',
} as const;
