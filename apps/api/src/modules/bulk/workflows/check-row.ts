import {
  ageCheckOf,
  type BulkRowInput,
  duplicateKeyOf,
  handoverPinOf,
  isBulkDeliveryType,
  isBulkPaymentType,
  scheduledTimeOf,
} from '@riderdesk/domain/bulk/bulk-sheet';
import type { BulkRowError } from '@riderdesk/domain/contracts/bulk';
import { type GeoPoint, toMinor } from '@riderdesk/domain/money';
import { orderCreateBodyProblems } from '@riderdesk/domain/validation/order-body';
import { AppError } from '../../../errors.ts';
import type { Caller } from '../../../plugins/auth.ts';
import type { VendorRow } from '../../vendors/model.ts';
import { hasPickupAddress } from '../../vendors/vendor-access.ts';
import type { BulkContext } from '../deps.ts';
import type * as repo from '../repo.ts';
import { assertOrderFlags, COLUMN_OF_FIELD, orderBodyOf, rowErrorOf } from '../row-orders.ts';

/** A checked row as it is stored, and the key that finds a later duplicate of it (null: not placeable). */
export interface CheckedRow {
  row: repo.NewBulkRow;
  duplicateKey: string | null;
}

/** The job's vendor, and every outlet under it the caller may use, as collection points of its rows. */
export function collectionPoints({ vendors }: BulkContext, caller: Caller, jobVendor: VendorRow) {
  const cache = new Map<string, Promise<VendorRow | null>>();
  return (id: string): Promise<VendorRow | null> => {
    if (id === jobVendor.vendor_id) return Promise.resolve(jobVendor);
    let found = cache.get(id);
    if (!found) {
      found = vendors
        .vendorOfCaller(caller, id)
        .then((vendor) => (vendor.parent_vendor_id === jobVendor.vendor_id ? vendor : null))
        .catch((error: unknown) => {
          // Not the caller's, or unknown: the row says so at its cell. A fault propagates.
          if (error instanceof AppError) return null;
          throw error;
        });
      cache.set(id, found);
    }
    return found;
  };
}

/**
 * One row through the rules of a single order (decision 052): the cells the request page fixes by its
 * controls, the collection point, the geocoded address, the spec §5 chain, a signed fee, then every check
 * POST /order makes (payment method, address, pre-order window, service hours, deliverability, fee).
 */
