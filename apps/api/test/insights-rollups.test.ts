import { canTransition, lifecycleStage, ORDER_TRANSITIONS } from '@riderdesk/domain/order-lifecycle';
import { CANCEL_REASONS, type OrderStatus } from '@riderdesk/domain/order-status';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollupRules } from '../src/modules/insights/deps.ts';
import { recomputedRollups, storedRollups } from '../src/modules/insights/repo.ts';
import { findOrder } from '../src/modules/orders/repo.ts';
import { buildTestApp, databases, type TestApp } from './support/app.ts';
import { createMerchant, createVendor, type Merchant, OUTLET, relogin, uniqueId } from './support/factories.ts';
import { placeOrder } from './support/orders.ts';

// Rollups are kept by the steps; a full recomputation from the orders must always agree with them, whatever
// lifecycles the orders had (issue 39). Random lifecycles: any allowed step at each turn, at random times
// across Karachi midnights, some left unfinished, some cancelled for any reason.

const MINUTE = 60_000;

/** One order's life: which vendor, the gap before it is placed, and a choice and a gap for each turn. */
const lifeArbitrary = fc.record({
  isOutlet: fc.boolean(),
  placedAfterMinutes: fc.integer({ min: 0, max: 900 }),
  turns: fc.array(fc.record({ choice: fc.nat(), minutes: fc.integer({ min: 0, max: 45 }) }), { maxLength: 14 }),
  eta: fc.option(fc.integer({ min: 8, max: 90 }), { nil: null }),
});

type Life = typeof lifeArbitrary extends fc.Arbitrary<infer T> ? T : never;

describe.each(databases())('insights rollups on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let outletId: string;

  beforeAll(async () => {
    // 22:00 in Karachi: the first orders cross midnight.
    t = await buildTestApp({ kind, start: new Date('2026-05-04T17:00:00Z'), serviceHours: '0000:0000' });
    merchant = await createMerchant(t, { is_parent: true });
    outletId = uniqueId('outlet');
    await createVendor(t.db, {
      vendor_id: outletId,
      parent_vendor_id: merchant.vendorId,
      latitude: OUTLET.lat,
      longitude: OUTLET.lng,
      delivery_area: { type: 'radius', radius_km: 8 },
      payment_methods: { CASH_ON_DELIVERY: true, PAID: true },
      estimation_pick_up_time: 15,
    });
  });
  afterAll(() => t.close());

  async function live(life: Life): Promise<void> {
    t.clock.advance(life.placedAfterMinutes * MINUTE);
    merchant = await relogin(t, merchant);
    const vendorId = life.isOutlet ? outletId : merchant.vendorId;
    const orderId = await placeOrder(t, { ...merchant, vendorId });
    if (life.eta === null)
      await t.db.query('update orders set requested_eta_minutes = null where order_id = $1', [orderId]);
    else await t.db.query('update orders set requested_eta_minutes = $2 where order_id = $1', [orderId, life.eta]);
    for (const turn of life.turns) {
      const order = (await findOrder(t.db, orderId))!;
      const allowed = (ORDER_TRANSITIONS[lifecycleStage(order)] as readonly OrderStatus[]).filter((to) =>
        canTransition(order, to),
      );
      // DELAYED and MODIFIED are overlays the stage table lists only where they may start.
      const choices: OrderStatus[] = [
        ...allowed,
        ...(['DELAYED', 'MODIFIED'] as const).filter((to) => !allowed.includes(to) && canTransition(order, to)),
      ];
      if (choices.length === 0) return;
      const to = choices[turn.choice % choices.length]!;
      t.clock.advance(turn.minutes * MINUTE);
      if (to === 'CANCELLED')
        await t.services.lifecycle.cancel(orderId, CANCEL_REASONS[turn.choice % CANCEL_REASONS.length]!);
      else await t.services.lifecycle.step(orderId, to);
    }
  }

  it('agree with a full recomputation from the orders after random lifecycles', async () => {
    const rules = rollupRules(t.config.deployment.country.timeZone);
    const vendorIds = () => [merchant.vendorId, outletId];
    await fc.assert(
      fc.asyncProperty(fc.array(lifeArbitrary, { minLength: 1, maxLength: 4 }), async (lives) => {
        for (const life of lives) await live(life);
        expect(await storedRollups(t.db, vendorIds())).toEqual(await recomputedRollups(t.db, vendorIds(), rules));
      }),
      { numRuns: 10 },
    );
    expect(await t.services.insights.check()).toEqual([]);
    // Something was finished and measured along the way.
    const stored = await storedRollups(t.db, vendorIds());
    expect(stored.daily.length).toBeGreaterThan(0);
  });

  it('a rebuild writes the same rollups, and a damaged one is found and repaired', async () => {
    const before = await storedRollups(t.db, [merchant.vendorId, outletId]);
    await t.services.insights.rebuild(merchant.vendorId);
    expect(await storedRollups(t.db, [merchant.vendorId, outletId])).toEqual(before);
    if (before.daily.length === 0) return;
    await t.db.query('update insights_daily set orders = orders + 1 where vendor_id = any($1::text[])', [
      [merchant.vendorId, outletId],
    ]);
    expect((await t.services.insights.check()).length).toBeGreaterThan(0);
    await t.services.insights.rebuild();
    expect(await t.services.insights.check()).toEqual([]);
    expect(await storedRollups(t.db, [merchant.vendorId, outletId])).toEqual(before);
  });

  it('moves a vendor’s rollups with its orders', async () => {
    const rules = rollupRules(t.config.deployment.country.timeZone);
    const target = await createVendor(t.db, { vendor_id: uniqueId('business') });
    const moved = await t.db.transaction(async (tx) => {
      await tx.query('update orders set vendor_id = $2 where vendor_id = $1', [outletId, target.vendor_id]);
      await t.services.insights.moveVendor(tx, outletId, target.vendor_id);
      return target.vendor_id;
    });
    expect(await storedRollups(t.db, [outletId, moved])).toEqual(
      await recomputedRollups(t.db, [outletId, moved], rules),
    );
    expect((await storedRollups(t.db, [outletId])).daily).toEqual([]);
  });
});
