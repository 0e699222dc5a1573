import { z } from 'zod';
import { textSchema } from './common.ts';

/** Flags of spec §6 with their built-in defaults (spec §9: maintenance off, help centre on). */
export const FLAG_DEFAULTS = {
  BulkOrderUpload: true,
  EditVendorOutlet: true,
  AddVendorOutlet: true,
  Helpcenter: true,
  DeactivateSignUpButton: false,
  PlannedMaintenance: false,
  UnplannedMaintenance: false,
  DelayedCancellation: false,
  DynamicTimeEstimation: true,
  GuestCheckout: true,
  PreOrder: true,
  Voucher: true,
  PaymentVat: true,
  PayAtPickup: false,
  ModifyOrderButton: true,
  AddressBook: true,
  ProofOfDelivery: true,
  ProofOfPickup: true,
  ProofOfReturn: true,
  GoogleAutocomplete: false,
} as const satisfies Record<string, boolean>;
export type FlagName = keyof typeof FLAG_DEFAULTS;
export const FLAG_NAMES = Object.keys(FLAG_DEFAULTS) as FlagName[];

/** GET /api/v1/flags (spec §7): with `vendor_id`, the flags as they hold for that vendor. */
export const FlagsQuerySchema = z.object({ vendor_id: textSchema(64).optional() });

export const FlagVariationsSchema = z.object({
  variations: z.record(z.string(), z.boolean()),
});
export type FlagVariations = z.infer<typeof FlagVariationsSchema>;
export type Flags = Record<FlagName, boolean>;

/** Unknown names are ignored so an old browser survives a newer flag list. */
export function mergeFlags(variations: Record<string, boolean> | undefined): Flags {
  const flags: Flags = { ...FLAG_DEFAULTS };
  for (const name of FLAG_NAMES) {
    const value = variations?.[name];
    if (typeof value === 'boolean') flags[name] = value;
  }
  return flags;
}

/** The flags an order's own parts stand behind. */
export type OrderFlagName = Extract<FlagName, 'Voucher' | 'PreOrder' | 'PaymentVat'>;

/** The parts of an order a flag stands behind (spec §6): the only ones an order body is checked for. */
export interface FlaggedOrderParts {
  voucher?: unknown;
  preordered_for?: unknown;
  vat_number?: unknown;
}

/**
 * The flags an order needs on (spec §6): a voucher needs Voucher, a pre-order time PreOrder and a VAT number
 * PaymentVat. The same for a single order, a payment intent's order and a bulk row's.
 */
export function flagsOfOrder(order: FlaggedOrderParts): OrderFlagName[] {
  const needed: OrderFlagName[] = [];
  if (order.voucher != null) needed.push('Voucher');
  if (order.preordered_for != null) needed.push('PreOrder');
  const vat = order.vat_number;
  if (typeof vat === 'string' ? vat.trim() !== '' : vat != null) needed.push('PaymentVat');
  return needed;
}
