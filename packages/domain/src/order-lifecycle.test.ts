import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REASSIGNABLE_STAGES } from './console/board.ts';
import { liveEtaMinutes } from './geo/trip.ts';
import {
  canTransition,
  isTerminal,
  lifecycleStage,
  ORDER_TRANSITIONS,
  type OrderStage,
  OVERLAY_STATUSES,
  TERMINAL_STATUSES,
} from './order-lifecycle.ts';
import { canCancel, ORDER_STATUSES, type OrderStatus, statusProgress } from './order-status.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 10, 8, minute)).toISOString();
const order = (status: OrderStatus, history: OrderStatus[] = [status]) => ({
  status,
  status_history: history.map((entry, index) => ({ status: entry, created_at: at(index) })),
});

const HAPPY_PATH: OrderStatus[] = [
  'NEW',
  'RECEIVED',
  'WAITING_FOR_TRANSPORT',
  'ASSIGNED_TO_TRANSPORT',
  'COURIER_ACCEPTED_DELIVERY',
  'NEAR_VENDOR',
  'PICKED_UP',
  'COURIER_LEFT_VENDOR',
  'NEAR_CUSTOMER',
  'DELIVERED',
];

describe('order lifecycle table', () => {
  it('covers every status of spec §4', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('walks the delivery path one step at a time', () => {
    for (let index = 1; index < HAPPY_PATH.length; index++) {
      const current = order(HAPPY_PATH[index - 1]!, HAPPY_PATH.slice(0, index));
      expect(canTransition(current, HAPPY_PATH[index]!), `${HAPPY_PATH[index - 1]} → ${HAPPY_PATH[index]}`).toBe(true);
    }
  });

  it('walks the return path after an unreachable customer', () => {
    const history: OrderStatus[] = HAPPY_PATH.slice(0, 9);
    expect(canTransition(order('NEAR_CUSTOMER', history), 'RETURN_INITIATED')).toBe(true);
    expect(canTransition(order('RETURN_INITIATED', [...history, 'RETURN_INITIATED']), 'RETURNED_TO_VENDOR')).toBe(true);
    expect(canTransition(order('RETURN_INITIATED', [...history, 'RETURN_INITIATED']), 'DELIVERED')).toBe(false);
  });

  it.each([
    ['NEW', 'PICKED_UP'],
    ['WAITING_FOR_TRANSPORT', 'COURIER_ACCEPTED_DELIVERY'],
    ['COURIER_ACCEPTED_DELIVERY', 'DELIVERED'],
    ['NEAR_VENDOR', 'NEAR_CUSTOMER'],
    ['PICKED_UP', 'WAITING_FOR_TRANSPORT'],
    ['NEAR_CUSTOMER', 'RETURNED_TO_VENDOR'],
  ] as const)('refuses %s → %s', (from, to) => {
    expect(canTransition(order(from), to)).toBe(false);
  });

  it('lets nothing follow a terminal status', () => {
    for (const status of TERMINAL_STATUSES) {
      for (const to of ORDER_STATUSES) expect(canTransition(order(status), to)).toBe(false);
    }
  });

  it('never moves an order backwards in the progress order, except a declined offer or a reassignment', () => {
    // Every pair of statuses, so no seed can miss one.
    const backwards: string[] = [];
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        if (!canTransition(order(from), to)) continue;
        // Cancelled-type statuses rank below zero (spec §4); overlays are not steps.
        if (statusProgress(to) < 0 || to === 'STALLED' || OVERLAY_STATUSES.includes(to as never)) continue;
        // A declined or expired offer waits for another rider.
        if (from === 'ASSIGNED_TO_TRANSPORT' && to === 'WAITING_FOR_TRANSPORT') continue;
        // Before the pickup an operator hands the order to another rider (decision 181).
        if (to === 'ASSIGNED_TO_TRANSPORT' && REASSIGNABLE_STAGES.includes(from as OrderStage)) continue;
        if (statusProgress(to) <= statusProgress(lifecycleStage(order(from)))) backwards.push(`${from} → ${to}`);
      }
    }
    expect(backwards).toEqual([]);
  });
});

