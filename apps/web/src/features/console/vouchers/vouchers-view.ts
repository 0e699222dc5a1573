import type { ConsoleVoucher } from '@riderdesk/domain/contracts/console-vouchers';
import { formatMoney } from '@riderdesk/domain/money';
import type { VoucherStatus } from '@riderdesk/domain/voucher-rules';
import type { TFunction } from 'i18next';

export const STATUS_COLOURS: Record<VoucherStatus, string> = {
  active: 'green',
  paused: 'yellow',
  scheduled: 'blue',
  ended: 'gray',
  'used-up': 'gray',
};

/** A local date-time of the form `2026-12-31T23:59` as the table shows it: `2026-12-31 23:59`. */
export const shownLocal = (local: string) => local.replace('T', ' ');

/** What a voucher takes off: "PKR 50 off", "20% off", "Free delivery". */
export function discountText(
  voucher: Pick<ConsoleVoucher, 'type' | 'value' | 'currency'>,
  t: TFunction,
  language: string,
) {
  if (voucher.type === 'deliveryFee') return t('console.vouchers.free-delivery');
  if (voucher.type === 'percentage') return t('console.vouchers.off-percentage', { value: voucher.value });
  return t('console.vouchers.off-amount', { amount: formatMoney(voucher.value, voucher.currency, language) });
}

export function validityText(voucher: Pick<ConsoleVoucher, 'valid_from' | 'valid_until'>, t: TFunction) {
  const from = voucher.valid_from ? shownLocal(voucher.valid_from) : null;
  const until = voucher.valid_until ? shownLocal(voucher.valid_until) : null;
  if (from && until) return t('console.vouchers.between', { from, until });
  if (from) return t('console.vouchers.from', { from });
  if (until) return t('console.vouchers.until', { until });
  return t('console.vouchers.always');
}

export function limitsText(
  voucher: Pick<ConsoleVoucher, 'max_uses' | 'max_uses_per_vendor' | 'min_order_value' | 'currency'>,
  t: TFunction,
  language: string,
): string[] {
  const limits: string[] = [];
  if (voucher.max_uses !== null) limits.push(t('console.vouchers.limit-total', { count: voucher.max_uses }));
  if (voucher.max_uses_per_vendor !== null) {
    limits.push(t('console.vouchers.limit-per-vendor', { count: voucher.max_uses_per_vendor }));
  }
  if (voucher.min_order_value !== null) {
    limits.push(
      t('console.vouchers.min', { amount: formatMoney(voucher.min_order_value, voucher.currency, language) }),
    );
  }
  return limits;
}