export async function checkRow(
  { country, sheetTexts, pricing, orders }: BulkContext,
  caller: Caller,
  input: BulkRowInput,
  // What the rows of one upload share: its vendor, the flags and collection points read once, the geocoder cache.
  job: {
    collectionPoint: (id: string) => Promise<VendorRow | null>;
    geocode: (address: string, near: GeoPoint) => Promise<GeoPoint | null>;
    jobVendor: VendorRow;
    flagsOf: (vendorId: string) => Promise<Record<string, boolean>>;
  },
): Promise<CheckedRow> {
  const collectionPointId = input.collection_point_id || job.jobVendor.vendor_id;
  const base: repo.NewBulkRow = {
    row_number: input.row_number,
    status: 'INVALID',
    error_key: null,
    error_field: null,
    error_values: null,
    more_errors: null,
    input,
    destination_latitude: null,
    destination_longitude: null,
    delivery_fee_minor: null,
    collection_point_id: collectionPointId,
    scheduled_for: null,
  };
  try {
    // The row's cells are judged each on its own, so a refused row lists every problem it has at once.
    const problems: BulkRowError[] = [];
    const note = (key: string, field: string | null, values: Record<string, string> | null = null) => {
      if (!problems.some((problem) => problem.key === key && problem.field === field)) {
        problems.push({ key, field, values });
      }
    };
    if (input.payment_method && !isBulkPaymentType(input.payment_method)) {
      note('bulk.error.payment-type', 'payment_method');
    }
    // Decision 117: no one is at a card form when a bulk row is placed, so it is never paid by card.
    if (input.payment_method === 'ONLINE_PAYMENT') note('bulk.error.online-payment', 'payment_method');
    let scheduledFor: Date | null = null;
    if (!isBulkDeliveryType(input.delivery_type)) note('bulk.error.delivery-type', 'delivery_type');
    else if (input.delivery_type === 'SCHEDULED') {
      scheduledFor = input.scheduled_time === null ? null : scheduledTimeOf(input.scheduled_time, country.timeZone);
      if (input.scheduled_time === null) note('bulk.error.scheduled-time-missing', 'scheduled_time');
      else if (!scheduledFor) note('bulk.error.scheduled-time-invalid', 'scheduled_time');
    }
    base.scheduled_for = scheduledFor;
    const isAgeCheckRequired = ageCheckOf(input.age_check, sheetTexts.ageCheckWords);
    if (isAgeCheckRequired === null) note('bulk.error.age-check', 'age_check');
    const isHandoverPinRequired = handoverPinOf(input.handover_pin, sheetTexts.ageCheckWords);
    if (isHandoverPinRequired === null) note('bulk.error.handover-pin', 'handover_pin');

    const collectionPoint = await job.collectionPoint(collectionPointId);
    if (!collectionPoint) note('bulk.error.collection-point', 'collection_point_id', { id: collectionPointId });
    else if (!hasPickupAddress(collectionPoint)) note('bulk.error.collection-point-address', 'collection_point_id');
    const origin =
      collectionPoint && hasPickupAddress(collectionPoint)
        ? { lat: collectionPoint.latitude!, lng: collectionPoint.longitude! }
        : null;

    let point: GeoPoint | null = null;
    const hasLatitude = input.latitude !== null;
    if (hasLatitude || input.longitude !== null) {
      if (input.latitude === null || input.longitude === null || Number.isNaN(input.latitude + input.longitude)) {
        note('validation.invalid-coordinates', hasLatitude ? 'longitude' : 'latitude');
      } else {
        point = { lat: input.latitude, lng: input.longitude };
      }
    } else if (input.address && origin) {
      point = await job.geocode(input.address, origin);
    }

    const body = orderBodyOf(
      input,
      collectionPoint ?? job.jobVendor,
      point,
      scheduledFor,
      isAgeCheckRequired === true,
      isHandoverPinRequired ?? undefined,
    );
    // spec §6: a scheduled row is a pre-order, refused at its cell when PreOrder is off for its vendor.
    if (collectionPoint) {
      try {
        await assertOrderFlags(body, job.flagsOf);
      } catch (error) {
        const refusal = rowErrorOf(error);
        note(refusal.key, refusal.field, refusal.values);
      }
    }
    // spec §5 chain, every field's first problem, in the chain's order after the sheet's own checks.
    for (const problem of orderCreateBodyProblems(body, { countryCode: country.code, vendorId: body.vendor_id })) {
      const field = COLUMN_OF_FIELD[problem.field] ?? null;
      // Coordinates already refused by their cell, or unknown because the collection point is, say no more.
      if (problem.field === 'coordinates' && (problems.some((known) => known.key === problem.key) || !origin)) {
        continue;
      }
      note(problem.key, field);
    }
    if (problems.length > 0) {
      // The first problem is the row's error (spec §3); the others follow it.
      const [first, ...more] = problems;
      return {
        row: {
          ...base,
          error_key: first!.key,
          error_field: first!.field,
          error_values: first!.values,
          more_errors: more.length > 0 ? more : null,
        },
        duplicateKey: null,
      };
    }

    const quote = await pricing.quoteFee(caller, {
      vendor_id: body.vendor_id,
      source: { lat: origin!.lat, lon: origin!.lng },
      destination: { lat: point!.lat, lon: point!.lng },
      delivery_type: 'food',
    });
    const signed = { ...body, delivery_fee: quote.fee, signature: quote.signature };
    base.delivery_fee_minor = toMinor(quote.fee, country.currency);
    await orders.assertCreatable(caller, signed);
    return {
      row: { ...base, status: 'VALID', destination_latitude: point!.lat, destination_longitude: point!.lng },
      duplicateKey: duplicateKeyOf(input),
    };
  } catch (error) {
    const rowError = rowErrorOf(error);
    return {
      row: { ...base, error_key: rowError.key, error_field: rowError.field, error_values: rowError.values },
      duplicateKey: null,
    };
  }
}
