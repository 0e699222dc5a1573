import * as XLSX from '@e965/xlsx';
import { type Insights, InsightsAnswerSchema } from '@riderdesk/domain/contracts/insights';
import type { CancelReason, OrderStatus } from '@riderdesk/domain/order-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databases, type TestApp } from './support/app.ts';
import { createMerchant, createVendor, type Merchant, OUTLET, relogin, uniqueId } from './support/factories.ts';
import { placeOrder } from './support/orders.ts';

// Insights (issue 39) against hand-computed fixtures: orders placed through POST /order and moved through the
// lifecycle at chosen Karachi times, so the rollups are written by the steps themselves.

const MINUTE = 60_000;
/** A Karachi wall time (UTC+5, no daylight saving). */
const karachi = (wall: string) => new Date(`${wall}+05:00`);

interface Money {
  fee: number;
  discount?: number;
  amount: number;
  method?: 'CASH_ON_DELIVERY' | 'PAID';
  voucher?: string;
  /** The ETA given at request, in minutes. */
  eta?: number;
}

/** Through pickup to the drop-off: the rider arrives at `arrive`, picks up at `pickUp`, delivers at `end`. */
const delivered = (arrive: number, pickUp: number, end: number, delayAt?: number): [OrderStatus, number][] => [
  ['RECEIVED', 1],
  ['WAITING_FOR_TRANSPORT', 1],
  ['ASSIGNED_TO_TRANSPORT', 2],
  ['COURIER_ACCEPTED_DELIVERY', 2],
  ['NEAR_VENDOR', arrive],
  ['PICKED_UP', pickUp],
  ['COURIER_LEFT_VENDOR', pickUp + 1],
  ...(delayAt === undefined ? [] : ([['DELAYED', delayAt]] as [OrderStatus, number][])),
  ['NEAR_CUSTOMER', end - 1],
  ['DELIVERED', end],
];

