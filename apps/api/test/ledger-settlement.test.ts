import { merchantAccount, merchantPayableAccount, riderAccount } from '@riderdesk/domain/ledger/postings';
import type { OrderStatus } from '@riderdesk/domain/order-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, findBreaches } from '../src/modules/ledger/repo.ts';
import { findOrder } from '../src/modules/orders/repo.ts';
import { buildTestApp, databases, type TestApp } from './support/app.ts';
import { auditEntriesOf, CONSOLE_API, createOperator, signInOperator, type TestOperator } from './support/console.ts';
import { createMerchant, createRider, type Merchant, NEAR, relogin } from './support/factories.ts';
import { placeOrder } from './support/orders.ts';

// Settlements (issue 38, decision 179): a run settles each merchant's unsettled movements once, whatever reruns,
// crashes or concurrent runs; payouts are marked paid once; disputes are answered with an adjusting entry;
// deposits take cash out of a rider's hands; the dispatcher gives a rider at the cash limit no cash order.

const HOUR = 60 * 60_000;
const TO_DELIVERED: OrderStatus[] = [
  'RECEIVED',
  'WAITING_FOR_TRANSPORT',
  'ASSIGNED_TO_TRANSPORT',
  'COURIER_ACCEPTED_DELIVERY',
  'NEAR_VENDOR',
  'PICKED_UP',
  'COURIER_LEFT_VENDOR',
  'NEAR_CUSTOMER',
  'DELIVERED',
];

