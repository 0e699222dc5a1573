// The measures of a finished order, as insights' rollups (decision 172) and History's narrowing by them read them.
/** When a delivery was asked for: a pre-order is measured from its time, not from when it was booked. */
export const REQUESTED_AT = 'greatest(o.created_at, coalesce(o.preordered_for, o.created_at))';
/** Whole and fractional minutes from one instant to a later one (never negative). */
export const minutesBetween = (to: string, from: string) => `greatest(0, extract(epoch from (${to} - ${from})) / 60)`;
/** An instant of an order's status history: the first or last time it reached a status. */
export const statusReachedAt = (which: 'min' | 'max', status: string) =>
  `(select ${which}(s.created_at) from order_status_history s where s.order_id = o.order_id and s.status = '${status}')`;
