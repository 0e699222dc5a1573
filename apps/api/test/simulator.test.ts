import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffImageType } from '../src/modules/dispatch/proofs.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { createMerchant, createRider, type Merchant, OUTLET } from './support/factories.ts';
import { placeOrder } from './support/orders.ts';

async function statusOf(t: TestApp, orderId: string): Promise<string> {
  const [row] = await t.db.query<{ status: string }>('select status from orders where order_id = $1', [orderId]);
  return row!.status;
}

async function until(t: TestApp, orderId: string, statuses: string[], timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await statusOf(t, orderId);
    if (statuses.includes(status) || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(databases())('the fleet simulator on %s', (kind) => {
  describe.each([
    { unreachable: 0, end: 'DELIVERED', proofs: ['delivery', 'pickup'] },
    { unreachable: 1, end: 'RETURNED_TO_VENDOR', proofs: ['pickup', 'return'] },
  ])('with unreachable probability $unreachable', ({ unreachable, end, proofs }) => {
    let t: TestApp;
    let merchant: Merchant;

    beforeAll(async () => {
      // 600: ten simulated minutes per second, so a whole delivery takes a second or two.
      t = await buildTestApp({
        kind,
        ...IN_SERVICE_HOURS,
        dispatch: {
          simSpeed: 600,
          simTickMs: 20,
          dispatchIntervalMs: 50,
          simUnreachableProbability: unreachable,
          simDeclineProbability: 0,
        },
      });
      merchant = await createMerchant(t);
    });
    afterAll(() => t.close());

    it(`drives an order to ${end} through the rider service, with generated proof photos`, async () => {
      const rider = await createRider(t.db, { lat: OUTLET.lat + 0.005, lng: OUTLET.lng }, { simulated: true });
      const orderId = await placeOrder(t, merchant);
      t.services.dispatcher.start();
      t.services.simulator.start();
      expect(await until(t, orderId, [end])).toBe(end);
      await t.services.simulator.stop();
      await t.services.dispatcher.stop();

      const history = await t.db.query<{ status: string }>(
        'select status from order_status_history where order_id = $1 order by id',
        [orderId],
      );
      const statuses = history.map((entry) => entry.status);
      expect(statuses.slice(0, 9)).toEqual([
        'NEW',
        'RECEIVED',
        'WAITING_FOR_TRANSPORT',
        'ASSIGNED_TO_TRANSPORT',
        'COURIER_ACCEPTED_DELIVERY',
        'NEAR_VENDOR',
        'PICKED_UP',
        'COURIER_LEFT_VENDOR',
        'NEAR_CUSTOMER',
      ]);
      expect(statuses.at(-1)).toBe(end);
      const stored = await t.db.query<{ kind: string; data: string }>(
        `select kind, encode(bytes, 'base64') as data from order_proofs where order_id = $1 order by kind`,
        [orderId],
      );
      expect(stored.map((proof) => proof.kind)).toEqual(proofs);
      for (const proof of stored) expect(sniffImageType(Buffer.from(proof.data, 'base64'))).toBe('image/png');
      const [moved] = await t.db.query<{ state: string; latitude: number; heading: number | null }>(
        'select state, latitude, heading from riders where id = $1',
        [rider.id],
      );
      expect(moved?.state).toBe('AVAILABLE');
      expect(moved?.latitude).not.toBe(OUTLET.lat + 0.005);
    });
  });
});
