import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { isRtlLanguage } from '@riderdesk/domain/config';
import { FINANCE_AUDIT_ACTIONS } from '@riderdesk/domain/console/audit';
import type {
  DepositBody,
  FinanceSummary,
  Settlement,
  SettlementLine,
  StatementQuery,
} from '@riderdesk/domain/contracts/finance';
import { startOfDayDaysAgoInZone } from '@riderdesk/domain/date-presets';
import { merchantAccount } from '@riderdesk/domain/ledger/postings';
import type { Db } from '../../db/db.ts';
import { BOM, CSV_TYPE, csvRecord } from '../../infra/spreadsheet.ts';
import type { Caller } from '../../plugins/auth.ts';
import { recordAudit } from '../operators/audit.ts';
import { columnWidth } from '../orders/export-format.ts';
import { type ExportFile, sheetName, XLSX_TYPE } from '../orders/export-service.ts';
import type { OrderRow } from '../orders/model.ts';
import { xlsxStream } from '../orders/xlsx-stream.ts';
import { forbiddenVendor } from '../vendors/vendor-access.ts';
import type { LedgerDeps } from './deps.ts';
import * as repo from './repo.ts';
import * as settlements from './settlement-repo.ts';
import {
  bookCardMovement,
  bookStep,
  checkInvariants,
  flagLine,
  recordDeposit,
  resolveLine,
} from './workflows/movements.ts';
import {
  markPaid,
  type RunInterrupt,
  runSettlements,
  settleMerchant,
  settlementNotFound,
} from './workflows/settlement.ts';

export type LedgerService = ReturnType<typeof ledgerService>;

const FINANCE_AUDIT = FINANCE_AUDIT_ACTIONS;

const STATEMENT_COLUMNS = ['order', 'credited', 'charged', 'net', 'dispute'] as const;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function settlementView(row: settlements.SettlementRow): Settlement {
  return {
    settlement_id: row.settlement_id,
    vendor_id: row.vendor_id,
    period_end: row.period_end.toISOString(),
    credited_minor: row.credited_minor,
    charged_minor: row.charged_minor,
    net_minor: row.net_minor,
    status: row.status,
    payout_method: row.payout_method as Settlement['payout_method'],
    paid_reference: row.paid_reference,
    paid_at: iso(row.paid_at),
    created_at: row.created_at.toISOString(),
  };
}

const lineView = (row: settlements.LineRow): SettlementLine => ({
  line_id: row.line_id,
  order_id: row.order_id,
  credited_minor: row.credited_minor,
  charged_minor: row.charged_minor,
  net_minor: row.net_minor,
  dispute_status: row.dispute_status,
  dispute_reason: row.dispute_reason,
  resolution_note: row.resolution_note,
  adjustment_minor: row.adjustment_minor,
});