describe.each(databases())('insights on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let stranger: Merchant;
  let outletId: string;
  let insights: Insights;
  let withOutlets: Insights;

  const moveTo = (time: Date) => t.clock.advance(time.getTime() - t.clock.now().getTime());

  /** An order of `vendorId` placed at `createdAt` (Karachi), its money set, then moved through `steps`. */
  async function order(
    vendorId: string,
    createdAt: string,
    money: Money,
    steps: [OrderStatus, number][],
    cancel?: { reason: CancelReason; at: number },
  ): Promise<string> {
    const start = karachi(createdAt);
    moveTo(start);
    // The clock moves days at a time: a fresh login each time.
    merchant = await relogin(t, merchant);
    const orderId = await placeOrder(t, { ...merchant, vendorId });
    await t.db.query(
      `update orders set delivery_fee_minor = $2, discount_minor = $3, amount_minor = $4, payment_method = $5,
              voucher_code = $6, requested_eta_minutes = $7
        where order_id = $1`,
      [
        orderId,
        money.fee,
        money.discount ?? 0,
        money.amount,
        money.method ?? 'CASH_ON_DELIVERY',
        money.voucher ?? null,
        money.eta ?? 25,
      ],
    );
    for (const [status, minutes] of steps) {
      moveTo(new Date(start.getTime() + minutes * MINUTE));
      await t.services.lifecycle.step(orderId, status);
    }
    if (cancel) {
      moveTo(new Date(start.getTime() + cancel.at * MINUTE));
      await t.services.lifecycle.cancel(orderId, cancel.reason);
    }
    return orderId;
  }

  const get = (query: Record<string, string>, who = merchant, vendorId = merchant.vendorId) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/vendor/${encodeURIComponent(vendorId)}/insights?${new URLSearchParams(query)}`,
      headers: who.headers,
    });

  beforeAll(async () => {
    t = await buildTestApp({ kind, start: karachi('2026-03-08T09:00:00'), serviceHours: '0000:0000' });
    merchant = await createMerchant(t, { is_parent: true, name: 'Karachi Grill' });
    stranger = await createMerchant(t);
    outletId = uniqueId('outlet');
    // A name a spreadsheet would run as a formula: the export keeps it as text.
    await createVendor(t.db, {
      vendor_id: outletId,
      parent_vendor_id: merchant.vendorId,
      name: '=HYPERLINK("http://x")',
      latitude: OUTLET.lat,
      longitude: OUTLET.lng,
      delivery_area: { type: 'radius', radius_km: 8 },
      payment_methods: { CASH_ON_DELIVERY: true, PAID: true },
      estimation_pick_up_time: 15,
    });
    const parent = merchant.vendorId;
    // The previous period (7–8 March): one order, delivered in 40 minutes against an ETA of 25.
    await order(parent, '2026-03-08T10:00:00', { fee: 10_000, amount: 20_000 }, delivered(10, 12, 40));
    // 23:50 on Monday 9 March, delivered at 00:20 on the 10th: the 9th's, by the day it was placed.
    await order(parent, '2026-03-09T23:50:00', { fee: 20_000, amount: 150_000 }, delivered(10, 14, 30));
    // 00:25 on the 10th in Karachi is still the 9th in UTC: the 10th's. Late (DELAYED), paid, with a voucher.
    await order(
      parent,
      '2026-03-10T00:25:00',
      { fee: 15_000, discount: 5_000, amount: 80_000, method: 'PAID', voucher: 'SAVE50' },
      delivered(8, 14, 50, 40),
    );
    // The outlet: cancelled by the merchant, cancelled for want of a rider, returned after pickup.
    await order(outletId, '2026-03-10T12:00:00', { fee: 10_000, amount: 10_000 }, [['RECEIVED', 1]], {
      reason: 'mistake_error',
      at: 5,
    });
    await order(
      outletId,
      '2026-03-10T13:00:00',
      { fee: 10_000, amount: 10_000 },
      [
        ['RECEIVED', 1],
        ['WAITING_FOR_TRANSPORT', 1],
      ],
      { reason: 'no_courier', at: 20 },
    );
    await order(outletId, '2026-03-10T14:00:00', { fee: 12_000, amount: 30_000 }, [
      ['RECEIVED', 1],
      ['WAITING_FOR_TRANSPORT', 1],
      ['ASSIGNED_TO_TRANSPORT', 2],
      ['COURIER_ACCEPTED_DELIVERY', 2],
      ['NEAR_VENDOR', 5],
      ['PICKED_UP', 7],
      ['COURIER_LEFT_VENDOR', 8],
      ['RETURN_INITIATED', 20],
      ['RETURNED_TO_VENDOR', 40],
    ]);
    // On time: 20 minutes against 25, the rider at the outlet for one.
    await order(parent, '2026-03-10T15:00:00', { fee: 10_000, amount: 50_000 }, delivered(8, 9, 20));
    // Still on its way (with a rider offered): in progress, counted live.
    await order(parent, '2026-03-10T16:00:00', { fee: 10_000, amount: 10_000 }, [
      ['RECEIVED', 1],
      ['WAITING_FOR_TRANSPORT', 1],
      ['ASSIGNED_TO_TRANSPORT', 2],
    ]);
    // The day after the period: in no figure.
    moveTo(karachi('2026-03-11T10:00:00'));
    await order(parent, '2026-03-11T10:00:00', { fee: 10_000, amount: 10_000 }, delivered(5, 6, 15));

    merchant = await relogin(t, merchant);
    stranger = await relogin(t, stranger);
    const answer = await get({ start: '2026-03-09', end: '2026-03-10' });
    expect(answer.statusCode, answer.body).toBe(200);
    insights = answer.json().result;
    const all = await get({ start: '2026-03-09', end: '2026-03-10', include_outlets: 'true' });
    expect(all.statusCode, all.body).toBe(200);
    withOutlets = all.json().result;
    // The route does not check its answer on every request: the tests hold it to the contract.
    expect(InsightsAnswerSchema.parse(all.json())).toEqual(all.json());
    expect(InsightsAnswerSchema.parse(answer.json())).toEqual(answer.json());
  });
  afterAll(() => t.close());

  it('counts orders per Karachi day, stacked by where they ended', () => {
    expect(withOutlets.period).toEqual({ start: '2026-03-09', end: '2026-03-10' });
    expect(withOutlets.previous_period).toEqual({ start: '2026-03-07', end: '2026-03-08' });
    expect(withOutlets.days).toEqual([
      {
        day: '2026-03-09',
        delivered: 1,
        returned: 0,
        cancelled: 0,
        new: 0,
        collected: 0,
        preorder: 0,
        delivery_spend: 200,
        cash_collected: 1_700,
        voucher_savings: 0,
      },
      {
        day: '2026-03-10',
        delivered: 2,
        returned: 1,
        cancelled: 2,
        new: 1,
        collected: 0,
        preorder: 0,
        // 100 (after the voucher's 50) + 100 + 120 for the returned one; cash only from the cash delivery.
        delivery_spend: 320,
        cash_collected: 600,
        voucher_savings: 50,
      },
    ]);
    expect(withOutlets.totals).toMatchObject({
      orders: 7,
      delivered: 3,
      returned: 1,
      cancelled: 2,
      in_progress: 1,
      delayed: 1,
      delivery_spend: 520,
      cash_collected: 2_300,
      voucher_savings: 50,
      vouchered_orders: 1,
    });
  });

  it('gives the delivery time and the pickup wait as histograms, with median and 90th percentile', () => {
    // Delivered in 30, 50 and 20 minutes: one each in [20, 25), [30, 35) and [50, 55).
    const delivery = withOutlets.delivery_minutes.filter((bucket) => bucket.orders > 0);
    expect(delivery).toEqual([
      { from: 20, to: 25, orders: 1, previous_orders: 0 },
      { from: 30, to: 35, orders: 1, previous_orders: 0 },
      { from: 50, to: 55, orders: 1, previous_orders: 0 },
    ]);
    // The median is the 1.5th order: halfway through [30, 35); the 90th percentile 0.7 into [50, 55).
    expect(withOutlets.totals.delivery_minutes).toEqual({ median: 32.5, p90: 53.5, orders: 3 });
    // Waits of 4, 6, 2 (the returned order) and 1 minute(s).
    expect(withOutlets.totals.pickup_wait_minutes).toEqual({ median: 3, p90: 7.2, orders: 4 });
    // The previous period's order took 40 minutes.
    expect(withOutlets.delivery_minutes.find((bucket) => bucket.from === 40)?.previous_orders).toBe(1);
  });

  it('measures on-time deliveries against the ETA given at request, and compares with the previous period', () => {
    expect(withOutlets.totals.on_time).toEqual({ on_time: 1, measured: 3, share: 1 / 3 });
    expect(withOutlets.previous_totals).toMatchObject({
      orders: 1,
      delivered: 1,
      on_time: { on_time: 0, measured: 1, share: 0 },
      delivery_spend: 100,
      cash_collected: 300,
    });
  });

  it('counts cancellations by reason and by who cancelled', () => {
    expect(withOutlets.cancellations).toEqual([
      { reason: 'mistake_error', cancelled_by: 'merchant', orders: 1, previous_orders: 0 },
      { reason: 'no_courier', cancelled_by: 'logistics', orders: 1, previous_orders: 0 },
    ]);
  });

  it('counts orders by the Karachi hour of the week they were placed in', () => {
    const busy = withOutlets.hours.filter((cell) => cell.orders > 0);
    // Monday 9 March 23:00; Tuesday 10 March 00:00, 12:00 … 16:00.
    expect(busy).toEqual([
      { weekday: 1, hour: 23, orders: 1 },
      { weekday: 2, hour: 0, orders: 1 },
      { weekday: 2, hour: 12, orders: 1 },
      { weekday: 2, hour: 13, orders: 1 },
      { weekday: 2, hour: 14, orders: 1 },
      { weekday: 2, hour: 15, orders: 1 },
      { weekday: 2, hour: 16, orders: 1 },
    ]);
    expect(withOutlets.hours).toHaveLength(168);
  });

  it('puts the outlets side by side, and without include_outlets shows the vendor alone', () => {
    expect(withOutlets.outlets.map((outlet) => [outlet.vendor_id, outlet.totals.orders])).toEqual([
      [merchant.vendorId, 4],
      [outletId, 3],
    ]);
    expect(withOutlets.outlets[1]!.totals).toMatchObject({ returned: 1, cancelled: 2, delivery_spend: 120 });
    expect(insights.outlets.map((outlet) => outlet.vendor_id)).toEqual([merchant.vendorId]);
    expect(insights.totals).toMatchObject({ orders: 4, delivered: 3, in_progress: 1, cancelled: 0 });
    expect(insights.cancellations).toEqual([]);
  });

  it('counts per day exactly the orders History lists for that day and status', async () => {
    const filters = { delivered: 'DELIVERED', returned: 'RETURNED', cancelled: 'CANCELLED', new: 'NEW' } as const;
    for (const day of withOutlets.days) {
      for (const [bucket, status] of Object.entries(filters)) {
        const from = karachi(`${day.day}T00:00:00`);
        const to = new Date(from.getTime() + 24 * 60 * MINUTE - 1);
        const listed = await t.app.inject({
          method: 'GET',
          url: `/api/v1/vendor/${merchant.vendorId}/orders?${new URLSearchParams({
            from: from.toISOString(),
            to: to.toISOString(),
            status,
            include_outlets: 'true',
            count: '200',
          })}`,
          headers: merchant.headers,
        });
        expect(listed.statusCode, listed.body).toBe(200);
        expect([day.day, bucket, listed.json().result.data.length]).toEqual([
          day.day,
          bucket,
          day[bucket as keyof typeof filters],
        ]);
      }
    }
  });

  it('lists behind every heat-map cell, duration bar and cancellation reason exactly the orders it counts', async () => {
    const period = { from: karachi('2026-03-09T00:00:00'), to: new Date(karachi('2026-03-11T00:00:00').getTime() - 1) };
    const listed = async (drill: Record<string, string>) => {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/v1/vendor/${merchant.vendorId}/orders?${new URLSearchParams({
          from: period.from.toISOString(),
          to: period.to.toISOString(),
          include_outlets: 'true',
          count: '200',
          ...drill,
        })}`,
        headers: merchant.headers,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().result.data.length as number;
    };
    const cells = withOutlets.hours.filter((cell) => cell.orders > 0);
    expect(cells.length).toBeGreaterThan(2);
    // Every cell with orders, and an empty one.
    for (const cell of [...cells, { weekday: 7, hour: 3, orders: 0 }]) {
      const drill = { weekday: String(cell.weekday), hour: String(cell.hour) };
      expect([drill, await listed(drill)]).toEqual([drill, cell.orders]);
    }
    for (const [key, buckets] of [
      ['delivery_bucket', withOutlets.delivery_minutes],
      ['pickup_wait', withOutlets.pickup_wait_minutes],
    ] as const) {
      for (const [index, bucket] of buckets.entries()) {
        const drill = { [key === 'pickup_wait' ? 'pickup_bucket' : key]: String(index + 1) };
        expect([drill, await listed(drill)]).toEqual([drill, bucket.orders]);
      }
    }
    expect(withOutlets.cancellations.length).toBe(2);
    for (const row of withOutlets.cancellations) {
      const drill = { cancel_reason: row.reason };
      expect([drill, await listed(drill)]).toEqual([drill, row.orders]);
    }
    expect(await listed({ cancel_reason: 'bad_weather' })).toBe(0);
  });

  it('refuses a narrowing History cannot read', async () => {
    const refused: Record<string, string>[] = [
      { weekday: '8' },
      { hour: '24' },
      { delivery_bucket: '0' },
      { cancel_reason: 'boredom' },
    ];
    for (const drill of refused) {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/v1/vendor/${merchant.vendorId}/orders?${new URLSearchParams(drill)}`,
        headers: merchant.headers,
      });
      expect([drill, answer.statusCode]).toEqual([drill, 400]);
    }
  });

  it('keeps the rollups equal to a full recomputation, and the rebuild changes nothing', async () => {
    expect(await t.services.insights.check()).toEqual([]);
    const report = await t.services.insights.rebuild();
    // Every finished order of both vendors (the in-progress one is counted live).
    expect(report.orders).toBe(8);
    const again = await get({ start: '2026-03-09', end: '2026-03-10', include_outlets: 'true' });
    expect(again.json().result).toEqual(withOutlets);
  });

  it('answers only the caller’s vendors, and refuses a period longer than History’s', async () => {
    expect((await get({ start: '2026-03-09', end: '2026-03-10' }, stranger)).statusCode).toBe(403);
    expect((await get({ start: '2026-03-09', end: '2026-03-10' }, merchant, stranger.vendorId)).statusCode).toBe(403);
    const tooLong = await get({ start: '2026-01-01', end: '2026-04-30' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors[0].meta.translation_key).toBe('history.range.too-long');
    const backwards = await get({ start: '2026-03-10', end: '2026-03-09' });
    expect(backwards.json().errors[0].meta.translation_key).toBe('history.range.end-before-start');
    expect((await get({ start: '2026-02-30', end: '2026-03-09' })).statusCode).toBe(400);
    // An outlet's own user sees the outlet, not its parent's other figures.
    const outletOnly = await get(
      { start: '2026-03-09', end: '2026-03-10', include_outlets: 'true' },
      merchant,
      outletId,
    );
    expect(outletOnly.json().result.outlets.map((outlet: { vendor_id: string }) => outlet.vendor_id)).toEqual([
      outletId,
    ]);
  });

  it('exports a chart’s numbers as CSV and XLSX, a formula kept as text', async () => {
    const file = (query: Record<string, string>) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/vendor/${merchant.vendorId}/insights/export?${new URLSearchParams({
          start: '2026-03-09',
          end: '2026-03-10',
          include_outlets: 'true',
          ...query,
        })}`,
        headers: merchant.headers,
      });
    const csv = await file({ chart: 'outlets', format: 'csv' });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toMatch(/^Branch,Branch ID,Orders,/);
    expect(lines[1]).toMatch(/^Karachi Grill,/);
    expect(lines[2]).toMatch(/^"'=HYPERLINK\(""http:\/\/x""\)",/);

    const xlsx = await file({ chart: 'orders_per_day', format: 'xlsx', lang: 'ur_alt' });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const book = XLSX.read(xlsx.rawPayload, { type: 'buffer', cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true });
    expect(rows.slice(1)).toEqual([
      ['2026-03-09', 1, 0, 0, 0, 0, 0, 1],
      ['2026-03-10', 2, 1, 2, 1, 0, 0, 6],
    ]);
    const outlets = await file({ chart: 'outlets', format: 'xlsx' });
    const outletSheet = XLSX.read(outlets.rawPayload, { type: 'buffer', cellFormula: true });
    const cells = Object.values(outletSheet.Sheets[outletSheet.SheetNames[0]!]!) as XLSX.CellObject[];
    expect(cells.filter((cell) => cell.f !== undefined)).toEqual([]);
    expect(cells.some((cell) => cell.v === '=HYPERLINK("http://x")' && cell.t === 's')).toBe(true);
  });
});
