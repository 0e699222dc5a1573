import type { Order } from '@riderdesk/domain/contracts/orders';
import { describe, expect, it } from 'vitest';
import { makeOrder } from '../../../test/orders.ts';
import { editAction, expectedProofs, orderDetailView, orderLinks, riderPoint } from './order-detail-view.ts';

const NOW = new Date('2026-03-10T09:00:00Z'); // 14:00 in Karachi
const ZONE = 'Asia/Karachi';
const ALL_PROOFS = { pickup: true, delivery: true, return: true };
const ORIGIN = 'https://desk.example.pk';

const at = (minutesAgo: number) => new Date(NOW.getTime() - minutesAgo * 60_000).toISOString();
const orderOf = (overrides: Partial<Order>) =>
  makeOrder({ order_id: 'PKGC-100042', created_at: at(10), updated_at: at(10), ...overrides });
const viewOf = (order: Order, overrides: { editPath?: string | null; isDelayedCancellationOn?: boolean } = {}) =>
  orderDetailView({
    order,
    now: NOW,
    timeZone: ZONE,
    isDelayedCancellationOn: overrides.isDelayedCancellationOn ?? false,
    proofFlags: ALL_PROOFS,
    editPath: overrides.editPath ?? null,
    origin: ORIGIN,
  });

describe('orderLinks', () => {
  it('links the public tracking page by its token, encoded, on the origin given', () => {
    const order = orderOf({ tracking_token: 'tok/1 2', status: 'PICKED_UP' });
    expect(orderLinks(order, ORIGIN)).toEqual({
      tracking: 'https://desk.example.pk/tracking/tok%2F1%202',
      receipt: null,
      c2c: null,
    });
  });

  it('adds the receipt once delivered and the c2c page for a customer-to-customer order', () => {
    const order = orderOf({ tracking_token: 't1', status: 'DELIVERED', is_customer_to_customer: true });
    expect(orderLinks(order, ORIGIN)).toEqual({
      tracking: `${ORIGIN}/tracking/t1`,
      receipt: `${ORIGIN}/delivery-receipt/t1`,
      c2c: `${ORIGIN}/tracking-c2c/t1`,
    });
  });

  it('has no link for an order that is not shared', () => {
    expect(orderLinks(orderOf({ tracking_token: null, status: 'DELIVERED' }), ORIGIN)).toEqual({
      tracking: null,
      receipt: null,
      c2c: null,
    });
  });
});

describe('editAction', () => {
  const path = '/request-a-rider/v-1?orderID=PKGC-100042';

  it('links to the edit page while the order can be edited', () => {
    expect(editAction(orderOf({ status: 'WAITING_FOR_TRANSPORT' }), path)).toEqual({ kind: 'link', path });
  });

  it('shows Edit disabled for a card-paid order, and nothing once the order is past editing', () => {
    const card = orderOf({
      status: 'WAITING_FOR_TRANSPORT',
      order: { amount: 1200, description: 'Biryani', payment_method: 'ONLINE_PAYMENT' },
    });
    expect(editAction(card, path)).toEqual({ kind: 'locked-by-card' });
    expect(editAction(orderOf({ status: 'PICKED_UP' }), path)).toBeNull();
  });

  it('shows nothing when the flag gives no edit path', () => {
    expect(editAction(orderOf({ status: 'WAITING_FOR_TRANSPORT' }), null)).toBeNull();
  });
});

