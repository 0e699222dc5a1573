import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CANCEL_REASONS,
  canCancel,
  canEditOrder,
  ETA_TO_CUSTOMER_STATUSES,
  ETA_TO_VENDOR_STATUSES,
  isOrderStatus,
  isRiderAssigned,
  isRiderNear,
  matchesStatusFilter,
  NO_FULL_MAP_STATUSES,
  ORDER_STATUSES,
  type OrderStatus,
  orderBucket,
  PUBLIC_TRACKING_STAGES,
  publicTrackingStage,
  STATUS_GROUPS,
  STATUS_LABEL_KEYS,
  STATUS_PROGRESS,
  type StatusHistoryEntry,
  shouldPollRider,
  showsEtaToCustomer,
  showsEtaToVendor,
  showsFullMap,
  statusLabelKey,
  statusProgress,
} from './order-status.ts';

const NOW = new Date('2024-05-01T12:00:00.000Z');
const minutesBefore = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();
const entry = (status: OrderStatus, minutesAgo: number): StatusHistoryEntry => ({
  status,
  created_at: minutesBefore(minutesAgo),
});

describe('ORDER_STATUSES', () => {
  it('holds the 23 statuses of spec §4 once each', () => {
    expect(ORDER_STATUSES).toHaveLength(23);
    expect(new Set(ORDER_STATUSES).size).toBe(23);
  });

  it.each([
    ['NEW', true],
    ['RETURNED_TO_VENDOR', true],
    ['new', false],
    ['DISPATCHED', false],
    ['', false],
  ])('isOrderStatus(%j) is %s', (value, expected) => {
    expect(isOrderStatus(value)).toBe(expected);
  });
});

describe('statusProgress', () => {
  it('ranks the progress list from zero in the spec order', () => {
    STATUS_PROGRESS.forEach((status, index) => {
      expect(statusProgress(status)).toBe(index);
    });
  });

  it.each([
    ['INITIATED', 0],
    ['NEW', 3],
    ['STALLED', 4],
    ['WAITING_FOR_TRANSPORT', 8],
    ['DELIVERED', 16],
    ['RETURNED_TO_VENDOR', 18],
  ] as const)('%s ranks %i', (status, rank) => {
    expect(statusProgress(status)).toBe(rank);
  });

  it.each(['CANCELLED', 'PAYMENT_CANCELLED', 'PAYMENT_FAILED'] as const)('%s ranks below zero', (status) => {
    expect(statusProgress(status)).toBeLessThan(0);
  });

  it('ranks DELAYED after WAITING_FOR_TRANSPORT and before DELIVERED', () => {
    expect(statusProgress('DELAYED')).toBeGreaterThan(statusProgress('WAITING_FOR_TRANSPORT'));
    expect(statusProgress('DELAYED')).toBeLessThan(statusProgress('DELIVERED'));
  });

  it('gives every status outside the progress list and DELAYED a negative rank, and no other', () => {
    for (const status of ORDER_STATUSES) {
      const isListed = (STATUS_PROGRESS as readonly OrderStatus[]).includes(status) || status === 'DELAYED';
      expect(statusProgress(status) < 0).toBe(!isListed);
    }
  });
});

