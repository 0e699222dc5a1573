import type { VoucherType } from '@riderdesk/domain/contracts/vouchers';
import { VOUCHER_UNUSED_STATUSES } from '@riderdesk/domain/voucher-rules';
import type { Db } from '../../db/db.ts';

export interface VoucherRow {
  code: string;
  type: VoucherType;
  value: number;
  currency: string;
  description: string | null;
  /** The vendors it applies to; empty: every vendor. */
  vendor_ids: string[];
  is_active: boolean;
  valid_from: Date | null;
  valid_until: Date | null;
  max_uses: number | null;
  max_uses_per_vendor: number | null;
  /** Major units. */
  min_order_value: number | null;
  created_at: Date;
}

export interface NewVoucher {
  code: string;
  type: VoucherType;
  value: number;
  currency: string;
  description?: string | null;
  /** One vendor it applies to (seeds and tests); `vendor_ids` for several. */
  vendor_id?: string | null;
  vendor_ids?: readonly string[];
  is_active?: boolean;
  valid_from?: Date | null;
  valid_until?: Date | null;
  max_uses?: number | null;
  max_uses_per_vendor?: number | null;
  min_order_value?: number | null;
}

const SELECT_VOUCHER = `select v.code, v.type, v.value::float8 as value, v.currency, v.description, v.is_active,
  v.valid_from, v.valid_until, v.max_uses, v.max_uses_per_vendor, v.min_order_value::float8 as min_order_value,
  v.created_at,
  coalesce((select array_agg(vv.vendor_id order by vv.vendor_id) from voucher_vendors vv where vv.code = v.code),
    '{}') as vendor_ids
  from vouchers v`;

/** Codes are stored uppercase; people type them in any case. */
export async function findVoucher(db: Db, code: string): Promise<VoucherRow | null> {
  const [row] = await db.query<VoucherRow>(`${SELECT_VOUCHER} where v.code = upper($1)`, [code.trim()]);
  return row ?? null;
}

export async function listVouchers(db: Db): Promise<VoucherRow[]> {
  return db.query<VoucherRow>(`${SELECT_VOUCHER} order by v.created_at desc, v.code limit 500`);
}

async function setVoucherVendors(db: Db, code: string, vendorIds: readonly string[]): Promise<void> {
  await db.query('delete from voucher_vendors where code = upper($1)', [code]);
  if (vendorIds.length === 0) return;
  await db.query(
    `insert into voucher_vendors (code, vendor_id) select upper($1), unnest($2::text[]) on conflict do nothing`,
    [code, [...new Set(vendorIds)]],
  );
}

export async function insertVoucher(db: Db, voucher: NewVoucher): Promise<boolean> {
  const rows = await db.query(
    `insert into vouchers (code, type, value, currency, description, is_active, valid_from, valid_until, max_uses,
       max_uses_per_vendor, min_order_value)
     values (upper($1), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     on conflict (code) do nothing returning code`,
    [
      voucher.code,
      voucher.type,
      voucher.value,
      voucher.currency,
      voucher.description ?? null,
      voucher.is_active ?? true,
      voucher.valid_from ?? null,
      voucher.valid_until ?? null,
      voucher.max_uses ?? null,
      voucher.max_uses_per_vendor ?? null,
      voucher.min_order_value ?? null,
    ],
  );
  if (rows.length === 0) return false;
  await setVoucherVendors(db, voucher.code, voucher.vendor_ids ?? (voucher.vendor_id ? [voucher.vendor_id] : []));
  return true;
}

export type VoucherFields = Required<Omit<NewVoucher, 'code' | 'currency' | 'vendor_id' | 'is_active'>>;

export async function updateVoucher(db: Db, code: string, fields: VoucherFields, at: Date): Promise<void> {
  await db.query(
    `update vouchers set type = $2, value = $3, description = $4, valid_from = $5, valid_until = $6, max_uses = $7,
       max_uses_per_vendor = $8, min_order_value = $9, updated_at = $10
     where code = upper($1)`,
    [
      code,
      fields.type,
      fields.value,
      fields.description,
      fields.valid_from,
      fields.valid_until,
      fields.max_uses,
      fields.max_uses_per_vendor,
      fields.min_order_value,
      at,
    ],
  );
  await setVoucherVendors(db, code, fields.vendor_ids);
}

export async function setVoucherActive(db: Db, code: string, isActive: boolean, at: Date): Promise<void> {
  await db.query('update vouchers set is_active = $2, updated_at = $3 where code = upper($1)', [code, isActive, at]);
}

const UNUSED = VOUCHER_UNUSED_STATUSES.map((status) => `'${status}'`).join(', ');

/**
 * A voucher's uses: every order placed with it but those that ended without a delivery, in all and by one merchant
 * (a parent and its collection points). Read from the orders, which keep the code they were placed with.
 */
export async function countUses(
  db: Db,
  code: string,
  merchantId: string,
): Promise<{ total: number; byMerchant: number }> {
  const [row] = await db.query<{ total: number; by_merchant: number }>(
    `select count(*)::int as total,
       count(*) filter (where v.vendor_id = $2 or v.parent_vendor_id = $2)::int as by_merchant
     from orders o join vendors v on v.vendor_id = o.vendor_id
     where o.voucher_code = $1 and o.status not in (${UNUSED})`,
    [code, merchantId],
  );
  return { total: row?.total ?? 0, byMerchant: row?.by_merchant ?? 0 };
}

/** Every voucher's uses and discount given (minor units), for the console's list. */
export async function usageByCode(db: Db): Promise<Map<string, { uses: number; discountMinor: number }>> {
  const rows = await db.query<{ code: string; uses: number; discount_minor: number }>(
    `select voucher_code as code, count(*)::int as uses, coalesce(sum(discount_minor), 0)::float8 as discount_minor
       from orders where voucher_code is not null and status not in (${UNUSED}) group by voucher_code`,
  );
  return new Map(rows.map((row) => [row.code, { uses: row.uses, discountMinor: row.discount_minor }]));
}

export interface VoucherUseRow {
  order_id: string;
  vendor_id: string;
  vendor_name: string;
  status: string;
  created_at: Date;
  discount_minor: number;
}

/** The orders placed with a voucher, newest first, cancelled ones too (the page says which). */
export async function listUses(db: Db, code: string, limit: number): Promise<VoucherUseRow[]> {
  return db.query<VoucherUseRow>(
    `select o.order_id, o.vendor_id, v.name as vendor_name, o.status, o.created_at,
       o.discount_minor::float8 as discount_minor
     from orders o join vendors v on v.vendor_id = o.vendor_id
     where o.voucher_code = $1 order by o.created_at desc, o.order_id limit $2`,
    [code, limit],
  );
}

/** Which of these ids are vendors (a voucher may only name real ones). */
export async function existingVendorIds(db: Db, vendorIds: readonly string[]): Promise<string[]> {
  if (vendorIds.length === 0) return [];
  const rows = await db.query<{ vendor_id: string }>(
    'select vendor_id from vendors where vendor_id = any($1::text[]) and not is_guest',
    [[...vendorIds]],
  );
  return rows.map((row) => row.vendor_id);
}
