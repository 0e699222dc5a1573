// A cash order confirmed by its customer before a rider is sent (issue 37, decision 175). Not an order status: the
// order keeps the spec's statuses (NEW, then RECEIVED) and carries its confirmation beside them.

/** awaiting: no rider is sent until the customer (or the merchant) confirms; expired: cancelled for want of it. */
export const CUSTOMER_CONFIRMATION_STATES = ['awaiting', 'confirmed', 'expired'] as const;
export type CustomerConfirmationState = (typeof CUSTOMER_CONFIRMATION_STATES)[number];

/** Who confirmed: the customer by replying 1, the customer on the tracking page, the merchant after calling. */
export const CONFIRMED_BY = ['customer_reply', 'customer_link', 'merchant'] as const;
export type ConfirmedBy = (typeof CONFIRMED_BY)[number];

/** Minutes an outlet may give its customers to confirm; the settings page offers 15 first. */
export const CASH_CONFIRMATION_MINUTES = { min: 5, max: 120, default: 15 } as const;

/** The payment method whose orders are confirmed: the one a customer can leave unpaid by not opening the door. */
export const CONFIRMED_PAYMENT_METHOD = 'CASH_ON_DELIVERY';

/** Whether an order of this method at an outlet with this setting waits for its customer. */
export const needsCashConfirmation = (paymentMethod: string, outletMinutes: number | null): boolean =>
  paymentMethod === CONFIRMED_PAYMENT_METHOD && outletMinutes !== null && outletMinutes > 0;

/** Whole minutes left to confirm (at least 0), as the countdown and the message say them. */
export function minutesLeft(confirmBy: Date | string, now: Date | number): number {
  const left = new Date(confirmBy).getTime() - new Date(now).getTime();
  return Math.max(0, Math.ceil(left / 60_000));
}

/** 'M:SS' left, for a countdown. */
export function countdownText(confirmBy: Date | string, now: Date | number): string {
  const seconds = Math.max(0, Math.ceil((new Date(confirmBy).getTime() - new Date(now).getTime()) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
