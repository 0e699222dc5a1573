/**
 * The order events a merchant's webhook endpoint may subscribe to (issue 35): every status change, the
 * rider's location every 15 s while the order is active (as pandago does), and the order's creation,
 * update and cancellation.
 */
export const WEBHOOK_EVENT_TYPES = [
  'order.status_changed',
  'order.location',
  'order.created',
  'order.updated',
  'order.cancelled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The signed test event "Send test event" queues: never a subscription, always delivered when asked for. */
export const WEBHOOK_TEST_EVENT = 'ping';

/** How often the rider's location is pushed while an order is active. */
export const WEBHOOK_LOCATION_INTERVAL_SECONDS = 15;

/** A merchant's endpoints per vendor, at most. */
export const MAX_WEBHOOK_ENDPOINTS_PER_VENDOR = 10;
