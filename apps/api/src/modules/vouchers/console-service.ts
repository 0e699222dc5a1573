import { VOUCHER_AUDIT_ACTIONS } from '@riderdesk/domain/console/vendor-audit';
import {
  CONSOLE_VOUCHER_ERRORS,
  type ConsoleVoucher,
  type ConsoleVoucherCreateBody,
  type ConsoleVoucherFields,
  type ConsoleVoucherUse,
} from '@riderdesk/domain/contracts/console-vouchers';
import { fromMinor } from '@riderdesk/domain/money';
import { instantOfLocal, localOfInstant, voucherStatusAt } from '@riderdesk/domain/voucher-rules';
import type { Db } from '../../db/db.ts';
import { keyedError } from '../../errors.ts';
import { recordAudit } from '../operators/audit.ts';
import type { ConsoleOperator } from '../operators/model.ts';
import * as repo from './repo.ts';

export type ConsoleVoucherService = ReturnType<typeof consoleVoucherService>;

const notFound = () => keyedError(404, 'NotFound', CONSOLE_VOUCHER_ERRORS.notFound, 'code');
const USES_SHOWN = 200;

/**
 * The console's Vouchers page (issue 36, decision 180): the rows it writes are the ones the portal's voucher check
 * reads (service.ts `usableVoucher`). The validity window is typed as wall-clock times of the country's zone.
 */
export function consoleVoucherService({
  db,
  currency,
  timeZone,
  now,
}: {
  db: Db;
  currency: string;
  timeZone: string;
  now: () => Date;
}) {
  const local = (at: Date | null) => (at ? localOfInstant(at, timeZone) : null);
  const instant = (text: string | null) => (text ? instantOfLocal(text, timeZone) : null);

  function view(row: repo.VoucherRow, usage: { uses: number; discountMinor: number } | undefined): ConsoleVoucher {
    const uses = usage?.uses ?? 0;
    return {
      code: row.code,
      type: row.type,
      value: row.value,
      currency: row.currency,
      description: row.description,
      valid_from: local(row.valid_from),
      valid_until: local(row.valid_until),
      max_uses: row.max_uses,
      max_uses_per_vendor: row.max_uses_per_vendor,
      min_order_value: row.min_order_value,
      vendor_ids: row.vendor_ids,
      status: voucherStatusAt(row, uses, now()),
      uses,
      discount_given: fromMinor(usage?.discountMinor ?? 0, row.currency),
      created_at: row.created_at.toISOString(),
    };
  }

  /** What the audit log keeps of a voucher: its settings, as the page shows them. */
  const auditState = (row: repo.VoucherRow) => {
    const { created_at: _created, ...rest } = view(row, undefined);
    const { status: _status, uses: _uses, discount_given: _given, ...settings } = rest;
    return { ...settings, is_paused: !row.is_active };
  };

  async function fieldsOf(tx: Db, body: ConsoleVoucherFields): Promise<repo.VoucherFields> {
    const vendorIds = [...new Set(body.vendor_ids)];
    const known = await repo.existingVendorIds(tx, vendorIds);
    if (known.length !== vendorIds.length)
      throw keyedError(400, 'ValidationError', CONSOLE_VOUCHER_ERRORS.unknownVendor, 'vendor_ids');
    return {
      type: body.type,
      value: body.type === 'deliveryFee' ? 0 : body.value,
      description: body.description || null,
      valid_from: instant(body.valid_from),
      valid_until: instant(body.valid_until),
      max_uses: body.max_uses,
      max_uses_per_vendor: body.max_uses_per_vendor,
      min_order_value: body.min_order_value,
      vendor_ids: vendorIds,
    };
  }

  async function usageOf(code: string) {
    return (await repo.usageByCode(db)).get(code);
  }

  return {
    async list(): Promise<ConsoleVoucher[]> {
      const [rows, usage] = await Promise.all([repo.listVouchers(db), repo.usageByCode(db)]);
      return rows.map((row) => view(row, usage.get(row.code)));
    },

    async get(code: string): Promise<ConsoleVoucher> {
      const row = await repo.findVoucher(db, code);
      if (!row) throw notFound();
      return view(row, await usageOf(row.code));
    },

    async create(by: ConsoleOperator, body: ConsoleVoucherCreateBody): Promise<ConsoleVoucher> {
      const row = await db.transaction(async (tx) => {
        const fields = await fieldsOf(tx, body);
        if (!(await repo.insertVoucher(tx, { ...fields, code: body.code, currency }))) {
          throw keyedError(409, 'Conflict', CONSOLE_VOUCHER_ERRORS.exists, 'code');
        }
        const created = (await repo.findVoucher(tx, body.code))!;
        await recordAudit(tx, {
          at: now(),
          operatorId: by.id,
          action: VOUCHER_AUDIT_ACTIONS.create,
          target: { type: 'voucher', id: created.code },
          before: null,
          after: auditState(created),
        });
        return created;
      });
      return view(row, undefined);
    },

    async update(by: ConsoleOperator, code: string, body: ConsoleVoucherFields): Promise<ConsoleVoucher> {
      const row = await db.transaction(async (tx) => {
        const before = await repo.findVoucher(tx, code);
        if (!before) throw notFound();
        await repo.updateVoucher(tx, before.code, await fieldsOf(tx, body), now());
        const after = (await repo.findVoucher(tx, before.code))!;
        await recordAudit(tx, {
          at: now(),
          operatorId: by.id,
          action: VOUCHER_AUDIT_ACTIONS.update,
          target: { type: 'voucher', id: after.code },
          before: auditState(before),
          after: auditState(after),
        });
        return after;
      });
      return view(row, await usageOf(row.code));
    },

    /** Paused: the portal refuses it at once, as an unknown code; resumed: usable again within its window. */
    async setPaused(by: ConsoleOperator, code: string, isPaused: boolean): Promise<ConsoleVoucher> {
      const row = await db.transaction(async (tx) => {
        const before = await repo.findVoucher(tx, code);
        if (!before) throw notFound();
        if (before.is_active === !isPaused) return before;
        await repo.setVoucherActive(tx, before.code, !isPaused, now());
        const after = (await repo.findVoucher(tx, before.code))!;
        await recordAudit(tx, {
          at: now(),
          operatorId: by.id,
          action: isPaused ? VOUCHER_AUDIT_ACTIONS.pause : VOUCHER_AUDIT_ACTIONS.resume,
          target: { type: 'voucher', id: after.code },
          before: auditState(before),
          after: auditState(after),
        });
        return after;
      });
      return view(row, await usageOf(row.code));
    },

    async uses(code: string): Promise<ConsoleVoucherUse[]> {
      const row = await repo.findVoucher(db, code);
      if (!row) throw notFound();
      return (await repo.listUses(db, row.code, USES_SHOWN)).map((use) => ({
        order_id: use.order_id,
        vendor_id: use.vendor_id,
        vendor_name: use.vendor_name,
        status: use.status,
        created_at: use.created_at.toISOString(),
        discount: fromMinor(use.discount_minor, row.currency),
      }));
    },
  };
}
