import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../order-status.ts';
import {
  ACCEPTANCE_WAIT_MINUTES,
  type BoardOrderFacts,
  boardStageGroup,
  canReassign,
  classifyBoardOrder,
  compareBoardOrders,
  RIDER_UNREACHABLE_MINUTES,
  WAITING_FOR_RIDER_MINUTES,
} from './board.ts';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

function order(statuses: [OrderStatus, number][], change: Partial<BoardOrderFacts> = {}): BoardOrderFacts {
  const history = statuses.map(([status, minutesAgo]) => ({ status, created_at: ago(minutesAgo) }));
  return {
    status: history.at(-1)!.status,
    status_history: history,
    created_at: new Date(history[0]!.created_at),
    preordered_for: null,
    dispatch_started_at: null,
    cancel_reason: null,
    rider_id: null,
    rider_seen_at: null,
    flagged: null,
    flagged_at: null,
    ...change,
  };
}

describe('the live board’s exceptions', () => {
  const riding = (seenMinutesAgo: number) => ({ rider_id: 'r1', rider_seen_at: new Date(ago(seenMinutesAgo)) });

  it.each([
    [
      'payment failed',
      order([
        ['INITIATED', 20],
        ['PAYMENT_FAILED', 15],
      ]),
      'payment_failed',
      ago(15),
    ],
    [
      'stalled',
      order([
        ['NEW', 30],
        ['STALLED', 25],
      ]),
      'stalled',
      ago(25),
    ],
    [
      'a handover PIN refused too often, before the rider’s silence or a delay',
      order(
        [
          ['NEW', 70],
          ['COURIER_ACCEPTED_DELIVERY', 65],
          ['DELAYED', 30],
          ['NEAR_CUSTOMER', 20],
        ],
        { ...riding(10), flagged: 'handover_pin_failed', flagged_at: new Date(ago(4)) },
      ),
      'handover_pin_failed',
      ago(4),
    ],
    [
      'a handover PIN refused too often on an order since delivered',
      order(
        [
          ['NEW', 70],
          ['DELIVERED', 2],
        ],
        { flagged: 'handover_pin_failed', flagged_at: new Date(ago(4)) },
      ),
      null,
      null,
    ],
    [
      'cancelled for want of a courier',
      order(
        [
          ['NEW', 30],
          ['CANCELLED', 5],
        ],
        { cancel_reason: 'no_courier' },
      ),
      'no_courier',
      ago(5),
    ],
    [
      'cancelled by the merchant',
      order(
        [
          ['NEW', 30],
          ['CANCELLED', 5],
        ],
        { cancel_reason: 'mistake_error' },
      ),
      null,
      null,
    ],
    [
      'waiting for a rider too long',
      order(
        [
          ['NEW', 12],
          ['RECEIVED', 12],
          ['WAITING_FOR_TRANSPORT', 12],
        ],
        {
          dispatch_started_at: new Date(ago(WAITING_FOR_RIDER_MINUTES)),
        },
      ),
      'no_courier',
      ago(WAITING_FOR_RIDER_MINUTES),
    ],
    [
      'waiting for a rider briefly',
      order(
        [
          ['NEW', 2],
          ['WAITING_FOR_TRANSPORT', 2],
        ],
        { dispatch_started_at: new Date(ago(2)) },
      ),
      null,
      null,
    ],
    [
      'delayed, even after the rider moved on',
      order(
        [
          ['NEW', 70],
          ['COURIER_ACCEPTED_DELIVERY', 65],
          ['DELAYED', 8],
          ['NEAR_VENDOR', 3],
        ],
        riding(1),
      ),
      'delayed',
      ago(8),
    ],
    [
      'a rider not heard from',
      order(
        [
          ['NEW', 20],
          ['COURIER_ACCEPTED_DELIVERY', 15],
        ],
        riding(RIDER_UNREACHABLE_MINUTES),
      ),
      'rider_unreachable',
      ago(RIDER_UNREACHABLE_MINUTES),
    ],
    [
      'a rider heard from',
      order(
        [
          ['NEW', 20],
          ['COURIER_ACCEPTED_DELIVERY', 15],
        ],
        riding(1),
      ),
      null,
      null,
    ],
    [
      'an offer nobody accepts',
      order([
        ['NEW', 15],
        ['ASSIGNED_TO_TRANSPORT', ACCEPTANCE_WAIT_MINUTES],
      ]),
      'awaiting_acceptance',
      ago(ACCEPTANCE_WAIT_MINUTES),
    ],
    [
      'a pre-order before its time',
      order([['NEW', 30]], { preordered_for: new Date(NOW.getTime() + 3_600_000) }),
      null,
      null,
    ],
    [
      'delivered',
      order([
        ['NEW', 30],
        ['DELIVERED', 1],
      ]),
      null,
      null,
    ],
  ] as const)('%s', (_name, facts, exception, since) => {
    const classified = classifyBoardOrder(facts, NOW);
    expect(classified.exception).toBe(exception);
    expect(classified.since?.toISOString() ?? null).toBe(since);
  });

  it('lists the most urgent kind first, then the oldest, then the orders that need nobody', () => {
    const row = (order_id: string, exception: 'delayed' | 'stalled' | null, since: string | null) => ({
      order_id,
      exception,
      exception_since: since,
      created_at: ago(60),
    });
    const sorted = [
      row('quiet', null, null),
      row('late-new', 'delayed', ago(5)),
      row('stalled', 'stalled', ago(1)),
      row('late-old', 'delayed', ago(20)),
    ].sort(compareBoardOrders);
    expect(sorted.map((entry) => entry.order_id)).toEqual(['stalled', 'late-old', 'late-new', 'quiet']);
  });

  it('hands an order to another rider only before its pickup', () => {
    expect(
      canReassign(
        order([
          ['NEW', 9],
          ['COURIER_ACCEPTED_DELIVERY', 8],
          ['DELAYED', 1],
        ]),
      ),
    ).toBe(true);
    expect(
      canReassign(
        order([
          ['NEW', 9],
          ['ASSIGNED_TO_TRANSPORT', 8],
        ]),
      ),
    ).toBe(true);
    expect(
      canReassign(
        order([
          ['NEW', 9],
          ['PICKED_UP', 8],
          ['DELAYED', 1],
        ]),
      ),
    ).toBe(false);
    expect(
      canReassign(
        order([
          ['NEW', 9],
          ['RECEIVED', 8],
        ]),
      ),
    ).toBe(false);
    expect(
      canReassign(
        order([
          ['NEW', 9],
          ['CANCELLED', 8],
        ]),
      ),
    ).toBe(false);
    expect(
      boardStageGroup(
        order([
          ['NEW', 9],
          ['PICKED_UP', 8],
          ['DELAYED', 1],
        ]),
      ),
    ).toBe('collected');
    expect(boardStageGroup(order([['NEW', 9]]))).toBe('to_collect');
    expect(
      boardStageGroup(
        order([
          ['NEW', 9],
          ['DELIVERED', 1],
        ]),
      ),
    ).toBeNull();
  });
});
