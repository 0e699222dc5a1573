import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '../order-status.ts';
import {
  API_ORDER_STATUSES,
  apiCancellationOf,
  apiStatusOf,
  apiTimelineOf,
  cancelReasonOf,
  isPaymentChangeRefused,
} from './order-mapping.ts';

const at = (status: OrderStatus, minute: number) => ({
  status,
  created_at: new Date(Date.UTC(2026, 2, 10, 8, minute)).toISOString(),
});

describe('merchant API order mapping', () => {
  it('gives every status of ours one of pandago', () => {
    for (const status of ORDER_STATUSES) {
      expect(API_ORDER_STATUSES).toContain(apiStatusOf(status, [at('NEW', 0)]));
    }
  });

  it('keeps the names pandago shares and renames the others', () => {
    expect(apiStatusOf('COURIER_ACCEPTED_DELIVERY', [])).toBe('COURIER_ACCEPTED_DELIVERY');
    expect(apiStatusOf('ACCEPTED_BY_VENDOR', [])).toBe('RECEIVED');
    expect(apiStatusOf('PAYMENT_COMMITTED', [])).toBe('NEW');
    expect(apiStatusOf('STALLED', [])).toBe('CANCELLED');
    expect(apiStatusOf('PAYMENT_FAILED', [])).toBe('CANCELLED');
  });

  it('reads an edited or returning order as the latest step pandago names', () => {
    const history = [
      at('NEW', 0),
      at('WAITING_FOR_TRANSPORT', 1),
      at('COURIER_ACCEPTED_DELIVERY', 2),
      at('MODIFIED', 3),
    ];
    expect(apiStatusOf('MODIFIED', history)).toBe('COURIER_ACCEPTED_DELIVERY');
    expect(apiStatusOf('MODIFIED', [at('MODIFIED', 0)])).toBe('NEW');
    expect(
      apiStatusOf('RETURN_INITIATED', [at('PICKED_UP', 0), at('NEAR_CUSTOMER', 1), at('RETURN_INITIATED', 2)]),
    ).toBe('NEAR_CUSTOMER');
  });

  it('takes pandago cancel reasons as ours and reports ours as pandago', () => {
    expect(cancelReasonOf('DELIVERY_ETA_TOO_LONG')).toBe('delivery_eta_too_long');
    expect(apiCancellationOf('mistake_error')).toEqual({ reason: 'MISTAKE_ERROR', source: 'CLIENT' });
    expect(apiCancellationOf('no_courier')).toEqual({ reason: 'NO_COURIER', source: 'LOGISTICS' });
    expect(apiCancellationOf('payment_failure')).toEqual({ reason: 'UNABLE_TO_PAY', source: 'LOGISTICS' });
    expect(apiCancellationOf(null)).toEqual({ reason: 'REASON_UNKNOWN', source: 'LOGISTICS' });
  });

  it('estimates pickup and delivery from the stored ETAs', () => {
    const updatedAt = new Date('2026-03-10T08:00:00.000Z');
    const order = {
      status: 'WAITING_FOR_TRANSPORT' as const,
      updatedAt,
      preorderedFor: null,
      pickupEtaMinutes: 10,
      deliveryEtaMinutes: 15,
      latestArrivalAt: null,
    };
    expect(apiTimelineOf(order)).toEqual({
      estimated_pickup_time: '2026-03-10T08:10:00.000Z',
      estimated_delivery_time: '2026-03-10T08:25:00.000Z',
    });
    expect(apiTimelineOf({ ...order, status: 'PICKED_UP', pickupEtaMinutes: 0 })).toEqual({
      estimated_pickup_time: '2026-03-10T08:00:00.000Z',
      estimated_delivery_time: '2026-03-10T08:15:00.000Z',
    });
    expect(apiTimelineOf({ ...order, preorderedFor: new Date('2026-03-10T12:00:00.000Z') })).toEqual({
      estimated_pickup_time: '2026-03-10T11:45:00.000Z',
      estimated_delivery_time: '2026-03-10T12:00:00.000Z',
    });
    expect(apiTimelineOf({ ...order, status: 'DELIVERED' })).toEqual({
      estimated_pickup_time: '',
      estimated_delivery_time: '',
    });
  });

  it('refuses only turning a paid order into one whose rider collects cash', () => {
    expect(isPaymentChangeRefused('PAID', 'CASH_ON_DELIVERY')).toBe(true);
    expect(isPaymentChangeRefused('PAID', 'PAID')).toBe(false);
    expect(isPaymentChangeRefused('PAID', undefined)).toBe(false);
    expect(isPaymentChangeRefused('CASH_ON_DELIVERY', 'PAID')).toBe(false);
  });
});