/** The ledger (issue 38, decisions 178 and 179): the book, riders' cash, settlements, disputes and their views. */
export function ledgerService(deps: LedgerDeps) {
  const { db } = deps;
  /** A settlement of the vendor or of an outlet under it the caller may see. */
  async function scopedSettlement(caller: Caller, vendorId: string, settlementId: string) {
    const settlement = await settlements.findSettlement(db, settlementId);
    const mine = await deps.vendors.listForCaller(caller);
    const owner = mine.find((vendor) => vendor.vendor_id === settlement?.vendor_id);
    const isInScope = owner && (owner.vendor_id === vendorId || owner.parent_vendor_id === vendorId);
    if (!settlement || !isInScope) throw settlementNotFound();
    return settlement;
  }
  async function detail(settlement: settlements.SettlementRow) {
    return {
      settlement: settlementView(settlement),
      lines: (await settlements.linesOf(db, settlement.settlement_id)).map(lineView),
    };
  }
  const audited =
    (operatorId: string, action: string, target: { type: string; id: string }, after: Record<string, unknown>) =>
    (tx: Db) =>
      recordAudit(tx, { at: deps.now(), operatorId, action, target, before: null, after });

  return {
    /** For lifecycle.onStep: the money of the step, in its transaction. */
    onStep: (tx: Db, order: OrderRow, at: Date) => bookStep(deps, tx, order, at),
    /** For the payments module: a confirmed capture or refund, in the transaction that records it. */
    bookCardMovement: (tx: Db, movement: Parameters<typeof bookCardMovement>[2], at: Date) =>
      bookCardMovement(deps, tx, movement, at),
    ridersAtCashLimit: (riderIds: readonly string[]) => repo.ridersAtCashLimit(db, riderIds, deps.riderCashLimitMinor),
    checkInvariants: () => checkInvariants(deps),
    runSettlements: (interrupt?: RunInterrupt) => runSettlements(deps, interrupt),
    settleMerchant: (vendorId: string, periodEnd: Date, interrupt?: RunInterrupt) =>
      settleMerchant(deps, vendorId, periodEnd, interrupt),
    now: deps.now,

    /** GET /vendor/{vendorId}/finance. */
    async summary(caller: Caller, vendorId: string): Promise<FinanceSummary> {
      // The vendor and the outlets under it, as the caller may see them (History's scope, decision 045).
      const mine = await deps.vendors.listForCaller(caller);
      if (!mine.some((vendor) => vendor.vendor_id === vendorId)) throw forbiddenVendor();
      const vendorIds = mine
        .filter((vendor) => vendor.vendor_id === vendorId || vendor.parent_vendor_id === vendorId)
        .map((vendor) => vendor.vendor_id);
      const from = startOfDayDaysAgoInZone(deps.now(), 29, deps.timeZone);
      const [held, balance, perDay, list, reconciliation] = await Promise.all([
        repo.cashHeldForMerchant(db, vendorIds),
        repo.balancesOf(db, vendorIds.map(merchantAccount)),
        repo.cashCollectedPerDay(db, vendorIds, from, deps.timeZone),
        settlements.listSettlements(db, { vendorIds }, 50),
        settlements.reconciliation(db, vendorIds, 200),
      ]);
      return {
        currency: deps.currency,
        cash_held_minor: held,
        // The merchant's account holds what no settlement took: owed to it when negative.
        next_settlement_estimate_minor: -[...balance.values()].reduce((sum, value) => sum + value, 0),
        collected_per_day: perDay,
        settlements: list.map(settlementView),
        reconciliation: reconciliation.map(({ settled_at: _, ...row }) => row),
      };
    },

    async settlement(caller: Caller, vendorId: string, settlementId: string) {
      await deps.vendors.assertCallerVendor(caller, vendorId);
      return detail(await scopedSettlement(caller, vendorId, settlementId));
    },

    /** The settlement's statement: its lines, in the caller's language, as XLSX or CSV (the exports' writers). */
    async statement(
      caller: Caller,
      vendorId: string,
      settlementId: string,
      query: StatementQuery,
    ): Promise<ExportFile> {
      await deps.vendors.assertCallerVendor(caller, vendorId);
      const { settlement, lines } = await detail(await scopedSettlement(caller, vendorId, settlementId));
      const t = await deps.texts(query.lang);
      const headings = STATEMENT_COLUMNS.map((column) => t(`finance.statement.column.${column}`));
      const major = (minor: number) => minor / 100;
      const rows: (string | number)[][] = [
        ...lines.map((line) => [
          line.order_id ?? '',
          major(line.credited_minor),
          major(line.charged_minor),
          major(line.net_minor),
          t(`finance.dispute.${line.dispute_status}`),
        ]),
        [
          t('finance.statement.total'),
          major(settlement.credited_minor),
          major(settlement.charged_minor),
          major(settlement.net_minor),
          '',
        ],
      ];
      const baseName = `settlement-${vendorId}-${settlement.period_end.slice(0, 10)}`.replace(/[^\w.-]/g, '_');
      if (query.format === 'csv') {
        const text = BOM + csvRecord(headings, { neutralise: false }) + rows.map((row) => csvRecord(row)).join('');
        return { fileName: `${baseName}.csv`, contentType: CSV_TYPE, body: Buffer.from(text, 'utf8') };
      }
      const body = xlsxStream(
        {
          name: sheetName(t('finance.statement.title'), 'Statement'),
          preamble: [[t('finance.statement.title')], [settlement.period_end.slice(0, 10), deps.currency]],
          headings,
          widths: headings.map((heading) => columnWidth(14, heading)),
          rightToLeft: isRtlLanguage(query.lang),
        },
        Readable.from([rows]),
      );
      return { fileName: `${baseName}.xlsx`, contentType: XLSX_TYPE, body };
    },

    async flagLine(caller: Caller, vendorId: string, lineId: string, reason: string) {
      const mine = await deps.vendors.listForCaller(caller);
      if (!mine.some((vendor) => vendor.vendor_id === vendorId)) throw forbiddenVendor();
      const vendorIds = mine
        .filter((vendor) => vendor.vendor_id === vendorId || vendor.parent_vendor_id === vendorId)
        .map((vendor) => vendor.vendor_id);
      return lineView(await flagLine(deps, vendorIds, lineId, reason));
    },

    console: {
      ridersCash: async () =>
        (await repo.ridersCash(db)).map((row) => ({
          ...row,
          is_at_limit: row.cash_minor >= deps.riderCashLimitMinor,
        })),
      cashLimitMinor: deps.riderCashLimitMinor,
      deposits: () => repo.listDeposits(db, 200),
      recordDeposit: (operatorId: string, body: DepositBody) =>
        recordDeposit(
          deps,
          {
            riderId: body.rider_id,
            amountMinor: body.amount_minor,
            place: body.place,
            receiptNumber: body.receipt_number,
            operatorId,
          },
          (tx, depositId) =>
            audited(
              operatorId,
              FINANCE_AUDIT.deposit,
              { type: 'rider', id: body.rider_id },
              { depositId, ...body },
            )(tx),
        ),
      settlements: async (status?: 'pending' | 'paid') =>
        (await settlements.listSettlements(db, { status }, 500)).map(settlementView),
      settlement: async (settlementId: string) => {
        const settlement = await settlements.findSettlement(db, settlementId);
        if (!settlement) throw settlementNotFound();
        return detail(settlement);
      },
      markPaid: async (operatorId: string, settlementId: string, reference: string) =>
        settlementView(
          await markPaid(deps, settlementId, { reference, operatorId }, (tx, before) =>
            recordAudit(tx, {
              at: deps.now(),
              operatorId,
              action: FINANCE_AUDIT.markPaid,
              target: { type: 'settlement', id: settlementId },
              before: { status: before.status },
              after: { status: 'paid', reference },
            }),
          ),
        ),
      runNow: async (operatorId: string) => {
        const made = await runSettlements(deps);
        await db.transaction((tx) =>
          audited(
            operatorId,
            FINANCE_AUDIT.run,
            { type: 'settlement-run', id: randomUUID() },
            { settlements: made.length },
          )(tx),
        );
        return made;
      },
      /** The pending payouts as the bank upload file (CSV): one row per settlement to pay. */
      payoutFile: async () => {
        const pending = await settlements.listSettlements(db, { status: 'pending' }, 10_000);
        const rows = [
          csvRecord(['settlement_id', 'vendor_id', 'amount', 'method', 'account_title', 'account_number', 'bank']),
          ...pending
            .filter((row) => row.net_minor > 0)
            .map((row) =>
              csvRecord([
                row.settlement_id,
                row.vendor_id,
                row.net_minor / 100,
                row.payout_method ?? '',
                row.account_title ?? '',
                row.account_number ?? '',
                row.bank_name ?? '',
              ]),
            ),
        ];
        return BOM + rows.join('');
      },
      disputes: async () =>
        (await settlements.openDisputes(db)).map((row) => ({ ...lineView(row), vendor_id: row.vendor_id })),
      resolve: async (operatorId: string, lineId: string, body: { adjustment_minor: number; note: string }) =>
        lineView(
          await resolveLine(
            deps,
            lineId,
            { adjustmentMinor: body.adjustment_minor, note: body.note, operatorId },
            (tx, line) =>
              recordAudit(tx, {
                at: deps.now(),
                operatorId,
                action: FINANCE_AUDIT.resolveDispute,
                target: { type: 'settlement-line', id: lineId },
                before: { dispute_status: line.dispute_status },
                after: { dispute_status: 'resolved', adjustment_minor: body.adjustment_minor, note: body.note },
              }),
          ),
        ),
      invariantReports: async () =>
        (await repo.latestInvariantReports(db, 30)).map((row) => ({
          ...row,
          checked_at: row.checked_at.toISOString(),
        })),
    },
  };
}
