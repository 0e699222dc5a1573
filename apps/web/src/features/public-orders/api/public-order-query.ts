import { TrackingTokenParamsSchema } from '@riderdesk/domain/contracts/public-tracking';
import type { OrderStatus } from '@riderdesk/domain/order-status';
import { ApiRequestError } from '../../../shared/api/api-error.ts';

// "Every few seconds": a recipient watching the rider sees it move without hammering the server.
export const PUBLIC_POLL_MS = 4000;

const FINAL_STATUSES: readonly OrderStatus[] = [
  'DELIVERED',
  'RETURNED_TO_VENDOR',
  'CANCELLED',
  'PAYMENT_CANCELLED',
  'PAYMENT_FAILED',
  'STALLED',
];

/** Once the order is over nothing moves any more, so polling stops. */
export const isFinalStatus = (status: OrderStatus) => FINAL_STATUSES.includes(status);

/** A token that cannot exist is not worth a request. */
export const isPossibleToken = (token: string) => TrackingTokenParamsSchema.safeParse({ token }).success;

export const isNotFound = (error: unknown) =>
  error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