describe('orderDetailView', () => {
  it('offers cancel on a received order, with no reason to explain, before any rider or map', () => {
    const view = viewOf(orderOf({ status: 'RECEIVED' }));
    expect(view.isCancellable).toBe(true);
    expect(view.whyNoCancel).toBeNull();
    expect(view.showsFullMap).toBe(false);
    expect(view.isPollingRider).toBe(false);
    expect(view.noRiderReason).toBe('searching');
  });

  it('says why an accepted order has no cancel, and shows the rider who accepted it', () => {
    const order = orderOf({
      status: 'NEAR_VENDOR',
      status_history: [
        { status: 'WAITING_FOR_TRANSPORT', created_at: at(9) },
        { status: 'COURIER_ACCEPTED_DELIVERY', created_at: at(5) },
        { status: 'NEAR_VENDOR', created_at: at(1) },
      ],
      rider: { id: 'r-1', name: 'Bilal', phone: '+923001234567' },
    } as Partial<Order>);
    const view = viewOf(order);
    expect(view.isCancellable).toBe(false);
    expect(view.whyNoCancel).toBe('accepted');
    expect(view.showsRider).toBe(true);
    expect(view.noRiderReason).toBeNull();
    expect(view.isPollingRider).toBe(true);
    expect(view.showsFullMap).toBe(true);
  });

  it('cancels a delayed order only with the DelayedCancellation flag', () => {
    const delayed = orderOf({ status: 'DELAYED' });
    expect(viewOf(delayed).isCancellable).toBe(false);
    expect(viewOf(delayed).isDelayed).toBe(true);
    expect(viewOf(delayed, { isDelayedCancellationOn: true }).isCancellable).toBe(true);
  });

  it('tells a cancelled order with a reason from one without', () => {
    expect(viewOf(orderOf({ status: 'CANCELLED', cancel_reason: 'mistake_error' })).noRiderReason).toBe(
      'cancelled-with-reason',
    );
    const cancelled = viewOf(orderOf({ status: 'CANCELLED' }));
    expect(cancelled.noRiderReason).toBe('cancelled');
    expect(cancelled.isCancelled).toBe(true);
    expect(cancelled.whyNoCancel).toBeNull();
  });

  it('shows a pre-order waiting for its time as scheduled', () => {
    const preorderedFor = Math.floor(NOW.getTime() / 1000) + 3600;
    const view = viewOf(orderOf({ status: 'WAITING_FOR_TRANSPORT', preordered_for: preorderedFor }));
    expect(view.isScheduled).toBe(true);
    expect(view.noRiderReason).toBe('scheduled');
  });

  it('dates an order requested before today in the country zone, not the browser’s', () => {
    // 23:30 in Karachi the day before, 18:30 UTC: before today there, whatever the browser's zone.
    expect(viewOf(orderOf({ created_at: '2026-03-09T18:30:00Z' })).isRequestedBeforeToday).toBe(true);
    // 00:30 in Karachi today, 19:30 UTC the day before.
    expect(viewOf(orderOf({ created_at: '2026-03-09T19:30:00Z' })).isRequestedBeforeToday).toBe(false);
  });

  it('keeps the rider notes only when they say more than the address notes', () => {
    const customer = makeOrder({ order_id: 'x' }).customer;
    const same = { ...customer, location: { ...customer.location, notes: 'Gate 2' } };
    expect(viewOf(orderOf({ notes: 'Gate 2', customer: same })).riderNotes).toBeNull();
    expect(viewOf(orderOf({ notes: 'Call first', customer: same })).riderNotes).toBe('Call first');
    expect(viewOf(orderOf({ notes: null })).riderNotes).toBeNull();
  });
});

describe('expectedProofs', () => {
  it('lists the proofs the order reached and the flags show', () => {
    const order = orderOf({
      status: 'DELIVERED',
      status_history: [
        { status: 'PICKED_UP', created_at: at(5) },
        { status: 'DELIVERED', created_at: at(1) },
      ],
    });
    expect(expectedProofs(order, ALL_PROOFS)).toEqual(['pickup', 'delivery']);
    expect(expectedProofs(order, { pickup: false, delivery: true, return: true })).toEqual(['delivery']);
  });
});

describe('riderPoint', () => {
  it('places the rider only while polling and once a position came', () => {
    expect(riderPoint({ latitude: 24.8, longitude: 67 }, true)).toEqual({ latitude: 24.8, longitude: 67 });
    expect(riderPoint({ latitude: 24.8, longitude: 67 }, false)).toBeNull();
    expect(riderPoint({ latitude: null, longitude: null }, true)).toBeNull();
    expect(riderPoint(undefined, true)).toBeNull();
  });
});
