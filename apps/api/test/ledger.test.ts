import { ledgerKeys, merchantAccount, PLATFORM_ACCOUNTS, riderAccount } from '@riderdesk/domain/ledger/postings';
import { canTransition, lifecycleStage, ORDER_TRANSITIONS } from '@riderdesk/domain/order-lifecycle';
import { CANCEL_REASONS, type OrderStatus } from '@riderdesk/domain/order-status';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, findBreaches } from '../src/modules/ledger/repo.ts';
import { findOrder } from '../src/modules/orders/repo.ts';
import { buildTestApp, databases, type TestApp } from './support/app.ts';
import { createMerchant, createRider, type Merchant, NEAR, relogin } from './support/factories.ts';
import { placeOrder } from './support/orders.ts';

// The book of cash on delivery (issue 38, decision 178): every step's money booked in its transaction, every
// transaction balanced, balances the sums of their entries, a movement booked once, settlements made once.

const MINUTE = 60_000;
const METHODS = ['CASH_ON_DELIVERY', 'PAYMENT_ON_DELIVERY', 'PAY_AT_PICKUP', 'PAID', 'NONE'] as const;

const lifeArbitrary = fc.record({
  method: fc.constantFrom(...METHODS),
  amountMinor: fc.integer({ min: 0, max: 5_000_000 }),
  discountMinor: fc.integer({ min: 0, max: 40_000 }),
  hasRider: fc.boolean(),
  turns: fc.array(fc.record({ choice: fc.nat(), minutes: fc.integer({ min: 0, max: 45 }) }), { maxLength: 16 }),
});
type Life = typeof lifeArbitrary extends fc.Arbitrary<infer T> ? T : never;

