import { describe, expect, it } from 'vitest';
import {
  instantOfLocal,
  isRealLocalDateTime,
  localOfInstant,
  voucherRefusal,
  voucherStatusAt,
} from './voucher-rules.ts';

const NO_LIMITS = { max_uses: null, max_uses_per_vendor: null, min_order_minor: null };

describe('voucherRefusal', () => {
  it.each([
    [NO_LIMITS, { total: 1000, byMerchant: 1000 }, 0, null],
    [{ ...NO_LIMITS, max_uses: 3 }, { total: 2, byMerchant: 2 }, 100, null],
    [{ ...NO_LIMITS, max_uses: 3 }, { total: 3, byMerchant: 0 }, 100, 'used-up'],
    [{ ...NO_LIMITS, max_uses_per_vendor: 1 }, { total: 5, byMerchant: 0 }, 100, null],
    [{ ...NO_LIMITS, max_uses_per_vendor: 1 }, { total: 5, byMerchant: 1 }, 100, 'used-up'],
    [{ ...NO_LIMITS, min_order_minor: 20_000 }, { total: 0, byMerchant: 0 }, 19_999, 'below-minimum'],
    [{ ...NO_LIMITS, min_order_minor: 20_000 }, { total: 0, byMerchant: 0 }, 20_000, null],
    [{ max_uses: 1, max_uses_per_vendor: null, min_order_minor: 20_000 }, { total: 1, byMerchant: 0 }, 0, 'used-up'],
  ] as const)('%o with %o on a fee of %d → %s', (limits, used, fee, refusal) => {
    expect(voucherRefusal(limits, used, fee)).toBe(refusal);
  });
});

describe('local date-times in the country time zone', () => {
  it('reads a Karachi wall-clock time as the instant five hours earlier in UTC, and back', () => {
    const at = instantOfLocal('2026-12-31T23:59', 'Asia/Karachi');
    expect(at.toISOString()).toBe('2026-12-31T18:59:00.000Z');
    expect(localOfInstant(at, 'Asia/Karachi')).toBe('2026-12-31T23:59');
  });

  it('knows a real minute from a made-up one', () => {
    expect(isRealLocalDateTime('2026-02-28T10:00')).toBe(true);
    expect(isRealLocalDateTime('2026-02-31T10:00')).toBe(false);
    expect(isRealLocalDateTime('2026-02-01T24:00')).toBe(false);
    expect(isRealLocalDateTime('2026-02-01 10:00')).toBe(false);
  });
});

describe('voucherStatusAt', () => {
  const at = new Date('2026-06-01T12:00:00Z');
  const base = { is_active: true, valid_from: null, valid_until: null, max_uses: null };
  it.each([
    [base, 0, 'active'],
    [{ ...base, is_active: false }, 0, 'paused'],
    [{ ...base, valid_from: new Date('2026-06-02T00:00:00Z') }, 0, 'scheduled'],
    [{ ...base, valid_until: at }, 0, 'ended'],
    [{ ...base, max_uses: 2 }, 2, 'used-up'],
  ] as const)('%o with %d uses is %s', (voucher, uses, status) => {
    expect(voucherStatusAt(voucher, uses, at)).toBe(status);
  });
});
