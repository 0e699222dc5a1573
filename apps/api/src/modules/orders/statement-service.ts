import type { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { TZDate } from '@date-fns/tz';
import { isRtlLanguage } from '@riderdesk/domain/config';
import type { StatementQuery } from '@riderdesk/domain/contracts/order-list';
import { currencyExponent, fromMinor } from '@riderdesk/domain/money';
import type { OrderStatus } from '@riderdesk/domain/order-status';
import { STATUS_LABEL_KEYS } from '@riderdesk/domain/order-status';
import {
  addToStatement,
  emptyStatementTotals,
  STATEMENT_STATUSES,
  type StatementLine,
  type StatementTotals,
  statementLine,
  statementMonthRange,
} from '@riderdesk/domain/orders/statement';
import { joinForReader } from '@riderdesk/domain/text/list-join';
import { format } from 'date-fns';
import PDFDocument from 'pdfkit';
import type { Db } from '../../db/db.ts';
import { keyedError } from '../../errors.ts';
import { PdfText, registerPdfFonts } from '../../infra/pdf-text.ts';
import { type ExportCell, exportTime } from '../../infra/spreadsheet.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { VendorService } from '../vendors/service.ts';
import { columnWidth, type Translate } from './export-format.ts';
import type { ExportFile, OrderExportService } from './export-service.ts';
import { chargeInputOf } from './model.ts';
import { findOrderPage, type OrderRow } from './repo.ts';
import { xlsxStream } from './xlsx-stream.ts';

export type OrderStatementService = ReturnType<typeof orderStatementService>;

// A statement is built whole (its totals come last and the PDF lays out pages), on the request path: a
// month of a busy outlet, as the direct XLSX export allows (docs/decisions/048-monthly-statements.md).
export const STATEMENT_MAX_ORDERS = 10_000;
const BATCH = 500;
// PDF rows laid out between two turns of the event loop: 40 to 90 ms of layout on a 2-vCPU VM.
const PDF_ROWS_PER_TURN = 250;

// The XLSX statement's columns and their widths in characters (a heading that is longer widens its column).
const STATEMENT_COLUMNS: readonly (readonly [string, number])[] = [
  ['order_id', 16],
  ['created_at', 18],
  ['outlet', 32],
  ['outlet_id', 24],
  ['status', 30],
  ['delivery_fee', 12],
  ['discount', 12],
  ['fee_charged', 12],
  ['vat_number', 16],
  ['payment_method', 18],
  ['cash_collected', 14],
];

export interface StatementEntry {
  orderId: string;
  createdAt: string;
  outletId: string;
  outletName: string;
  status: OrderStatus;
  vatNumber: string | null;
  paymentMethod: string;
  line: StatementLine;
}

export interface Statement {
  vendorId: string;
  vendorName: string;
  month: string;
  currency: string;
  entries: StatementEntry[];
  /** Per outlet, in the order they first appear; one entry when the statement covers one vendor. */
  outlets: { outletId: string; outletName: string; totals: StatementTotals }[];
  totals: StatementTotals;
}

/** The monthly statement (transaction-history download): XLSX or PDF, in the caller's language. */
export function orderStatementService(deps: {
  db: Db;
  vendors: VendorService;
  exports: Pick<OrderExportService, 'texts'>;
  timeZone: string;
  currency: string;
  now: () => Date;
}) {
  const { db, vendors, timeZone, currency } = deps;

  async function collect(vendorId: string, includeOutlets: boolean, month: string): Promise<StatementEntry[]> {
    const { from, to } = statementMonthRange(month, timeZone);
    const rows: OrderRow[] = [];
    let after: { at: string; id: string } | null = null;
    for (;;) {
      const page = await findOrderPage(db, {
        vendorId,
        includeOutlets,
        isScheduled: false,
        from: from.toISOString(),
        to: to.toISOString(),
        customerPhone: null,
        statuses: STATEMENT_STATUSES,
        search: null,
        after,
        limit: BATCH,
      });
      rows.push(...page);
      if (rows.length > STATEMENT_MAX_ORDERS) throw keyedError(422, 'StatementTooLarge', 'statement.too-large');
      const last = page.at(-1);
      if (page.length < BATCH || !last) break;
      after = { at: last.cursor_at, id: last.order_id };
    }
    // Oldest first, as a statement reads.
    return rows.reverse().map((row) => ({
      orderId: row.order_id,
      createdAt: row.created_at.toISOString(),
      outletId: row.vendor_id,
      outletName: row.outlet_name,
      status: row.status,
      vatNumber: row.vat_number,
      paymentMethod: row.payment_method,
      line: statementLine({ status: row.status, ...chargeInputOf(row) }),
    }));
  }

  async function build(caller: Caller, vendorId: string, query: StatementQuery): Promise<Statement> {
    const vendor = await vendors.vendorOfCaller(caller, vendorId);
    const { from } = statementMonthRange(query.month, timeZone);
    if (from.getTime() > deps.now().getTime())
      throw keyedError(400, 'ValidationError', 'statement.future-month', 'month');
    const entries = await collect(vendorId, query.include_outlets === true, query.month);
    const totals = emptyStatementTotals();
    const outlets = new Map<string, Statement['outlets'][number]>();
    for (const entry of entries) {
      addToStatement(totals, entry.status, entry.line);
      let outlet = outlets.get(entry.outletId);
      if (!outlet) {
        outlet = { outletId: entry.outletId, outletName: entry.outletName, totals: emptyStatementTotals() };
        outlets.set(entry.outletId, outlet);
      }
      addToStatement(outlet.totals, entry.status, entry.line);
    }
    return {
      vendorId,
      vendorName: vendor.name,
      month: query.month,
      currency,
      entries,
      outlets: [...outlets.values()],
      totals,
    };
  }

  const time = (iso: string) => format(new TZDate(Date.parse(iso), timeZone), 'yyyy-MM-dd HH:mm');
  const major = (minor: number) => fromMinor(minor, currency);

  function xlsx(statement: Statement, t: Translate, language: string): Readable {
    const head = (key: string) => t(`statement.column.${key}`);
    const columns = STATEMENT_COLUMNS.map(([key]) => key);
    const headings = columns.map(head);
    const totalsRow = (label: string, totals: StatementTotals): ExportCell[] => [
      label,
      null,
      null,
      null,
      `${totals.orders} (${joinForReader([`${t('status.delivered')}: ${totals.delivered}`, `${t('status.returned')}: ${totals.returned}`], language)})`,
      major(totals.deliveryFeeMinor),
      major(totals.discountMinor),
      major(totals.payableFeeMinor),
      null,
      null,
      major(totals.cashCollectedMinor),
    ];
    const entryRow = (entry: StatementEntry): ExportCell[] => [
      entry.orderId,
      exportTime(time(entry.createdAt)),
      entry.outletName,
      entry.outletId,
      t(STATUS_LABEL_KEYS[entry.status]),
      major(entry.line.deliveryFeeMinor),
      major(entry.line.discountMinor),
      major(entry.line.payableFeeMinor),
      entry.vatNumber,
      t(`tracking.payment-method.${entry.paymentMethod}`),
      major(entry.line.cashCollectedMinor),
    ];
    // The entries in batches, so the file is written a batch at a time between other requests.
    async function* rows(): AsyncGenerator<ExportCell[][]> {
      for (let at = 0; at < statement.entries.length; at += BATCH) {
        yield statement.entries.slice(at, at + BATCH).map(entryRow);
      }
      yield [
        [],
        ...(statement.outlets.length > 1
          ? statement.outlets.map((outlet) =>
              totalsRow(`${t('statement.subtotal')}: ${outlet.outletName} (${outlet.outletId})`, outlet.totals),
            )
          : []),
        totalsRow(t('statement.total'), statement.totals),
      ];
    }
    return xlsxStream(
      {
        name: 'Statement',
        preamble: [
          [t('statement.title')],
          [t('statement.vendor'), `${statement.vendorName} (${statement.vendorId})`],
          [t('statement.month'), statement.month],
          [t('statement.currency'), statement.currency],
          [t('statement.generated'), exportTime(time(deps.now().toISOString()))],
          [],
        ],
        headings,
        widths: STATEMENT_COLUMNS.map(([, width], index) => columnWidth(width, headings[index])),
        rightToLeft: isRtlLanguage(language),
      },
      rows(),
    );
  }

  /**
   * The statement as a PDF stream in the caller's language, right to left for Urdu (its text in Noto Naskh
   * Arabic): its rows are laid out a slice at a time (PDF_ROWS_PER_TURN), giving the event loop back between
   * slices, so a month of 10 000 orders does not hold the instance's other requests for the second its layout
   * takes, and the pages go out as they are made. A cell wraps within its column and its row grows to fit.
   */
  function pdf(statement: Statement, t: Translate, language: string): Readable {
    const digits = currencyExponent(currency);
    // One formatter for every amount: `toLocaleString` would build one per call, four times a row.
    const amounts = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    const money = (minor: number) => amounts.format(major(minor));
    const fill = (key: string, values: Record<string, string | number>) =>
      t(key).replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
    const doc = new PDFDocument({
      size: 'A4',
      layout: 'landscape',
      margin: 36,
      info: { Title: `Monthly statement ${statement.vendorId} ${statement.month}`, Producer: 'Riderdesk' },
    });
    const rightToLeft = isRtlLanguage(language);
    const text = new PdfText(doc, registerPdfFonts(doc), rightToLeft);
    const head = (key: string) => t(`statement.column.${key}`);
    // Widths in points (the page holds 769 between its margins); amounts align to their column's end.
    const columns: { title: string; width: number; align: 'start' | 'end' }[] = [
      { title: head('order_id'), width: 120, align: 'start' },
      { title: head('created_at'), width: 80, align: 'start' },
      { title: head('outlet'), width: 110, align: 'start' },
      { title: head('status'), width: 70, align: 'start' },
      { title: head('delivery_fee'), width: 70, align: 'end' },
      { title: head('discount'), width: 60, align: 'end' },
      { title: head('fee_charged'), width: 70, align: 'end' },
      { title: head('vat_number'), width: 90, align: 'start' },
      { title: head('cash_collected'), width: 100, align: 'end' },
    ];
    const SIZE = 8;
    const LINE = 11;
    const left = doc.page.margins.left;
    const pageWidth = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    const bottom = () => doc.page.height - doc.page.margins.bottom;
    // A column's left edge: the first column at the left, or at the right of a right-to-left page.
    const edges: number[] = [];
    let offset = 0;
    for (const column of columns) {
      edges.push(rightToLeft ? left + pageWidth - offset - column.width : left + offset);
      offset += column.width;
    }
    const row = (cells: string[], bold = false) => {
      const laidOut = cells.map((cell, index) => text.lines(cell, columns[index]!.width - 6, bold, SIZE));
      const height = Math.max(1, ...laidOut.map((lines) => lines.length)) * LINE + 2;
      if (doc.y + height > bottom()) {
        doc.addPage();
        row(
          columns.map((column) => column.title),
          true,
        );
      }
      const y = doc.y;
      laidOut.forEach((lines, index) => {
        const column = columns[index]!;
        // Three points inside each side of the column.
        lines.forEach((line, at) => {
          text.drawLine(line, edges[index]! + 3, y + at * LINE, column.width - 6, column.align, bold, SIZE);
        });
      });
      doc.x = left;
      doc.y = y + height;
    };
    const paragraph = (value: string, bold: boolean, size: number) => {
      for (const line of text.lines(value, pageWidth, bold, size)) {
        text.drawLine(line, left, doc.y, pageWidth, 'start', bold, size);
        doc.y += size * 1.6;
      }
    };
    const totalsCells = (label: string, totals: StatementTotals) => [
      label,
      fill('statement.document.orders', { count: totals.orders }),
      fill('statement.document.delivered', { count: totals.delivered }),
      fill('statement.document.returned', { count: totals.returned }),
      money(totals.deliveryFeeMinor),
      money(totals.discountMinor),
      money(totals.payableFeeMinor),
      '',
      money(totals.cashCollectedMinor),
    ];
    const layOut = async () => {
      doc.y = doc.page.margins.top;
      paragraph(t('statement.title'), true, 14);
      paragraph(`${t('statement.vendor')}: ${statement.vendorName} (${statement.vendorId})`, false, 9);
      paragraph(`${t('statement.month')}: ${statement.month}`, false, 9);
      paragraph(fill('statement.document.times-in', { zone: timeZone }), false, 9);
      paragraph(`${t('statement.currency')}: ${statement.currency}`, false, 9);
      paragraph(`${t('statement.generated')}: ${time(deps.now().toISOString())}`, false, 9);
      paragraph(t('statement.document.intro'), false, 9);
      doc.y += 8;
      row(
        columns.map((column) => column.title),
        true,
      );
      for (const [index, entry] of statement.entries.entries()) {
        if (index > 0 && index % PDF_ROWS_PER_TURN === 0) await setImmediate();
        row([
          entry.orderId,
          time(entry.createdAt),
          entry.outletId,
          t(STATUS_LABEL_KEYS[entry.status]),
          money(entry.line.deliveryFeeMinor),
          money(entry.line.discountMinor),
          money(entry.line.payableFeeMinor),
          entry.vatNumber ?? '',
          money(entry.line.cashCollectedMinor),
        ]);
      }
      doc.y += 6;
      if (statement.outlets.length > 1) {
        for (const outlet of statement.outlets) {
          row(
            totalsCells(`${t('statement.subtotal')}: ${outlet.outletName} (${outlet.outletId})`, outlet.totals),
            true,
          );
        }
      }
      row(totalsCells(t('statement.total'), statement.totals), true);
      doc.end();
    };
    layOut().catch((error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))));
    return doc;
  }

  return {
    build,

    /** GET /vendor/{vendorId}/statement: the month's statement as XLSX or PDF. */
    async file(caller: Caller, vendorId: string, query: StatementQuery): Promise<ExportFile> {
      const statement = await build(caller, vendorId, query);
      const baseName = `statement-${vendorId}-${query.month}`.replace(/[^\w.-]/g, '_');
      const t = await deps.exports.texts(query.lang);
      if (query.format === 'pdf') {
        return { fileName: `${baseName}.pdf`, contentType: 'application/pdf', body: pdf(statement, t, query.lang) };
      }
      return {
        fileName: `${baseName}.xlsx`,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        body: xlsx(statement, t, query.lang),
      };
    },
  };
}