describe('STATUS_GROUPS', () => {
  it.each([
    ['new', 10],
    ['collected', 4],
    ['cancelled', 4],
    ['active', 11],
    ['old', 2],
    ['done', 2],
  ] as const)('%s has %i statuses', (group, size) => {
    expect(STATUS_GROUPS[group]).toHaveLength(size);
  });

  it('keeps the new, collected, cancelled and done groups disjoint', () => {
    const all = [...STATUS_GROUPS.new, ...STATUS_GROUPS.collected, ...STATUS_GROUPS.cancelled, ...STATUS_GROUPS.done];
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('labels', () => {
  it.each([
    ['NEW', 'status.new'],
    ['INITIATED', 'status.payment-processing'],
    ['PAYMENT_COMMITTED', 'status.payment-processing'],
    ['WAITING_FOR_TRANSPORT', 'status.waiting-for-rider'],
    ['RECEIVED', 'status.received'],
    ['COURIER_ACCEPTED_DELIVERY', 'status.in-progress'],
    ['NEAR_VENDOR', 'status.near-vendor'],
    ['PICKED_UP', 'status.picked-up'],
    ['COURIER_LEFT_VENDOR', 'status.in-transit'],
    ['NEAR_CUSTOMER', 'status.near-customer'],
    ['DELIVERED', 'status.delivered'],
    ['STALLED', 'status.stalled'],
    ['DELAYED', 'status.delayed'],
    ['CANCELLED', 'status.cancelled'],
    ['RETURN_INITIATED', 'status.returning'],
    ['RETURNED_TO_VENDOR', 'status.returned'],
  ] as const)('%s is labelled %s', (status, key) => {
    expect(STATUS_LABEL_KEYS[status]).toBe(key);
    expect(statusLabelKey(status)).toBe(key);
  });

  it('labels an unknown status as unknown and a scheduled order as scheduled', () => {
    expect(statusLabelKey('TELEPORTED')).toBe('status.unknown');
    expect(statusLabelKey('NEW', { isScheduled: true })).toBe('status.scheduled');
  });
});

describe('publicTrackingStage', () => {
  it.each([
    ['NEW', 'PREPARING'],
    ['WAITING_FOR_TRANSPORT', 'PREPARING'],
    ['ASSIGNED_TO_TRANSPORT', 'COURIER_ACCEPTED'],
    ['COURIER_ACCEPTED_DELIVERY', 'COURIER_ACCEPTED'],
    ['NEAR_VENDOR', 'NEAR_VENDOR'],
    ['PICKED_UP', 'COLLECTED'],
    ['COURIER_LEFT_VENDOR', 'COLLECTED'],
    ['RETURN_INITIATED', 'RETURN_INITIATED'],
    ['NEAR_CUSTOMER', 'NEAR_CUSTOMER'],
    ['DELIVERED', 'DELIVERED'],
    ['RETURNED_TO_VENDOR', 'RETURNED'],
    ['CANCELLED', null],
    ['PAYMENT_FAILED', null],
    ['INITIATED', null],
    ['DELAYED', null],
  ] as const)('%s → %s', (status, stage) => {
    expect(publicTrackingStage(status)).toBe(stage);
  });

  it('never shows the recipient an earlier stage than the merchant’s label says', () => {
    // The merchant reads "Rider on the way" from the moment a rider has the order; so does the recipient.
    for (const status of ORDER_STATUSES) {
      if (STATUS_LABEL_KEYS[status] === 'status.in-progress' && status !== 'MODIFIED') {
        expect(publicTrackingStage(status), status).toBe('COURIER_ACCEPTED');
      }
    }
    expect(publicTrackingStage('COURIER_LEFT_VENDOR')).toBe(publicTrackingStage('PICKED_UP'));
  });

  it('reaches every public stage from some status', () => {
    const reached = new Set(ORDER_STATUSES.map(publicTrackingStage));
    for (const stage of PUBLIC_TRACKING_STAGES) expect(reached).toContain(stage);
  });
});

describe('canCancel', () => {
  const order = (status: OrderStatus, history: StatusHistoryEntry[] = []) => ({ status, status_history: history });

  it.each([
    ['RECEIVED', false, true],
    ['WAITING_FOR_TRANSPORT', false, true],
    ['ASSIGNED_TO_TRANSPORT', false, true],
    ['MODIFIED', false, true],
    ['DELAYED', false, false],
    ['DELAYED', true, true],
    ['NEW', true, false],
    ['COURIER_ACCEPTED_DELIVERY', true, false],
    ['PICKED_UP', true, false],
    ['DELIVERED', true, false],
    ['CANCELLED', true, false],
  ] as const)('%s with DelayedCancellation=%s → %s', (status, delayedCancellation, expected) => {
    expect(canCancel(order(status), { delayedCancellation, now: NOW })).toBe(expected);
  });

  it.each([
    [9, false],
    [9.99, false],
    [10, true],
    [45, true],
  ])('PAYMENT_COMMITTED %f minutes ago → %s', (minutesAgo, expected) => {
    const committed = order('PAYMENT_COMMITTED', [entry('INITIATED', 60), entry('PAYMENT_COMMITTED', minutesAgo)]);
    expect(canCancel(committed, { delayedCancellation: false, now: NOW })).toBe(expected);
  });

  it('uses the latest PAYMENT_COMMITTED entry', () => {
    const committed = order('PAYMENT_COMMITTED', [entry('PAYMENT_COMMITTED', 30), entry('PAYMENT_COMMITTED', 2)]);
    expect(canCancel(committed, { delayedCancellation: false, now: NOW })).toBe(false);
  });

  it('refuses PAYMENT_COMMITTED without a history entry for it', () => {
    const committed = order('PAYMENT_COMMITTED', [entry('INITIATED', 60)]);
    expect(canCancel(committed, { delayedCancellation: true, now: NOW })).toBe(false);
  });
});

describe('isRiderAssigned', () => {
  it.each([
    ['no entries', [], false],
    ['only waiting', [entry('WAITING_FOR_TRANSPORT', 5)], false],
    ['accepted without waiting', [entry('COURIER_ACCEPTED_DELIVERY', 5)], true],
    ['accepted after waiting', [entry('WAITING_FOR_TRANSPORT', 5), entry('COURIER_ACCEPTED_DELIVERY', 3)], true],
    [
      'waiting again after acceptance',
      [entry('WAITING_FOR_TRANSPORT', 9), entry('COURIER_ACCEPTED_DELIVERY', 7), entry('WAITING_FOR_TRANSPORT', 3)],
      false,
    ],
    [
      're-accepted after waiting again',
      [
        entry('WAITING_FOR_TRANSPORT', 9),
        entry('COURIER_ACCEPTED_DELIVERY', 7),
        entry('WAITING_FOR_TRANSPORT', 3),
        entry('COURIER_ACCEPTED_DELIVERY', 1),
      ],
      true,
    ],
    ['same instant', [entry('WAITING_FOR_TRANSPORT', 3), entry('COURIER_ACCEPTED_DELIVERY', 3)], false],
    ['unordered list', [entry('COURIER_ACCEPTED_DELIVERY', 1), entry('WAITING_FOR_TRANSPORT', 3)], true],
  ] as const)('%s → %s', (_name, history, expected) => {
    expect(isRiderAssigned(history)).toBe(expected);
  });
});

describe('map and ETA statuses', () => {
  it.each(ORDER_STATUSES)('%s', (status) => {
    expect(showsEtaToVendor(status)).toBe((ETA_TO_VENDOR_STATUSES as readonly string[]).includes(status));
    expect(showsEtaToCustomer(status)).toBe((ETA_TO_CUSTOMER_STATUSES as readonly string[]).includes(status));
    expect(showsFullMap(status)).toBe(!(NO_FULL_MAP_STATUSES as readonly string[]).includes(status));
  });

  it.each([
    ['NEAR_VENDOR', true, false, true],
    ['PICKED_UP', false, true, true],
    // In transit: the rider has left the branch with the item, so the ETA is the one to the customer.
    ['COURIER_LEFT_VENDOR', false, true, true],
    ['NEW', false, false, false],
    ['WAITING_FOR_TRANSPORT', false, false, false],
  ] as const)('%s: ETA vendor %s, ETA customer %s, full map %s', (status, vendor, customer, map) => {
    expect([showsEtaToVendor(status), showsEtaToCustomer(status), showsFullMap(status)]).toEqual([
      vendor,
      customer,
      map,
    ]);
  });
});

describe('isRiderNear', () => {
  // spec §4: 'less than 5 minutes away'.
  it.each([
    [0, true],
    [4, true],
    [4.9, true],
    [5, false],
    [6, false],
    [60, false],
  ])('an ETA of %s minutes is near: %s', (minutes, expected) => {
    expect(isRiderNear(minutes)).toBe(expected);
  });
});

describe('shouldPollRider', () => {
  const polled: OrderStatus[] = [
    'DELAYED',
    'RECEIVED_BY_VENDOR',
    'ACCEPTED_BY_VENDOR',
    'WAITING_FOR_TRANSPORT',
    'ASSIGNED_TO_TRANSPORT',
    'COURIER_ACCEPTED_DELIVERY',
    'MODIFIED',
    'NEAR_VENDOR',
    'PICKED_UP',
    'COURIER_LEFT_VENDOR',
    'NEAR_CUSTOMER',
  ];

  it.each(ORDER_STATUSES.map((status) => [status, polled.includes(status)] as const))('%s → %s', (status, expected) => {
    expect(shouldPollRider(status)).toBe(expected);
  });
});

describe('orderBucket', () => {
  const futureSeconds = Math.floor(NOW.getTime() / 1000) + 3600;
  const pastSeconds = Math.floor(NOW.getTime() / 1000) - 3600;
  const bucket = (
    status: OrderStatus,
    extra: { preordered_for?: number | null; history?: StatusHistoryEntry[] } = {},
  ) => orderBucket({ status, status_history: extra.history ?? [], preordered_for: extra.preordered_for }, NOW);

  it.each([
    ['NEW', futureSeconds, 'preorder'],
    ['INITIATED', futureSeconds, 'preorder'],
    ['WAITING_FOR_TRANSPORT', futureSeconds, 'preorder'],
    ['ASSIGNED_TO_TRANSPORT', futureSeconds, 'new'],
    ['PICKED_UP', futureSeconds, 'collected'],
    ['CANCELLED', futureSeconds, 'cancelled'],
    ['STALLED', futureSeconds, 'cancelled'],
    ['NEW', pastSeconds, 'new'],
    ['NEW', Math.floor(NOW.getTime() / 1000), 'new'],
    ['NEW', null, 'new'],
  ] as const)('%s pre-ordered for %s → %s', (status, preorderedFor, expected) => {
    expect(bucket(status, { preordered_for: preorderedFor })).toBe(expected);
  });

  it.each([
    ...STATUS_GROUPS.new.map((status) => [status, 'new'] as const),
    ...STATUS_GROUPS.collected.map((status) => [status, 'collected'] as const),
    ...STATUS_GROUPS.cancelled.map((status) => [status, 'cancelled'] as const),
    ['DELIVERED', 'delivered'],
    // A returned order was not delivered: it has a column of its own.
    ['RETURNED_TO_VENDOR', 'returned'],
    ['DELAYED', 'collected'],
    ['INITIATED', null],
    ['PAYMENT_INITIATED', null],
  ] as const)('%s without pre-order → %s', (status, expected) => {
    expect(bucket(status)).toBe(expected);
  });

  it.each([
    ['collected, cancelled and delivered', ['PICKED_UP', 'CANCELLED', 'DELIVERED'], 'new'],
    ['collected, cancelled and returned', ['NEAR_CUSTOMER', 'STALLED', 'RETURNED_TO_VENDOR'], 'new'],
    ['no cancelled status', ['PICKED_UP', 'DELIVERED'], 'collected'],
    ['no collected status', ['CANCELLED', 'DELIVERED'], 'collected'],
    ['no delivered or returned status', ['PICKED_UP', 'CANCELLED'], 'collected'],
    ['nothing', [], 'collected'],
  ] as const)('DELAYED with history of %s → %s', (_name, statuses, expected) => {
    const history = statuses.map((status, index) => entry(status, 30 - index));
    expect(bucket('DELAYED', { history })).toBe(expected);
  });

  it('puts every order with a past or absent pre-order time in the bucket of its status group', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ORDER_STATUSES),
        fc.option(fc.integer({ min: 0, max: Math.floor(NOW.getTime() / 1000) })),
        (status, preorderedFor) => {
          const result = bucket(status, { preordered_for: preorderedFor });
          const inGroup = (group: keyof typeof STATUS_GROUPS) =>
            (STATUS_GROUPS[group] as readonly OrderStatus[]).includes(status);
          if (result === 'new') expect(inGroup('new')).toBe(true);
          if (result === 'collected') expect(inGroup('collected') || status === 'DELAYED').toBe(true);
          if (result === 'delivered') expect(inGroup('done')).toBe(true);
          if (result === 'cancelled') expect(inGroup('cancelled')).toBe(true);
          expect(result).not.toBe('preorder');
        },
      ),
    );
  });

  it('lists a future pre-order as preorder exactly when it is not cancelled and at most WAITING_FOR_TRANSPORT', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), fc.integer({ min: 1, max: 2 * 86_400 }), (status, ahead) => {
        const result = bucket(status, { preordered_for: Math.floor(NOW.getTime() / 1000) + ahead });
        const rank = statusProgress(status);
        const expected =
          rank >= 0 &&
          rank <= statusProgress('WAITING_FOR_TRANSPORT') &&
          !(STATUS_GROUPS.cancelled as readonly OrderStatus[]).includes(status);
        expect(result === 'preorder').toBe(expected);
      }),
    );
  });
});

