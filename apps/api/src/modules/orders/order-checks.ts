import type { OrderCreateBody } from '@riderdesk/domain/contracts/orders';
import { isDeliverable } from '@riderdesk/domain/delivery-area';
import type { GeoPoint } from '@riderdesk/domain/money';
import { isWithinPreorderWindow } from '@riderdesk/domain/orders/preorder-window';
import { firstAddressError } from '@riderdesk/domain/validation/address';
import { vatNumberError } from '@riderdesk/domain/validation/vat-number';
import { keyedError } from '../../errors.ts';
import type { VendorRow } from '../vendors/model.ts';
import { hasPickupAddress } from '../vendors/vendor-access.ts';

// Card payments are placed through the payment-intent confirmation (spec §7), never POST /order.
const DIRECT_ORDER_EXCLUDED_METHODS: readonly string[] = ['ONLINE_PAYMENT'];

const invalid = (key: string, field: string) => keyedError(400, 'ValidationError', key, field);

/**
 * The payment method is enabled for the vendor and fits the call: POST /order takes every method but card
 * payment, a payment intent takes card payment only.
 */
export function assertPaymentMethod(
  vendor: VendorRow,
  method: string,
  options: { isPaymentIntent?: boolean } = {},
): void {
  const isExcluded = options.isPaymentIntent
    ? !DIRECT_ORDER_EXCLUDED_METHODS.includes(method)
    : DIRECT_ORDER_EXCLUDED_METHODS.includes(method);
  if (vendor.payment_methods[method] !== true || isExcluded) {
    throw invalid('error.no-payment-method-available', 'paymentMethod');
  }
}

type Location = { latitude?: number; longitude?: number; address?: string; notes?: string | null };

/** spec §5 address rules (coordinates, bytes of address and notes); the first problem answers. */
export function assertAddress(location: Location, field: string): void {
  const problem = firstAddressError({ ...location, street: location.address });
  if (problem) throw invalid(problem, field);
}

export interface Pickup {
  point: GeoPoint;
  address: string | null;
  notes: string | null;
  /** The sender of a vendor without a saved pickup address; null when the vendor's outlet is the pickup. */
  sender: { name: string | null; email: string | null; phone: string | null } | null;
}

/** spec §3: a vendor without a saved pickup address sends the sender, which becomes the pickup. */
export function resolvePickup(vendor: VendorRow, sender: OrderCreateBody['sender']): Pickup {
  if (hasPickupAddress(vendor)) {
    return {
      point: { lat: vendor.latitude!, lng: vendor.longitude! },
      address: [vendor.unit, vendor.building, vendor.address_text].filter(Boolean).join(', ') || null,
      notes: vendor.rider_instructions,
      sender: null,
    };
  }
  if (!sender) throw invalid('validation.sender-required', 'sender');
  assertAddress(sender.location, 'sender.location');
  return {
    point: { lat: sender.location.latitude, lng: sender.location.longitude },
    address: sender.location.address,
    notes: sender.location.notes || null,
    sender: { name: sender.name ?? null, email: sender.email ?? null, phone: sender.phone_number ?? null },
  };
}

/** spec §9: blank means no VAT number, otherwise 8 characters. */
export function assertVatNumber(vatNumber: string | null | undefined): void {
  const error = vatNumberError(vatNumber);
  if (error) throw invalid(error, 'vat_number');
}

/** spec §9 pre-order window: later than now and at most 2 days ahead. Null for an order placed for now. */
export function preorderTime(preorderedFor: number | null, at: Date): Date | null {
  if (preorderedFor === null) return null;
  const time = new Date(preorderedFor * 1000);
  if (time.getTime() <= at.getTime()) throw invalid('validation.preorder-past', 'preordered_for');
  if (!isWithinPreorderWindow(time, at)) throw invalid('validation.preorder-window', 'preordered_for');
  return time;
}

/** The destination lies in the vendor's delivery area around the pickup (decision 022). */
export function assertDeliverable(vendor: VendorRow, pickup: GeoPoint, destination: GeoPoint, field: string): void {
  if (!isDeliverable(vendor.delivery_area, pickup, destination)) {
    throw keyedError(400, 'Undeliverable', 'request.error.undeliverable-address', field);
  }
}