describe('overlays', () => {
  it('judges the next step of a DELAYED order from the stage under it', () => {
    const delayed = order('DELAYED', [
      'NEW',
      'RECEIVED',
      'WAITING_FOR_TRANSPORT',
      'ASSIGNED_TO_TRANSPORT',
      'COURIER_ACCEPTED_DELIVERY',
      'DELAYED',
    ]);
    expect(lifecycleStage(delayed)).toBe('COURIER_ACCEPTED_DELIVERY');
    expect(canTransition(delayed, 'NEAR_VENDOR')).toBe(true);
    expect(canTransition(delayed, 'DELIVERED')).toBe(false);
  });

  it('judges a MODIFIED order from the stage under it, even after several edits', () => {
    const modified = order('MODIFIED', ['NEW', 'RECEIVED', 'WAITING_FOR_TRANSPORT', 'MODIFIED', 'MODIFIED']);
    expect(lifecycleStage(modified)).toBe('WAITING_FOR_TRANSPORT');
    expect(canTransition(modified, 'ASSIGNED_TO_TRANSPORT')).toBe(true);
    expect(canTransition(modified, 'NEAR_VENDOR')).toBe(false);
  });

  it('announces DELAYED once per order', () => {
    const history: OrderStatus[] = [
      'NEW',
      'RECEIVED',
      'WAITING_FOR_TRANSPORT',
      'ASSIGNED_TO_TRANSPORT',
      'COURIER_ACCEPTED_DELIVERY',
    ];
    expect(canTransition(order('COURIER_ACCEPTED_DELIVERY', history), 'DELAYED')).toBe(true);
    const after = [...history, 'DELAYED', 'NEAR_VENDOR'] as OrderStatus[];
    expect(canTransition(order('NEAR_VENDOR', after), 'DELAYED')).toBe(false);
  });

  it('does not delay an order that no rider has accepted yet', () => {
    expect(canTransition(order('WAITING_FOR_TRANSPORT'), 'DELAYED')).toBe(false);
  });

  it('only knows NEW under an overlay without history', () => {
    expect(lifecycleStage(order('MODIFIED', []))).toBe('NEW');
  });
});

describe('lifecycle and spec §4 cancellability agree', () => {
  it('allows the CANCELLED transition wherever canCancel allows a cancellation', () => {
    const now = new Date(Date.UTC(2026, 2, 10, 9, 0));
    for (const status of ORDER_STATUSES) {
      const candidate = order(status, status === 'DELAYED' ? ['NEW', 'PICKED_UP', 'DELAYED'] : [status]);
      if (canCancel(candidate, { delayedCancellation: true, now })) {
        expect(canTransition(candidate, 'CANCELLED'), status).toBe(true);
      }
    }
  });

  it('marks exactly the statuses with no way out as terminal', () => {
    for (const status of ORDER_STATUSES) {
      if (OVERLAY_STATUSES.includes(status as never)) continue;
      expect(isTerminal(status), status).toBe(ORDER_TRANSITIONS[status].length === 0);
    }
  });
});

describe('liveEtaMinutes', () => {
  it.each([
    [0, 0],
    [0.5, 2],
    [1.3, 4],
    [1.7, 8],
    [3, 9],
    [10, 30],
  ])('%s km at 20 km/h is %s min', (km, minutes) => {
    expect(liveEtaMinutes(km, 20)).toBe(minutes);
  });

  it('keeps estimates of 5 minutes or more at the country minimum of 8 and never goes below zero', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 50, noNaN: true }), (km) => {
        const minutes = liveEtaMinutes(km, 20);
        expect(minutes).toBeGreaterThanOrEqual(0);
        if (minutes >= 5) expect(minutes).toBeGreaterThanOrEqual(8);
      }),
    );
  });
});
