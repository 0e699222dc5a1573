import type { BulkRowInput } from '@riderdesk/domain/bulk/bulk-sheet';
import { LOGIN_PICKUP_ESTIMATION } from '@riderdesk/domain/constants';
import type { BulkRowError } from '@riderdesk/domain/contracts/bulk';
import { type FlaggedOrderParts, flagsOfOrder, type OrderFlagName } from '@riderdesk/domain/contracts/flags';
import type { GeoPoint } from '@riderdesk/domain/money';
import { AppError, keyedError } from '../../errors.ts';
import type { FlagService } from '../flags/service.ts';
import type { VendorRow } from '../vendors/model.ts';

/*
 * A sheet's row as a single order, shared by its check at upload and its placement: the order it asks for,
 * the flags it needs, and its refusals as the row keeps them.
 */

// The spec §5 chain's fields and the create's error fields, as the sheet's columns.
export const COLUMN_OF_FIELD: Record<string, string> = {
  vendor: 'collection_point_id',
  destinationUnitNumber: 'unit',
  destinationName: 'customer_name',
  destinationPhoneNumber: 'phone_number',
  orderDescription: 'item_description',
  destinationTextAddress: 'address',
  coordinates: 'address',
  orderAmount: 'amount',
  paymentMethod: 'payment_method',
  'customer.location': 'address',
  'customer.location.address': 'address',
  'customer.location.notes': 'rider_notes',
  'customer.location.latitude': 'latitude',
  'customer.location.longitude': 'longitude',
  'customer.phone_number': 'phone_number',
  'customer.name': 'customer_name',
  'order.description': 'item_description',
  'order.amount': 'amount',
  'order.payment_method': 'payment_method',
  preordered_for: 'scheduled_time',
  vat_number: 'vat_number',
  vendor_id: 'collection_point_id',
  delivery_fee: 'address',
};

/**
 * What a row answers when a part of it needs a flag that is off for its collection point (spec §6): the
 * sheet's scheduled time is a pre-order; a voucher or a VAT number, which the sheet has no column for, would
 * be refused as the single order is.
 */
const ROW_FLAG_REFUSALS: Record<OrderFlagName, { key: string; field: string }> = {
  PreOrder: { key: 'bulk.error.scheduled-disabled', field: 'preordered_for' },
  Voucher: { key: 'error.feature-disabled', field: 'voucher' },
  PaymentVat: { key: 'error.feature-disabled', field: 'vat_number' },
};

/** The flags of each collection point a job's rows name, read once per job. */
export function flagsPerVendor(flags: Pick<FlagService, 'variations'>) {
  const read = new Map<string, Promise<Record<string, boolean>>>();
  return (vendorId: string) => {
    let found = read.get(vendorId);
    if (!found) {
      found = flags.variations({ vendorId });
      read.set(vendorId, found);
    }
    return found;
  };
}

/** Refuses a row's order whose voucher, pre-order time or VAT number needs a flag that is off for its vendor. */
export async function assertOrderFlags(
  order: { vendor_id: string } & FlaggedOrderParts,
  flagsOf: (vendorId: string) => Promise<Record<string, boolean>>,
): Promise<void> {
  const needed = flagsOfOrder(order);
  if (needed.length === 0) return;
  const variations = await flagsOf(order.vendor_id);
  const off = needed.find((name) => variations[name] !== true);
  if (off) throw keyedError(403, 'FeatureDisabled', ROW_FLAG_REFUSALS[off].key, ROW_FLAG_REFUSALS[off].field);
}

/** An expected refusal of one row, as the row keeps it; anything else is a fault and propagates. */
export function rowErrorOf(error: unknown): BulkRowError {
  if (!(error instanceof AppError)) throw error;
  const [entry] = error.errors;
  const key = entry?.meta.translation_key ?? error.message;
  return {
    key,
    field: entry?.field ? (COLUMN_OF_FIELD[entry.field] ?? null) : null,
    values: entry?.meta.values ?? null,
  };
}

/**
 * The order a row asks for, as POST /order would receive it before its fee is quoted: built when the row is
 * checked and again, from the same cells, when it is placed (decision 102).
 */
export function orderBodyOf(
  input: BulkRowInput,
  collectionPoint: VendorRow,
  destination: GeoPoint | null,
  scheduledFor: Date | null,
  isAgeCheckRequired: boolean,
  /** The row's handover PIN choice; undefined leaves it to the collection point (decision 175). */
  isHandoverPinRequired?: boolean,
) {
  const amount =
    input.amount === '' ? null : Number.isFinite(Number(input.amount)) ? Number(input.amount) : input.amount;
  return {
    vendor_id: collectionPoint.vendor_id,
    customer: {
      location: {
        latitude: destination?.lat ?? null,
        longitude: destination?.lng ?? null,
        // spec §3: unit, building and text joined with commas.
        address: [input.unit, input.building, input.address].filter(Boolean).join(', '),
        notes: input.rider_notes,
      },
      phone_number: input.phone_number,
      name: input.customer_name,
    },
    order: {
      payment_method: input.payment_method,
      amount,
      description: input.item_description,
      cold_bag_needed: false,
    },
    vat_number: null,
    preordered_for: scheduledFor ? Math.floor(scheduledFor.getTime() / 1000) : null,
    age_validation_required: isAgeCheckRequired,
    ...(isHandoverPinRequired === undefined ? {} : { handover_pin_required: isHandoverPinRequired }),
    login_pickup_estimation: collectionPoint.login_pickup_estimation ?? LOGIN_PICKUP_ESTIMATION,
    delivery_fee: 0,
    signature: '',
  };
}