describe.each(databases())('settlements on %s', (kind) => {
  let t: TestApp;
  let finance: TestOperator;
  let support: TestOperator;

  beforeAll(async () => {
    // 10:00 in Karachi on a Tuesday.
    t = await buildTestApp({ kind, start: new Date('2026-05-05T05:00:00Z'), serviceHours: '0000:0000' });
    finance = await createOperator(t, { role: 'finance' });
    support = await createOperator(t, { role: 'support' });
  });
  afterAll(() => t.close());

  async function deliveredCashOrders(merchant: Merchant, riderId: string, amounts: number[]) {
    const ids: string[] = [];
    for (const amount of amounts) {
      const fresh = await relogin(t, merchant);
      const orderId = await placeOrder(t, fresh);
      await t.db.query('update orders set amount_minor = $2, rider_id = $3 where order_id = $1', [
        orderId,
        amount,
        riderId,
      ]);
      for (const to of TO_DELIVERED) await t.services.lifecycle.step(orderId, to);
      ids.push(orderId);
    }
    return ids;
  }

  async function settlementsOf(vendorId: string) {
    return t.db.query<{ settlement_id: string; net_minor: number }>(
      'select settlement_id::text, net_minor::float8 from settlements where vendor_id = $1 order by created_at',
      [vendorId],
    );
  }

  it('settles a day of cash orders once: lines per order, the net to the payable account, reruns write nothing', async () => {
    const merchant = await createMerchant(t, { is_parent: true });
    const rider = await createRider(t.db, NEAR, { state: 'OFFLINE' });
    const orders = await deliveredCashOrders(merchant, rider.id, [100_000, 250_000]);
    const fee = (await findOrder(t.db, orders[0]!))!.delivery_fee_minor;
    // The next day: the daily schedule has closed yesterday.
    await t.db.query(
      `insert into settlement_schedules (vendor_id, frequency, weekday, payout_method, account_title, account_number,
         bank_name, updated_at) values ($1, 'daily', 1, 'easypaisa', 'Chai Khana', '03001234567', null, now())`,
      [merchant.vendorId],
    );
    t.clock.advance(24 * HOUR);
    const [first, again] = [await t.services.ledger.runSettlements(), await t.services.ledger.runSettlements()];
    const made = await settlementsOf(merchant.vendorId);
    expect(made).toHaveLength(1);
    expect(first).toContain(made[0]!.settlement_id);
    expect(again).not.toContain(made[0]!.settlement_id);
    expect(made[0]!.net_minor).toBe(350_000);
    expect(await balanceOf(t.db, merchantAccount(merchant.vendorId))).toBe(0);
    expect(await balanceOf(t.db, merchantPayableAccount(merchant.vendorId))).toBe(-350_000);
    const lines = await t.db.query<{ order_id: string; net_minor: number }>(
      'select order_id, net_minor::float8 from settlement_lines where settlement_id = $1 order by net_minor',
      [made[0]!.settlement_id],
    );
    expect(lines).toEqual([
      { order_id: orders[0], net_minor: 100_000 },
      { order_id: orders[1], net_minor: 250_000 },
    ]);
    expect(await balanceOf(t.db, riderAccount(rider.id))).toBe(350_000 + 2 * fee);

    // Console sessions are short: the operators sign in again after the day that passed.
    finance = await signInOperator(t, finance);
    // The merchant reads it, flags a line; an operator answers with an adjusting entry, settled next time.
    const fresh = await relogin(t, merchant);
    const summary = await t.app.inject({
      method: 'GET',
      url: `/api/v1/vendor/${merchant.vendorId}/finance`,
      headers: fresh.headers,
    });
    expect(summary.statusCode).toBe(200);
    expect(summary.json().result.settlements[0]).toMatchObject({ net_minor: 350_000, status: 'pending' });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/vendor/${merchant.vendorId}/finance/settlements/${made[0]!.settlement_id}`,
      headers: fresh.headers,
    });
    const line = detail.json().result.lines[0];
    const flagged = await t.app.inject({
      method: 'POST',
      url: `/api/v1/vendor/${merchant.vendorId}/finance/lines/${line.line_id}/dispute`,
      headers: fresh.headers,
      payload: { reason: 'The customer paid 1,050 more' },
    });
    expect(flagged.statusCode).toBe(200);
    const resolved = await t.app.inject({
      method: 'POST',
      url: `${CONSOLE_API}/finance/lines/${line.line_id}/resolve`,
      headers: finance.headers,
      payload: { adjustment_minor: 105_000, note: 'Receipt checked' },
    });
    expect(resolved.statusCode).toBe(200);
    expect(await balanceOf(t.db, merchantAccount(merchant.vendorId))).toBe(-105_000);
    const again2 = await t.app.inject({
      method: 'POST',
      url: `${CONSOLE_API}/finance/lines/${line.line_id}/resolve`,
      headers: finance.headers,
      payload: { adjustment_minor: 105_000, note: 'Receipt checked' },
    });
    expect(again2.statusCode).toBe(409);

    // Marked paid once, with its reference; the payable account is cleared; audited.
    const paid = await t.app.inject({
      method: 'POST',
      url: `${CONSOLE_API}/finance/settlements/${made[0]!.settlement_id}/paid`,
      headers: finance.headers,
      payload: { reference: 'EP-20260506-0001' },
    });
    expect(paid.statusCode).toBe(200);
    const twice = await t.app.inject({
      method: 'POST',
      url: `${CONSOLE_API}/finance/settlements/${made[0]!.settlement_id}/paid`,
      headers: finance.headers,
      payload: { reference: 'EP-20260506-0001' },
    });
    expect(twice.statusCode).toBe(409);
    expect(await balanceOf(t.db, merchantPayableAccount(merchant.vendorId))).toBe(0);
    const audit = await auditEntriesOf(t, await createOperator(t, { role: 'admin' }), {
      type: 'settlement',
      id: made[0]!.settlement_id,
    });
    expect(audit.map((entry) => entry.action)).toEqual(['settlement.mark-paid']);
    expect((await findBreaches(t.db)).breaches).toEqual([]);
  });

  it('rolls back a run killed mid-way; the rerun settles each merchant once and correctly', async () => {
    const rider = await createRider(t.db, NEAR, { state: 'OFFLINE' });
    const first = await createMerchant(t, { is_parent: true });
    const second = await createMerchant(t, { is_parent: true });
    await deliveredCashOrders(first, rider.id, [40_000]);
    await deliveredCashOrders(second, rider.id, [60_000]);
    // Weekly on Mondays by default: a week on, Monday's midnight has closed the period.
    t.clock.advance(7 * 24 * HOUR);
    let crashes = 0;
    await expect(
      t.services.ledger.runSettlements((stage, vendorId) => {
        if (vendorId === second.vendorId && stage === 'lines-written') {
          crashes++;
          throw new Error('killed');
        }
      }),
    ).rejects.toThrow('killed');
    expect(crashes).toBe(1);
    expect(await settlementsOf(second.vendorId)).toEqual([]);
    await t.services.ledger.runSettlements();
    expect((await settlementsOf(first.vendorId)).map((row) => row.net_minor)).toEqual([40_000]);
    expect((await settlementsOf(second.vendorId)).map((row) => row.net_minor)).toEqual([60_000]);
    // Concurrent runs of a period already settled, and of one merchant with new orders, settle nothing twice.
    await deliveredCashOrders(first, rider.id, [10_000]);
    t.clock.advance(7 * 24 * HOUR);
    await Promise.all([t.services.ledger.runSettlements(), t.services.ledger.runSettlements()]);
    expect((await settlementsOf(first.vendorId)).map((row) => row.net_minor)).toEqual([40_000, 10_000]);
    const [doubles] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from (select transaction_id from settled_transactions group by 1 having count(*) > 1) d`,
    );
    expect(doubles!.n).toBe(0);
    expect((await findBreaches(t.db)).breaches).toEqual([]);
  });

  it('takes a deposit out of the rider’s hands once per receipt; finance may, support may not', async () => {
    const merchant = await createMerchant(t, { is_parent: true });
    const rider = await createRider(t.db, NEAR, { state: 'OFFLINE' });
    await deliveredCashOrders(merchant, rider.id, [500_000]);
    const held = await balanceOf(t.db, riderAccount(rider.id));
    finance = await signInOperator(t, finance);
    support = await signInOperator(t, support);
    const body = { rider_id: rider.id, amount_minor: 300_000, place: 'Clifton hub', receipt_number: `R-${rider.id}` };
    const refused = await t.app.inject({
      method: 'POST',
      url: `${CONSOLE_API}/finance/deposits`,
      headers: support.headers,
      payload: body,
    });
    expect(refused.statusCode).toBe(403);
    const deposit = await t.app.inject({
      method: 'POST',
      url: `${CONSOLE_API}/finance/deposits`,
      headers: finance.headers,
      payload: body,
    });
    expect(deposit.statusCode).toBe(200);
    expect(deposit.json().rider_cash_minor).toBe(held - 300_000);
    const replay = await t.app.inject({
      method: 'POST',
      url: `${CONSOLE_API}/finance/deposits`,
      headers: finance.headers,
      payload: body,
    });
    expect(replay.statusCode).toBe(409);
    expect(await balanceOf(t.db, riderAccount(rider.id))).toBe(held - 300_000);
    const cash = await t.app.inject({
      method: 'GET',
      url: `${CONSOLE_API}/finance/riders-cash`,
      headers: finance.headers,
    });
    expect(cash.json().riders).toContainEqual(
      expect.objectContaining({ rider_id: rider.id, cash_minor: held - 300_000 }),
    );
  });

  it('gives a rider holding cash at the limit no new cash order, and a card or paid order still', async () => {
    const merchant = await createMerchant(t, { is_parent: true });
    const rich = await createRider(t.db, NEAR, { state: 'OFFLINE' });
    await deliveredCashOrders(merchant, rich.id, [t.config.dispatch.riderCashLimitMinor]);
    await t.db.query(`update riders set state = 'OFFLINE'`);
    await t.db.query(`update riders set state = 'AVAILABLE', current_order_id = null where id = $1`, [rich.id]);
    const cashOrder = await placeOrder(t, await relogin(t, merchant));
    await t.services.dispatcher.tick();
    await t.services.dispatcher.tick();
    expect((await findOrder(t.db, cashOrder))!.rider_id).toBeNull();
    await t.services.lifecycle.cancel(cashOrder, 'mistake_error');
    const paidOrder = await placeOrder(t, await relogin(t, merchant), (body) => {
      body.payment_method = 'PAID';
      (body.order as Record<string, unknown>).payment_method = 'PAID';
    });
    await t.db.query(`update orders set payment_method = 'PAID' where order_id = $1`, [paidOrder]);
    await t.services.dispatcher.tick();
    await t.services.dispatcher.tick();
    expect((await findOrder(t.db, paidOrder))!.rider_id).toBe(rich.id);
  });
});
