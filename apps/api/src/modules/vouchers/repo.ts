import type { VoucherType } from '@riderdesk/domain/contracts/vouchers';
import type { Db } from '../../db/db.ts';

export interface VoucherRow {
  code: string;
  type: VoucherType;
  value: number;
  currency: string;
  description: string | null;
  vendor_id: string | null;
  is_active: boolean;
  valid_from: Date | null;
  valid_until: Date | null;
}

export interface NewVoucher {
  code: string;
  type: VoucherType;
  value: number;
  currency: string;
  description?: string | null;
  vendor_id?: string | null;
  is_active?: boolean;
  valid_from?: Date | null;
  valid_until?: Date | null;
}

const SELECT_VOUCHER = `select code, type, value::float8 as value, currency, description, vendor_id, is_active,
  valid_from, valid_until from vouchers`;

/** Codes are stored uppercase; people type them in any case. */
export async function findVoucher(db: Db, code: string): Promise<VoucherRow | null> {
  const [row] = await db.query<VoucherRow>(`${SELECT_VOUCHER} where code = upper($1)`, [code.trim()]);
  return row ?? null;
}

export async function insertVoucher(db: Db, voucher: NewVoucher): Promise<boolean> {
  const rows = await db.query(
    `insert into vouchers (code, type, value, currency, description, vendor_id, is_active, valid_from, valid_until)
     values (upper($1), $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (code) do nothing returning code`,
    [
      voucher.code,
      voucher.type,
      voucher.value,
      voucher.currency,
      voucher.description ?? null,
      voucher.vendor_id ?? null,
      voucher.is_active ?? true,
      voucher.valid_from ?? null,
      voucher.valid_until ?? null,
    ],
  );
  return rows.length > 0;
}
