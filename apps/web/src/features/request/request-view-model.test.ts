import { tripDistanceKm } from '@riderdesk/domain/geo/trip';
import { initialRequestState, REQUEST_ERROR_KEYS, type RequestState } from '@riderdesk/domain/request-flow';
import { describe, expect, it } from 'vitest';
import { makeVendor } from '../../../test/fixtures.ts';
import {
  canChooseLater,
  cardChargeMinor,
  destinationErrorKey,
  dropOffLockedHintKey,
  guestPickupAddress,
  isOutOfArea,
  quotedFee,
  requestCharges,
  submitErrorText,
  tripKm,
  voucherDiscountMinor,
} from './request-view-model.ts';

const VOUCHER: NonNullable<RequestState['voucher']> = { code: 'EID50', amount: 50, type: 'percentage' };

const state = (overrides: Partial<RequestState> = {}): RequestState => ({
  ...initialRequestState('PK'),
  vendorId: 'pk-khi-0042',
  ...overrides,
});

const ZAMZAMA = { latitude: 24.8133, longitude: 67.0353, formattedAddress: 'Zamzama Boulevard', placeId: null };
const CLIFTON = { lat: 24.8138, lng: 67.0299 };

describe('the request’s money, in minor units (orders/charges.ts)', () => {
  it('is not known before a fee is quoted', () => {
    expect(requestCharges(state(), { amount: 1500, paymentMethod: 'CASH_ON_DELIVERY', currency: 'PKR' })).toBeNull();
    expect(cardChargeMinor(state(), 'PKR')).toBeNull();
  });

  it('collects the item and the fee at the door for cash on delivery', () => {
    const charges = requestCharges(state({ deliveryFee: 115 }), {
      amount: 1500,
      paymentMethod: 'CASH_ON_DELIVERY',
      currency: 'PKR',
    });
    expect(charges).toMatchObject({ amountMinor: 150_000, deliveryFeeMinor: 11_500, collectMinor: 161_500 });
  });

  it('takes the voucher’s discount as the quote less the discounted fee, without a float remainder', () => {
    // 0.3 - 0.1 is 0.19999999999999998 in major units; in minor units the discount is exactly 20.
    const quoted = state({ deliveryFee: 0.3, discountedDeliveryFee: 0.1, voucher: VOUCHER });
    expect(voucherDiscountMinor(quoted, 'PKR')).toBe(20);
    expect(cardChargeMinor(quoted, 'PKR')).toBe(10);
    expect(
      requestCharges(quoted, { amount: 1, paymentMethod: 'CASH_ON_DELIVERY', currency: 'PKR' })?.collectMinor,
    ).toBe(110);
  });

  it('has no discount without an applied voucher', () => {
    expect(voucherDiscountMinor(state({ deliveryFee: 115, discountedDeliveryFee: 57.5 }), 'PKR')).toBeNull();
    expect(voucherDiscountMinor(state({ deliveryFee: 115, voucher: VOUCHER }), 'PKR')).toBeNull();
  });

  it('charges a card the fee after the voucher', () => {
    expect(cardChargeMinor(state({ deliveryFee: 115 }), 'PKR')).toBe(11_500);
    expect(cardChargeMinor(state({ deliveryFee: 115, discountedDeliveryFee: 57.5, voucher: VOUCHER }), 'PKR')).toBe(
      5_750,
    );
  });

  it('quotes the fee the order is charged', () => {
    expect(quotedFee(state({ deliveryFee: 115, deliveryFeeSignature: 's' }))).toBe(115);
    expect(
      quotedFee(
        state({
          deliveryFee: 115,
          deliveryFeeSignature: 's',
          discountedDeliveryFee: 57.5,
          discountedDeliveryFeeSignature: 'd',
        }),
      ),
    ).toBe(57.5);
  });
});

