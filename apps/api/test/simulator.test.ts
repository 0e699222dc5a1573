import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sniffImageType } from '../src/modules/dispatch/proofs.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { createMerchant, createRider, type Merchant, OUTLET } from './support/factories.ts';
import { placeOrder } from './support/orders.ts';

async function statusOf(t: TestApp, orderId: string): Promise<string> {
  const [row] = await t.db.query<{ status: string }>('select status from orders where order_id = $1', [orderId]);
  return row!.status;
}

// Far more ticks than a delivery takes (about a hundred at 12 simulated seconds a tick).
const MAX_TICKS = 1_000;

/**
 * Ticks the dispatcher and the simulator in turn, moving the simulator's wall clock (`performance`, faked)
 * by one tick interval each time, until the order reaches one of the statuses.
 */
async function driveUntil(t: TestApp, orderId: string, statuses: string[]): Promise<string> {
  let status = await statusOf(t, orderId);
  for (let tick = 0; tick < MAX_TICKS && !statuses.includes(status); tick++) {
    await t.services.dispatcher.tick();
    await t.services.simulator.tick();
    vi.advanceTimersByTime(t.config.dispatch.simTickMs);
    status = await statusOf(t, orderId);
  }
  return status;
}

describe.each(databases())('the fleet simulator on %s', (kind) => {
  describe.each([
    { unreachable: 0, end: 'DELIVERED', proofs: ['delivery', 'pickup'] },
    { unreachable: 1, end: 'RETURNED_TO_VENDOR', proofs: ['pickup', 'return'] },
  ])('with unreachable probability $unreachable', ({ unreachable, end, proofs }) => {
    let t: TestApp;
    let merchant: Merchant;

    beforeAll(async () => {
      // 600 with 20 ms ticks: twelve simulated seconds a tick, so a delivery takes about a hundred ticks.
      t = await buildTestApp({
        kind,
        ...IN_SERVICE_HOURS,
        dispatch: {
          simSpeed: 600,
          simTickMs: 20,
          simUnreachableProbability: unreachable,
          simDeclineProbability: 0,
        },
      });
      merchant = await createMerchant(t);
    });
    afterAll(() => t.close());

    it(`drives an order to ${end} through the rider service, with generated proof photos`, async () => {
      const rider = await createRider(t.db, { lat: OUTLET.lat + 0.005, lng: OUTLET.lng }, { simulated: true });
      // The simulated rider confirms the age check the order asks for, and gives the PIN the customer tells it.
      const orderId = await placeOrder(t, merchant, (body) => {
        body.age_validation_required = true;
        body.handover_pin_required = true;
      });
      vi.useFakeTimers({ toFake: ['performance'] });
      try {
        expect(await driveUntil(t, orderId, [end])).toBe(end);
      } finally {
        vi.useRealTimers();
      }

      const [pin] = await t.db.query<{ checked: Date | null; attempts: number }>(
        'select handover_pin_checked_at as checked, handover_pin_attempts as attempts from orders where order_id = $1',
        [orderId],
      );
      expect(pin).toEqual({ checked: end === 'DELIVERED' ? expect.any(Date) : null, attempts: 0 });
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
