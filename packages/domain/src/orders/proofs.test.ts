import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../order-status.ts';
import { proofKindsReached } from './proofs.ts';

const history = (...statuses: OrderStatus[]) => statuses.map((status) => ({ status }));

describe('which proof belongs to which status', () => {
  it.each([
    [history('NEW', 'RECEIVED', 'COURIER_ACCEPTED_DELIVERY'), []],
    [history('NEW', 'PICKED_UP', 'NEAR_CUSTOMER'), ['pickup']],
    [history('NEW', 'PICKED_UP', 'DELIVERED'), ['pickup', 'delivery']],
    [history('NEW', 'PICKED_UP', 'RETURN_INITIATED', 'RETURNED_TO_VENDOR'), ['pickup', 'return']],
    [history('NEW', 'CANCELLED'), []],
  ])('%j has taken %j', (entries, expected) => {
    expect(proofKindsReached(entries)).toEqual(expected);
  });
});