describe('the drop-off section’s words', () => {
  it('waits for the branch rather than asking for one while it loads', () => {
    expect(dropOffLockedHintKey('CHECK_SERVICE_HOURS', false, true)).toBe('request.loading-branch');
    expect(dropOffLockedHintKey('CHECK_SERVICE_HOURS', true, false)).toBe('request.checking-service-hours');
    expect(dropOffLockedHintKey('CHECK_SERVICE_HOURS', false, false)).toBe('request.step.locked-drop-off');
    expect(dropOffLockedHintKey('SERVICE_CLOSED', true, false)).toBe('request.step.locked-closed');
    expect(dropOffLockedHintKey('ASK_FOR_ORIGIN_ADDRESS', true, false)).toBe('request.step.locked-drop-off');
  });

  it('shows the geocoder’s error before the flow’s own for the destination', () => {
    const refused = state({ error: { key: REQUEST_ERROR_KEYS.undeliverable, field: 'destination' } });
    expect(destinationErrorKey('geo.not-found', refused)).toBe('geo.not-found');
    expect(destinationErrorKey(null, refused)).toBe(REQUEST_ERROR_KEYS.undeliverable);
    expect(destinationErrorKey(null, state({ error: { key: 'x', field: 'voucher' } }))).toBeNull();
  });

  it('offers the out-of-area help for an undeliverable drop-off with both ends known', () => {
    const refused = state({
      destination: ZAMZAMA,
      error: { key: REQUEST_ERROR_KEYS.undeliverable, field: 'destination' },
    });
    expect(isOutOfArea(refused, CLIFTON)).toBe(true);
    expect(isOutOfArea(refused, null)).toBe(false);
    expect(isOutOfArea({ ...refused, destination: { ...ZAMZAMA, latitude: null } }, CLIFTON)).toBe(false);
    expect(isOutOfArea({ ...refused, error: { key: 'other', field: 'destination' } }, CLIFTON)).toBe(false);
  });

  it('measures the trip once both ends are known', () => {
    expect(tripKm(CLIFTON, state({ destination: ZAMZAMA }))).toBe(
      tripDistanceKm(CLIFTON, { lat: ZAMZAMA.latitude, lng: ZAMZAMA.longitude }),
    );
    expect(tripKm(null, state({ destination: ZAMZAMA }))).toBeNull();
    expect(tripKm(CLIFTON, state())).toBeNull();
  });

  it('names a guest’s pickup by its address', () => {
    const vendor = makeVendor({ vendor_id: 'guest-1', name: 'guest' });
    expect(guestPickupAddress(vendor, state())).toBe(vendor.vendor_information.location.address_text);
    expect(guestPickupAddress(null, state())).toBeNull();
  });
});

describe('the payment section’s words', () => {
  const words = { t: (key: string) => `t(${key})`, translate: (key: string) => `tr(${key})` };

  it('puts the toast’s title before a refused submit’s reason, for a new order and an edit', () => {
    const failed = state({ error: { key: 'error.x', field: 'submit' } });
    expect(submitErrorText(failed, false, words)).toBe('t(order.toast.create-failed): tr(error.x)');
    expect(submitErrorText(failed, true, words)).toBe('t(order.toast.update-failed): tr(error.x)');
  });

  it('shows a fee error alone, and nothing for other fields', () => {
    expect(submitErrorText(state({ error: { key: 'error.fee.changed', field: 'fee' } }), false, words)).toBe(
      'tr(error.fee.changed)',
    );
    expect(submitErrorText(state({ error: { key: 'x', field: 'voucher' } }), false, words)).toBeNull();
  });

  it('lets an edit move only a pre-order that is still waiting', () => {
    const nowMs = Date.UTC(2026, 0, 1, 12);
    const ahead = { preordered_for: nowMs / 1000 + 3600 } as Parameters<typeof canChooseLater>[0]['orderToBeUpdated'];
    expect(canChooseLater({ orderToBeUpdated: ahead, isEditing: true, isPreOrderOn: false, nowMs })).toBe(true);
    expect(canChooseLater({ orderToBeUpdated: null, isEditing: true, isPreOrderOn: true, nowMs })).toBe(false);
    expect(canChooseLater({ orderToBeUpdated: null, isEditing: false, isPreOrderOn: true, nowMs })).toBe(true);
  });
});