describe.each(databases())('ledger on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let riderId: string;

  beforeAll(async () => {
    t = await buildTestApp({ kind, start: new Date('2026-05-04T07:00:00Z'), serviceHours: '0000:0000' });
    merchant = await createMerchant(t, { is_parent: true });
    riderId = (await createRider(t.db, NEAR, { state: 'OFFLINE' })).id;
  });
  afterAll(() => t.close());

  async function order(life: Pick<Life, 'method' | 'amountMinor' | 'discountMinor' | 'hasRider'>): Promise<string> {
    merchant = await relogin(t, merchant);
    const orderId = await placeOrder(t, merchant);
    // The book reads the order's stored money; any method, amount and voucher the product allows.
    await t.db.query(
      `update orders set payment_method = $2, amount_minor = $3, discount_minor = least($4, delivery_fee_minor),
         rider_id = $5 where order_id = $1`,
      [orderId, life.method, life.amountMinor, life.discountMinor, life.hasRider ? riderId : null],
    );
    return orderId;
  }

  async function live(orderId: string, turns: Life['turns']): Promise<void> {
    for (const turn of turns) {
      const row = (await findOrder(t.db, orderId))!;
      const allowed = (ORDER_TRANSITIONS[lifecycleStage(row)] as readonly OrderStatus[]).filter((to) =>
        canTransition(row, to),
      );
      if (allowed.length === 0) return;
      const to = allowed[turn.choice % allowed.length]!;
      t.clock.advance(turn.minutes * MINUTE);
      if (to === 'CANCELLED')
        await t.services.lifecycle.cancel(orderId, CANCEL_REASONS[turn.choice % CANCEL_REASONS.length]!);
      else await t.services.lifecycle.step(orderId, to);
    }
  }

  /** Walks an order along the happy path to a status. */
  async function walk(orderId: string, path: OrderStatus[]) {
    for (const to of path) await t.services.lifecycle.step(orderId, to);
  }
  const TO_PICKUP: OrderStatus[] = [
    'RECEIVED',
    'WAITING_FOR_TRANSPORT',
    'ASSIGNED_TO_TRANSPORT',
    'COURIER_ACCEPTED_DELIVERY',
    'NEAR_VENDOR',
    'PICKED_UP',
  ];
  const TO_DELIVERED: OrderStatus[] = [...TO_PICKUP, 'COURIER_LEFT_VENDOR', 'NEAR_CUSTOMER', 'DELIVERED'];

  async function entriesOf(orderId: string) {
    return t.db.query<{ key: string; account_id: string; amount_minor: number }>(
      `select t.idempotency_key as key, e.account_id, e.amount_minor::float8 as amount_minor
         from ledger_transactions t join ledger_entries e on e.transaction_id = t.transaction_id
        where t.order_id = $1 order by e.account_id`,
      [orderId],
    );
  }

  it('books a delivered cash order: the rider holds the total, the item is the merchant’s, the fee the platform’s', async () => {
    const orderId = await order({
      method: 'CASH_ON_DELIVERY',
      amountMinor: 250_000,
      discountMinor: 5_000,
      hasRider: true,
    });
    const before = await balanceOf(t.db, riderAccount(riderId));
    await walk(orderId, TO_DELIVERED);
    const row = (await findOrder(t.db, orderId))!;
    const entries = await entriesOf(orderId);
    expect(entries).toEqual([
      { key: ledgerKeys.codCollected(orderId), account_id: merchantAccount(merchant.vendorId), amount_minor: -250_000 },
      {
        key: ledgerKeys.codCollected(orderId),
        account_id: PLATFORM_ACCOUNTS.fees,
        amount_minor: -row.delivery_fee_minor,
      },
      { key: ledgerKeys.codCollected(orderId), account_id: PLATFORM_ACCOUNTS.vouchers, amount_minor: 5_000 },
      {
        key: ledgerKeys.codCollected(orderId),
        account_id: riderAccount(riderId),
        amount_minor: 250_000 + row.delivery_fee_minor - 5_000,
      },
    ]);
    expect(await balanceOf(t.db, riderAccount(riderId))).toBe(before + 250_000 + row.delivery_fee_minor - 5_000);
  });

  it('books the fee at the pickup for pay-at-pickup, and the fee owed by the merchant for a returned cash order', async () => {
    const atPickup = await order({ method: 'PAY_AT_PICKUP', amountMinor: 100_000, discountMinor: 0, hasRider: true });
    await walk(atPickup, TO_PICKUP);
    const fee = (await findOrder(t.db, atPickup))!.delivery_fee_minor;
    expect((await entriesOf(atPickup)).map((entry) => [entry.account_id, entry.amount_minor])).toEqual([
      [PLATFORM_ACCOUNTS.fees, -fee],
      [riderAccount(riderId), fee],
    ]);
    const returned = await order({
      method: 'CASH_ON_DELIVERY',
      amountMinor: 100_000,
      discountMinor: 0,
      hasRider: true,
    });
    await walk(returned, [...TO_PICKUP, 'COURIER_LEFT_VENDOR', 'RETURN_INITIATED', 'RETURNED_TO_VENDOR']);
    expect((await entriesOf(returned)).map((entry) => [entry.account_id, entry.amount_minor])).toEqual([
      [merchantAccount(merchant.vendorId), fee],
      [PLATFORM_ACCOUNTS.fees, -fee],
    ]);
  });

  it('books a movement once, however often its step’s hook runs', async () => {
    const orderId = await order({ method: 'CASH_ON_DELIVERY', amountMinor: 70_000, discountMinor: 0, hasRider: true });
    await walk(orderId, TO_DELIVERED);
    const row = (await findOrder(t.db, orderId))!;
    const once = await entriesOf(orderId);
    // A retried step (a redelivered job, a second instance) runs the hook again: nothing more is written.
    await t.db.transaction((tx) => t.services.ledger.onStep(tx, row, t.services.now()));
    await Promise.all(
      [1, 2, 3].map(() => t.db.transaction((tx) => t.services.ledger.onStep(tx, row, t.services.now()))),
    );
    expect(await entriesOf(orderId)).toEqual(once);
  });

  it('refuses an unbalanced transaction at commit, and an edit of history', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        const [row] = await tx.query<{ id: number }>(
          `insert into ledger_transactions (idempotency_key, kind, occurred_at) values ('broken', 'fee_owed', now())
           returning transaction_id::float8 as id`,
        );
        await tx.query(
          `insert into ledger_entries (transaction_id, account_id, amount_minor) values ($1, 'platform:fees', 100)`,
          [row!.id],
        );
      }),
    ).rejects.toThrow(/does not balance/);
    await expect(t.db.query('update ledger_entries set amount_minor = amount_minor + 1')).rejects.toThrow(
      /never changed/,
    );
  });

  it('keeps every transaction balanced and every balance the sum of its entries over random lifecycles', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(lifeArbitrary, { minLength: 1, maxLength: 4 }), async (lives) => {
        for (const life of lives) await live(await order(life), life.turns);
        expect((await findBreaches(t.db)).breaches).toEqual([]);
      }),
      { numRuns: 8 },
    );
    const report = await t.services.ledger.checkInvariants();
    expect(report.breaches).toEqual([]);
    expect(report.transactions).toBeGreaterThan(0);
    const [stored] = await t.db.query<{ n: number }>('select count(*)::int as n from ledger_invariant_reports');
    expect(stored!.n).toBeGreaterThan(0);
  });

  it('reports a breach: a balance that is not the sum of its entries', async () => {
    await t.db.query(`update ledger_accounts set balance_minor = balance_minor + 1 where account_id = 'platform:fees'`);
    const report = await t.services.ledger.checkInvariants();
    expect(report.breaches).toContainEqual(expect.objectContaining({ kind: 'balance_mismatch', id: 'platform:fees' }));
    await t.db.query(`update ledger_accounts set balance_minor = balance_minor - 1 where account_id = 'platform:fees'`);
  });
});
