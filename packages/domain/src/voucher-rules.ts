import { TZDate } from '@date-fns/tz';

/**
 * A voucher's limits (issue 36): how often it may be used in all and by one merchant, and the least delivery fee
 * it applies to. The portal's voucher check and the console's voucher page both judge a voucher by these.
 */
export interface VoucherLimits {
  /** Uses in all; null: no limit. */
  max_uses: number | null;
  /** Uses by one merchant (a parent and its collection points together); null: no limit. */
  max_uses_per_vendor: number | null;
  /** The least delivery fee, in minor units, before the discount; null: any. */
  min_order_minor: number | null;
}

/** Why a voucher this merchant may otherwise use cannot be applied to this order; null when it can. */
export type VoucherRefusal = 'used-up' | 'below-minimum' | null;

export function voucherRefusal(
  limits: VoucherLimits,
  used: { total: number; byMerchant: number },
  feeMinor: number,
): VoucherRefusal {
  if (limits.max_uses !== null && used.total >= limits.max_uses) return 'used-up';
  if (limits.max_uses_per_vendor !== null && used.byMerchant >= limits.max_uses_per_vendor) return 'used-up';
  if (limits.min_order_minor !== null && feeMinor < limits.min_order_minor) return 'below-minimum';
  return null;
}

/** A wall-clock time as an operator types it: `2026-12-03T18:00`. */
export const LOCAL_DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/**
 * The instant of a wall-clock time in the country's time zone: a voucher "valid until 31 December 23:59" ends then in
 * Karachi, wherever the operator's browser is.
 */
export function instantOfLocal(local: string, timeZone: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) throw new Error(`not a local date-time: ${local}`);
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  return new Date(new TZDate(year, month - 1, day, hour, minute, 0, 0, timeZone).getTime());
}

/** The wall-clock time of an instant in the country's time zone, as `instantOfLocal` reads it. */
export function localOfInstant(at: Date, timeZone: string): string {
  const local = new TZDate(at.getTime(), timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}T${pad(local.getHours())}:${pad(local.getMinutes())}`;
}

/** Whether a local date-time names a real minute (no 31 February, no 25:00). */
export function isRealLocalDateTime(local: string): boolean {
  if (!LOCAL_DATE_TIME_PATTERN.test(local)) return false;
  const [date, time] = local.split('T') as [string, string];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const probe = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return (
    probe.getUTCFullYear() === year &&
    probe.getUTCMonth() === month - 1 &&
    probe.getUTCDate() === day &&
    hour < 24 &&
    minute < 60
  );
}

export const VOUCHER_STATUSES = ['active', 'paused', 'scheduled', 'ended', 'used-up'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

/** What the console shows of a voucher at `at`: paused wins, then its window, then its total limit. */
export function voucherStatusAt(
  voucher: { is_active: boolean; valid_from: Date | null; valid_until: Date | null; max_uses: number | null },
  uses: number,
  at: Date,
): VoucherStatus {
  if (!voucher.is_active) return 'paused';
  if (voucher.valid_from && voucher.valid_from.getTime() > at.getTime()) return 'scheduled';
  if (voucher.valid_until && voucher.valid_until.getTime() <= at.getTime()) return 'ended';
  if (voucher.max_uses !== null && uses >= voucher.max_uses) return 'used-up';
  return 'active';
}

/** Orders that ended without a delivery or a payment give their voucher use back. */
export const VOUCHER_UNUSED_STATUSES = ['CANCELLED', 'PAYMENT_CANCELLED', 'PAYMENT_FAILED'] as const;
