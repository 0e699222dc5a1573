import { describe, expect, it } from 'vitest';
import { CANCEL_REASONS, type OrderStatus } from '../order-status.ts';
import {
  CANCELLATION_REASONS,
  drillOf,
  drillOfSearch,
  drillParams,
  hasDrill,
  ordersOfCancellationReason,
} from './drill.ts';
import { cancellationReasonOf, DELIVERY_MINUTE_BOUNDS } from './figures.ts';

describe('the narrowing a link from insights carries to History', () => {
  it('reads the weekday, the hour, a bucket and a reason from a URL, and writes them back', () => {
    const drill = drillOfSearch(
      new URLSearchParams('start=2026-03-09&weekday=1&hour=14&delivery_bucket=7&cancel_reason=no_courier'),
    );
    expect(drill).toEqual({ weekday: 1, hour: 14, delivery_bucket: 7, cancel_reason: 'no_courier' });
    expect(drillParams(drill)).toEqual({ weekday: '1', hour: '14', delivery_bucket: '7', cancel_reason: 'no_courier' });
    expect(hasDrill(drill)).toBe(true);
  });

  it('drops a URL whose narrowing does not parse, rather than narrowing to something else', () => {
    for (const query of [
      'weekday=0',
      'weekday=8',
      'hour=24',
      'hour=1.5',
      `delivery_bucket=${DELIVERY_MINUTE_BOUNDS.length + 1}`,
      'pickup_bucket=0',
      'cancel_reason=boredom',
    ]) {
      expect([query, drillOfSearch(new URLSearchParams(query))]).toEqual([query, {}]);
    }
    expect(hasDrill({})).toBe(false);
  });

  it('keeps only the narrowing of a wider query', () => {
    expect(drillOf({ hour: 3, ...{ status: 'DELIVERED', search: 'x' } })).toEqual({ hour: 3 });
  });

  it('maps every reason the cancellations chart names back to the orders it counted', () => {
    const orders: { status: OrderStatus; reason: string | null }[] = [
      ...CANCEL_REASONS.map((reason) => ({ status: 'CANCELLED' as const, reason })),
      { status: 'CANCELLED', reason: null },
      { status: 'PAYMENT_CANCELLED', reason: null },
      { status: 'STALLED', reason: null },
    ];
    for (const reason of CANCELLATION_REASONS) {
      const { status, cancelReasons } = ordersOfCancellationReason(reason);
      const selected = orders.filter(
        (order) => order.status === status && (cancelReasons === null || cancelReasons.includes(order.reason)),
      );
      const counted = orders.filter((order) => cancellationReasonOf(order.status, order.reason) === reason);
      expect([reason, selected]).toEqual([reason, counted]);
    }
  });
});
