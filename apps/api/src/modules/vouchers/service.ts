import type {
  Voucher,
  VoucherDetails,
  VoucherValidateBody,
  VoucherValidation,
} from '@riderdesk/domain/contracts/vouchers';
import { fromMinor, toMinor } from '@riderdesk/domain/money';
import { voucherRefusal } from '@riderdesk/domain/voucher-rules';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { keyedError } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { expiresAtOf, type FeeSigner, feeChanged, signatureExpired } from '../pricing/fee-signature.ts';
import type { VendorRow } from '../vendors/model.ts';
import type { VendorService } from '../vendors/service.ts';
import * as repo from './repo.ts';

export type VoucherService = ReturnType<typeof voucherService>;

export const voucherInvalid = (field = 'code') =>
  keyedError(400, 'VoucherInvalid', 'voucher.error.validation.message', field);

export const voucherExpired = (field = 'code') => keyedError(400, 'VoucherInvalid', 'voucher.error.expired', field);

const REFUSAL_KEYS = { 'used-up': 'voucher.error.used-up', 'below-minimum': 'voucher.error.below-minimum' } as const;

/** What a voucher takes off a fee, in minor units; never more than the fee. */
export function discountMinor(voucher: Pick<repo.VoucherRow, 'type' | 'value' | 'currency'>, feeMinor: number): number {
  switch (voucher.type) {
    case 'amount':
      return Math.min(feeMinor, toMinor(voucher.value, voucher.currency));
    case 'percentage':
      return Math.min(feeMinor, Math.round((feeMinor * voucher.value) / 100));
    case 'deliveryFee':
      return feeMinor;
  }
}

export function toVoucher(row: Pick<repo.VoucherRow, 'code' | 'type' | 'value'>): Voucher {
  return { code: row.code, type: row.type, amount: row.type === 'deliveryFee' ? 0 : row.value };
}

/** No vendors named: every vendor; a parent named: its collection points too. */
function appliesTo(voucher: repo.VoucherRow, vendor: VendorRow): boolean {
  return (
    voucher.vendor_ids.length === 0 ||
    voucher.vendor_ids.includes(vendor.vendor_id) ||
    (vendor.parent_vendor_id !== null && voucher.vendor_ids.includes(vendor.parent_vendor_id))
  );
}

/** The voucher's validity ended at or before `at`. */
function hasEndedBy(voucher: repo.VoucherRow, at: Date): boolean {
  return voucher.valid_until !== null && voucher.valid_until.getTime() <= at.getTime();
}

function isUsableAt(voucher: repo.VoucherRow, at: Date): boolean {
  if (!voucher.is_active) return false;
  if (voucher.valid_from && voucher.valid_from.getTime() > at.getTime()) return false;
  if (voucher.valid_until && voucher.valid_until.getTime() <= at.getTime()) return false;
  return true;
}

export interface VoucherDeps {
  db: Db;
  config: AppConfig;
  vendors: VendorService;
  signer: FeeSigner;
  now: () => Date;
}

export function voucherService({ db, config, vendors, signer, now }: VoucherDeps) {
  const { currency } = config.deployment.country;

  /**
   * A voucher this vendor may use for an order at `at` (its pre-ordered time, else now); unknown, inactive or
   * foreign codes are all one error, and an active code of theirs that has ended says it has expired.
   */
  async function usableVoucher(
    code: string,
    vendor: VendorRow,
    feeMinor: number,
    at: Date = now(),
  ): Promise<repo.VoucherRow> {
    const voucher = await repo.findVoucher(db, code);
    if (!voucher || !appliesTo(voucher, vendor) || voucher.currency !== currency) throw voucherInvalid();
    // A code this vendor may use says so when its time is over (it exists for them; nothing is revealed).
    if (voucher.is_active && hasEndedBy(voucher, at)) throw voucherExpired();
    if (!isUsableAt(voucher, at)) throw voucherInvalid();
    // The limits an operator set (issue 36); uses are counted when the order is checked, so two orders sent at
    // the same moment may both take the last use (decision 180).
    const used = await repo.countUses(db, voucher.code, vendor.parent_vendor_id ?? vendor.vendor_id);
    const limits = {
      max_uses: voucher.max_uses,
      max_uses_per_vendor: voucher.max_uses_per_vendor,
      min_order_minor: voucher.min_order_value === null ? null : toMinor(voucher.min_order_value, currency),
    };
    const refusal = voucherRefusal(limits, used, feeMinor);
    if (refusal) throw keyedError(400, 'VoucherInvalid', REFUSAL_KEYS[refusal], 'code');
    return voucher;
  }

  return {
    usableVoucher,

    /**
     * Discounts a signed fee quote. The base signature cannot be checked here (the body carries no
     * coordinates), so the discounted signature binds it: an order is accepted only when the base quote
     * verifies against the order's own coordinates and this signature verifies against that quote.
     */
    async validate(caller: Caller, body: VoucherValidateBody): Promise<VoucherValidation> {
      const vendor = await vendors.vendorOfCaller(caller, body.vendor_id);
      const expiresAt = expiresAtOf(body.order.signature);
      if (expiresAt === null) throw feeChanged('order.signature');
      if (expiresAt * 1000 <= now().getTime()) throw signatureExpired();
      // spec §7: the voucher is judged at the order's time (a pre-order's, never earlier than now).
      const orderTime = new Date(Math.max(now().getTime(), body.order.order_time * 1000));
      const feeMinor = toMinor(body.order.delivery_fee, currency);
      const voucher = await usableVoucher(body.code, vendor, feeMinor, orderTime);
      const discountedMinor = feeMinor - discountMinor(voucher, feeMinor);
      const signature = signer.signDiscount({
        baseSignature: body.order.signature,
        voucherCode: voucher.code,
        feeMinor: discountedMinor,
      });
      return { voucher: toVoucher(voucher), delivery_fee: fromMinor(discountedMinor, currency), signature };
    },

    async details(caller: Caller, code: string): Promise<VoucherDetails> {
      const voucher = await repo.findVoucher(db, code);
      const ids = await vendors.vendorIdsForCaller(caller);
      // A vendor-specific code is private to that vendor's group; its existence is not revealed to others.
      if (!voucher || (voucher.vendor_ids.length > 0 && !voucher.vendor_ids.some((id) => ids.includes(id)))) {
        throw keyedError(404, 'NotFound', 'voucher.error.get.message', 'code');
      }
      return {
        ...toVoucher(voucher),
        description: voucher.description,
        valid_until: voucher.valid_until ? voucher.valid_until.toISOString() : null,
        is_active: isUsableAt(voucher, now()),
      };
    },
  };
}
