import { TZDate } from '@date-fns/tz';
import { startOfDay, subDays } from 'date-fns';

export const SETTLEMENT_FREQUENCIES = ['daily', 'weekly'] as const;
export type SettlementFrequency = (typeof SETTLEMENT_FREQUENCIES)[number];

export const PAYOUT_METHODS = ['bank_transfer', 'easypaisa', 'jazzcash'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** A merchant with no schedule of its own is settled weekly, on Mondays (ISO weekday 1). */
export const DEFAULT_SCHEDULE = { frequency: 'weekly' as SettlementFrequency, weekday: 1 };

/**
 * The end of the last period a schedule has closed at `now`, in the country's zone: today's midnight for a daily
 * schedule, the last midnight that started the schedule's weekday for a weekly one. A run settles what happened
 * before it; the end is the run's key with the merchant, so a period is settled once.
 */
export function closedPeriodEnd(
  now: Date,
  schedule: { frequency: SettlementFrequency; weekday: number },
  timeZone: string,
): Date {
  const today = startOfDay(new TZDate(now.getTime(), timeZone));
  if (schedule.frequency === 'daily') return new Date(today.getTime());
  // date-fns getDay: 0 is Sunday; ISO weekday 7 is Sunday.
  const back = (today.getDay() - (schedule.weekday % 7) + 7) % 7;
  return new Date(subDays(today, back).getTime());
}

/** The day in the country's zone of an instant, `yyyy-mm-dd`. */
export function dayInZone(at: Date, timeZone: string): string {
  const day = new TZDate(at.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** One settlement line's money: what the merchant is owed for an order (collected and credits less fees). */
export interface SettlementLineMoney {
  /** Credits to the merchant (cash collected for it, card payments), positive. */
  creditedMinor: number;
  /** Debits of the merchant (fees owed, refunds), positive. */
  chargedMinor: number;
}

/** The net a merchant is paid: credits less charges, which may be negative (the merchant owes the platform). */
export const netOf = (lines: readonly SettlementLineMoney[]): number =>
  lines.reduce((sum, line) => sum + line.creditedMinor - line.chargedMinor, 0);