describe('matchesStatusFilter', () => {
  it.each([
    ['DELIVERED', 'ANY', true],
    ['DELAYED', 'ANY', true],
    ['DELIVERED', 'DELIVERED', true],
    ['RETURNED_TO_VENDOR', 'DELIVERED', false],
    ['RETURNED_TO_VENDOR', 'RETURNED', true],
    ['DELIVERED', 'RETURNED', false],
    ['CANCELLED', 'DELIVERED', false],
    ['STALLED', 'CANCELLED', true],
    ['PAYMENT_FAILED', 'CANCELLED', true],
    ['NEW', 'CANCELLED', false],
    ['NEAR_VENDOR', 'NEW', true],
    ['PICKED_UP', 'NEW', false],
    ['RETURN_INITIATED', 'COLLECTED', true],
  ] as const)('%s matches %s → %s', (status, filter, expected) => {
    expect(matchesStatusFilter({ status, status_history: [] }, filter)).toBe(expected);
  });

  it('lists under SCHEDULED only the pre-orders whose time is still to come', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const later = Date.parse('2026-03-01T12:00:00Z') / 1000;
    const earlier = Date.parse('2026-03-01T08:00:00Z') / 1000;
    const order = (status: OrderStatus, preordered_for: number | null) => ({
      status,
      status_history: [],
      preordered_for,
    });
    expect(matchesStatusFilter(order('WAITING_FOR_TRANSPORT', later), 'SCHEDULED', now)).toBe(true);
    expect(matchesStatusFilter(order('WAITING_FOR_TRANSPORT', earlier), 'SCHEDULED', now)).toBe(false);
    expect(matchesStatusFilter(order('NEW', null), 'SCHEDULED', now)).toBe(false);
    expect(matchesStatusFilter(order('CANCELLED', later), 'SCHEDULED', now)).toBe(false);
  });

  // spec §4 "Order list buckets": the filter lists DELAYED orders where the buckets put them.
  const entry = (status: OrderStatus) => ({ status, created_at: '2026-03-01T10:00:00Z' });
  const backToNew = [entry('PICKED_UP'), entry('CANCELLED'), entry('RETURNED_TO_VENDOR'), entry('DELAYED')];
  const late = [entry('NEW'), entry('PICKED_UP'), entry('DELAYED')];
  it.each([
    [backToNew, 'NEW', true],
    [backToNew, 'COLLECTED', false],
    [late, 'NEW', false],
    [late, 'COLLECTED', true],
    [late, 'DELIVERED', false],
    [late, 'CANCELLED', false],
    [late, 'ANY', true],
  ] as const)('DELAYED with history %j matches %s → %s', (history, filter, expected) => {
    const order = { status: 'DELAYED' as const, status_history: history };
    expect(matchesStatusFilter(order, filter)).toBe(expected);
    expect(orderBucket(order, new Date('2026-03-02T00:00:00Z')) === filter.toLowerCase()).toBe(
      expected && filter !== 'ANY',
    );
  });
});

describe('CANCEL_REASONS', () => {
  it('lists the 19 reasons of spec §8 once each', () => {
    expect(new Set(CANCEL_REASONS).size).toBe(19);
    expect(CANCEL_REASONS).toContain('payment_failure');
    expect(CANCEL_REASONS[0]).toBe('mistake_error');
  });
});

describe('canEditOrder: until the rider has the item', () => {
  it.each([
    ['NEW', true],
    ['MODIFIED', true],
    ['NEAR_VENDOR', true],
    ['PICKED_UP', false],
    ['DELIVERED', false],
    ['CANCELLED', false],
    ['PAYMENT_FAILED', false],
    ['NOT_A_STATUS', false],
  ])('%s → %s', (status, expected) => {
    expect(canEditOrder(status)).toBe(expected);
  });
});
