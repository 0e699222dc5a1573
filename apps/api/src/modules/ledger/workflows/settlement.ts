import { randomUUID } from 'node:crypto';
import {
  ledgerKeys,
  merchantAccount,
  merchantPayableAccount,
  PLATFORM_ACCOUNTS,
} from '@riderdesk/domain/ledger/postings';
import { closedPeriodEnd, DEFAULT_SCHEDULE, type SettlementFrequency } from '@riderdesk/domain/ledger/settlement';
import type { Db } from '../../../db/db.ts';
import { keyedError } from '../../../errors.ts';
import type { LedgerDeps } from '../deps.ts';
import * as repo from '../repo.ts';
import * as settlements from '../settlement-repo.ts';

/** Test seam: called between the steps of one merchant's run, inside its transaction (a crash there rolls it back). */
export type RunInterrupt = (stage: 'lines-written' | 'merchant-settled', vendorId: string) => void;

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/**
 * Settles one merchant for the period ending at `periodEnd`, in one transaction: every transaction of its account
 * before then that no settlement took, as lines per order, and the net moved to its payable account. Null when
 * the period was settled already or nothing is to settle. A rerun after a crash finds nothing written, or all.
 */
export async function settleMerchant(
  deps: LedgerDeps,
  vendorId: string,
  periodEnd: Date,
  interrupt?: RunInterrupt,
): Promise<string | null> {
  const { db, now, currency } = deps;
  try {
    return await db.transaction(async (tx) => {
      if (await settlements.isPeriodSettled(tx, vendorId, periodEnd)) return null;
      const movements = await settlements.unsettledMovements(tx, vendorId, periodEnd);
      if (movements.length === 0) return null;
      const id = randomUUID();
      const at = now();
      const byOrder = new Map<string | null, { credited: number; charged: number }>();
      for (const movement of movements) {
        const line = byOrder.get(movement.order_id) ?? { credited: 0, charged: 0 };
        if (movement.amount_minor < 0) line.credited -= movement.amount_minor;
        else line.charged += movement.amount_minor;
        byOrder.set(movement.order_id, line);
      }
      const credited = [...byOrder.values()].reduce((sum, line) => sum + line.credited, 0);
      const charged = [...byOrder.values()].reduce((sum, line) => sum + line.charged, 0);
      const net = credited - charged;
      const schedule = await settlements.scheduleOf(tx, vendorId);
      await settlements.insertSettlement(tx, {
        id,
        vendorId,
        periodEnd,
        credited,
        charged,
        net,
        payout: schedule,
        at,
      });
      for (const [orderId, line] of byOrder)
        await settlements.insertLine(tx, {
          id: randomUUID(),
          settlementId: id,
          orderId,
          credited: line.credited,
          charged: line.charged,
        });
      await settlements.markSettled(
        tx,
        id,
        movements.map((movement) => movement.transaction_id),
      );
      interrupt?.('lines-written', vendorId);
      if (net !== 0) {
        const transactionId = await repo.post(
          tx,
          {
            key: ledgerKeys.settlement(id),
            kind: 'settlement',
            orderId: null,
            vendorId,
            entries: [
              { accountId: merchantAccount(vendorId), amountMinor: net },
              { accountId: merchantPayableAccount(vendorId), amountMinor: -net },
            ],
          },
          at,
          currency,
        );
        if (transactionId !== null) {
          // The settlement's own movement is settled by itself: the next run must not take it again.
          await settlements.markSettled(tx, id, [transactionId]);
          await settlements.setSettlementTransaction(tx, id, transactionId);
        }
      }
      interrupt?.('merchant-settled', vendorId);
      return id;
    });
  } catch (error) {
    // A concurrent run settled the same period first.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/**
 * The scheduled run: every merchant with unsettled movements whose schedule has closed a period since its last
 * settlement is settled up to that period's end. Each merchant in its own transaction.
 */
export async function runSettlements(deps: LedgerDeps, interrupt?: RunInterrupt): Promise<string[]> {
  const at = deps.now();
  const made: string[] = [];
  for (const candidate of await settlements.merchantsToSettle(deps.db)) {
    const schedule = {
      frequency: (candidate.frequency ?? DEFAULT_SCHEDULE.frequency) as SettlementFrequency,
      weekday: candidate.weekday ?? DEFAULT_SCHEDULE.weekday,
    };
    const periodEnd = closedPeriodEnd(at, schedule, deps.timeZone);
    const id = await settleMerchant(deps, candidate.vendor_id, periodEnd, interrupt);
    if (id) made.push(id);
  }
  return made;
}

export const settlementNotFound = () =>
  keyedError(404, 'NotFound', 'error.finance.settlement-not-found', 'settlement_id');
export const settlementAlreadyPaid = () =>
  keyedError(409, 'AlreadyPaid', 'error.finance.settlement-already-paid', 'settlement_id');

/** A settlement paid out: the payable account to the bank, once; `also` writes the audit entry beside it. */
export async function markPaid(
  deps: LedgerDeps,
  settlementId: string,
  paid: { reference: string; operatorId: string },
  also: (tx: Db, before: settlements.SettlementRow) => Promise<void>,
) {
  const { db, now, currency } = deps;
  return db.transaction(async (tx) => {
    const settlement = await settlements.lockSettlement(tx, settlementId);
    if (!settlement) throw settlementNotFound();
    if (settlement.status !== 'pending') throw settlementAlreadyPaid();
    const at = now();
    if (settlement.net_minor !== 0)
      await repo.post(
        tx,
        {
          key: ledgerKeys.payout(settlementId),
          kind: 'payout',
          orderId: null,
          vendorId: settlement.vendor_id,
          entries: [
            { accountId: merchantPayableAccount(settlement.vendor_id), amountMinor: settlement.net_minor },
            { accountId: PLATFORM_ACCOUNTS.bank, amountMinor: -settlement.net_minor },
          ],
        },
        at,
        currency,
      );
    await settlements.setPaid(tx, settlementId, { ...paid, at });
    await also(tx, settlement);
    return { ...settlement, status: 'paid' as const, paid_reference: paid.reference, paid_at: at };
  });
}
