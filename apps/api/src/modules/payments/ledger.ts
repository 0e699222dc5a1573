import type { Db } from '../../db/db.ts';
import * as repo from './repo.ts';

/**
 * The idempotency keys of an order's payment: its ledger rows (one per kind and order) and the keys the
 * processor receives, so a retry of any step finds what the first attempt wrote.
 */
export const ledgerKeys = {
  authorisation: (orderId: string) => `authorisation:${orderId}`,
  capture: (orderId: string) => `capture:${orderId}`,
  refund: (orderId: string) => `refund:${orderId}`,
  /** The processor's key of the confirm of an intent (not a ledger row: the authorisation row is). */
  confirm: (intentId: string) => `confirm:${intentId}`,
  /** The processor's key of the authorisation made again after 3-D Secure (the ledger row stays the first). */
  authorisationAfterChallenge: (orderId: string) => `authorisation:${orderId}:3ds`,
} as const;

export interface Settlement {
  key: string;
  status: repo.LedgerStatus;
  /** The processor's reference of the movement, when it answered one. */
  ref?: string | null;
  code?: string | null;
}

/** A capture or refund the processor confirmed, booked in the ledger module's double-entry book (decision 178). */
export type CardBook = (
  tx: Db,
  movement: { paymentKey: string; kind: 'capture' | 'refund'; orderId: string; vendorId: string; amountMinor: number },
  at: Date,
) => Promise<void>;

/**
 * Ledger rows settled in the transaction of the order step they belong to. A capture or refund that succeeded is
 * booked in the same transaction, so the book holds every card movement the processor confirmed, once.
 */
export async function settle(book: CardBook, tx: Db, at: Date, ...settlements: Settlement[]): Promise<void> {
  for (const { key, status, ref = null, code = null } of settlements) {
    const row = await repo.settleLedger(tx, key, { status, providerRef: ref, failureCode: code }, at);
    if (row?.status !== 'succeeded' || row.kind === 'authorisation') continue;
    await book(
      tx,
      {
        paymentKey: row.idempotency_key,
        kind: row.kind,
        orderId: row.order_id,
        vendorId: row.vendor_id,
        amountMinor: row.amount_minor,
      },
      at,
    );
  }
}

/**
 * Claims a capture or refund: its pending row, written from the row it follows (the authorisation, the
 * capture) before the processor is asked. False when an earlier attempt claimed it: then the processor may
 * already hold the movement, and is asked what it holds before anything is sent again.
 */
export function claimMovement(
  db: Db,
  from: repo.LedgerRow,
  movement: { kind: 'capture' | 'refund'; key: string; amountMinor: number },
  at: Date,
): Promise<boolean> {
  return repo.insertLedger(
    db,
    {
      ...from,
      kind: movement.kind,
      status: 'pending',
      amount_minor: movement.amountMinor,
      provider_ref: null,
      failure_code: null,
      idempotency_key: movement.key,
    },
    at,
  );
}
