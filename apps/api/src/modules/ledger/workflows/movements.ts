import { randomUUID } from 'node:crypto';
import {
  cardPosting,
  depositEntries,
  ledgerKeys,
  merchantAccount,
  PLATFORM_ACCOUNTS,
  postingsOfStep,
} from '@riderdesk/domain/ledger/postings';
import type { Db } from '../../../db/db.ts';
import { keyedError } from '../../../errors.ts';
import type { OrderRow } from '../../orders/model.ts';
import type { LedgerDeps } from '../deps.ts';
import * as repo from '../repo.ts';
import * as settlements from '../settlement-repo.ts';

/**
 * The hook of every order step (lifecycle.onStep), in its transaction: the money the step moves is booked with it
 * (decision 178), keyed by order and movement so a retried step books nothing twice.
 */
export async function bookStep(deps: Pick<LedgerDeps, 'currency'>, tx: Db, order: OrderRow, at: Date) {
  const postings = postingsOfStep({
    orderId: order.order_id,
    vendorId: order.vendor_id,
    status: order.status,
    riderId: order.rider_id,
    paymentMethod: order.payment_method,
    amountMinor: order.amount_minor ?? 0,
    deliveryFeeMinor: order.delivery_fee_minor,
    discountMinor: order.discount_minor,
  });
  for (const posting of postings) await repo.post(tx, posting, at, deps.currency);
}

/** A card capture or refund the processor confirmed, booked in the transaction that records it (payments module). */
export async function bookCardMovement(
  deps: Pick<LedgerDeps, 'currency'>,
  tx: Db,
  movement: { paymentKey: string; kind: 'capture' | 'refund'; orderId: string; vendorId: string; amountMinor: number },
  at: Date,
) {
  for (const posting of cardPosting(movement)) await repo.post(tx, posting, at, deps.currency);
}

export const riderNotFound = () => keyedError(404, 'NotFound', 'error.finance.rider-not-found', 'rider_id');
export const receiptTaken = () =>
  keyedError(409, 'ReceiptTaken', 'error.finance.receipt-number-taken', 'receipt_number');

/** Cash a rider handed in, recorded by an operator: out of the rider's hands into the bank, once per receipt. */
export async function recordDeposit(
  deps: LedgerDeps,
  deposit: { riderId: string; amountMinor: number; place: string; receiptNumber: string; operatorId: string },
  also: (tx: Db, depositId: string) => Promise<void>,
) {
  const { db, now, currency } = deps;
  if (!(await repo.riderExists(db, deposit.riderId))) throw riderNotFound();
  return db.transaction(async (tx) => {
    const at = now();
    const transactionId = await repo.post(
      tx,
      {
        key: ledgerKeys.deposit(deposit.receiptNumber),
        kind: 'rider_deposit',
        orderId: null,
        vendorId: null,
        entries: depositEntries(deposit.riderId, deposit.amountMinor),
      },
      at,
      currency,
      deposit.place,
    );
    if (transactionId === null) throw receiptTaken();
    const id = randomUUID();
    await repo.insertDeposit(tx, { ...deposit, id, transactionId, at });
    await also(tx, id);
    return { deposit_id: id, rider_cash_minor: await repo.balanceOf(tx, `rider:${deposit.riderId}`) };
  });
}

export const lineNotFound = () => keyedError(404, 'NotFound', 'error.finance.line-not-found', 'line_id');
export const disputeNotOpen = () => keyedError(409, 'DisputeNotOpen', 'error.finance.dispute-not-open', 'line_id');
export const alreadyDisputed = () =>
  keyedError(409, 'AlreadyDisputed', 'error.finance.line-already-disputed', 'line_id');

/** A merchant flags one of its settlement lines (the caller's vendors only). */
export async function flagLine(deps: LedgerDeps, vendorIds: readonly string[], lineId: string, reason: string) {
  return deps.db.transaction(async (tx) => {
    const line = await settlements.lockLine(tx, lineId);
    if (!line || !vendorIds.includes(line.vendor_id)) throw lineNotFound();
    if (line.dispute_status !== 'none') throw alreadyDisputed();
    await settlements.openDispute(tx, lineId, reason, deps.now());
    return { ...line, dispute_status: 'open' as const, dispute_reason: reason };
  });
}

/**
 * An operator answers a dispute with an adjusting entry, never an edit: a credit to the merchant (positive) or a
 * charge (negative), borne by the platform's adjustments account, settled with the merchant's next settlement.
 */
export async function resolveLine(
  deps: LedgerDeps,
  lineId: string,
  resolution: { adjustmentMinor: number; note: string; operatorId: string },
  also: (tx: Db, line: settlements.LineRow & { vendor_id: string }) => Promise<void>,
) {
  const { db, now, currency } = deps;
  return db.transaction(async (tx) => {
    const line = await settlements.lockLine(tx, lineId);
    if (!line) throw lineNotFound();
    if (line.dispute_status !== 'open') throw disputeNotOpen();
    const at = now();
    if (resolution.adjustmentMinor !== 0)
      await repo.post(
        tx,
        {
          key: ledgerKeys.dispute(lineId),
          kind: 'dispute_adjustment',
          orderId: line.order_id,
          vendorId: line.vendor_id,
          entries: [
            { accountId: merchantAccount(line.vendor_id), amountMinor: -resolution.adjustmentMinor },
            { accountId: PLATFORM_ACCOUNTS.adjustments, amountMinor: resolution.adjustmentMinor },
          ],
        },
        at,
        currency,
        resolution.note,
      );
    await settlements.resolveDispute(tx, lineId, { ...resolution, at });
    await also(tx, line);
    return { ...line, dispute_status: 'resolved' as const, adjustment_minor: resolution.adjustmentMinor };
  });
}

/** The nightly check (decision 178): the book's invariants, a stored report, and a log line for any breach. */
export async function checkInvariants(deps: LedgerDeps) {
  const found = await repo.findBreaches(deps.db);
  const report = { id: randomUUID(), at: deps.now(), ...found };
  await repo.insertInvariantReport(deps.db, report);
  if (found.breaches.length > 0)
    deps.log.error(
      { breaches: found.breaches.slice(0, 20), count: found.breaches.length },
      'ledger: invariant breached',
    );
  return report;
}
