import { OrderSchema } from '@riderdesk/domain/contracts/orders';
import { startOfTodayInZone } from '@riderdesk/domain/date-presets';
import { orderBucket } from '@riderdesk/domain/order-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PARENT_ID } from '../src/seed/demo-data.ts';
import { seedIfEmpty } from '../src/seed/seed.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { bearer, login } from './support/factories.ts';

// Karachi is UTC+5 all year: 13:00 is inside the default service hours 09:00-23:00, 00:30 and 23:40 are not.
const STARTS = [
  ['13:00', new Date('2026-03-10T08:00:00Z')],
  ['00:30 (closed)', new Date('2026-03-09T19:30:00Z')],
  ['23:40 (closed)', new Date('2026-03-10T18:40:00Z')],
] as const;

describe.each(databases().flatMap((kind) => STARTS.map(([label, start]) => [kind, label, start] as const)))(
  'the live-tracking demo seed on %s at %s Karachi time',
  (kind, _label, start) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ kind, ...IN_SERVICE_HOURS, start });
      await seedIfEmpty(t.db, t.config, t.clock.now);
    });
    afterAll(() => t.close());

    it("leaves today's demo orders in every bucket, with proofs and a simulated fleet", async () => {
      const tokens = await login(t.app, t.config.demoEmail, t.config.demoPassword);
      const now = t.clock.now();
      // The tracking page lists the orders created today, in the country's time zone; the seed's earlier
      // days are the history page's.
      const today = startOfTodayInZone(now, t.config.deployment.country.timeZone).getTime();
      const period = `from=${encodeURIComponent(new Date(today).toISOString())}&to=${encodeURIComponent(now.toISOString())}`;
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/vendor/${DEMO_PARENT_ID}/orders?include_outlets=true&count=200&${period}`,
        headers: bearer(tokens),
      });
      expect(response.statusCode).toBe(200);
      const orders = (response.json().result.data as unknown[]).map((order) => OrderSchema.parse(order));
      const buckets = new Set(orders.map((order) => orderBucket(order, now)));
      expect([...buckets].sort()).toEqual(['cancelled', 'collected', 'delivered', 'new', 'preorder']);
      for (const order of orders) {
        expect(Date.parse(order.created_at)).toBeGreaterThanOrEqual(today);
        expect(Date.parse(order.created_at)).toBeLessThanOrEqual(now.getTime());
        for (const entry of order.status_history)
          expect(Date.parse(entry.created_at)).toBeLessThanOrEqual(now.getTime());
      }
      expect(orders.some((order) => order.cancel_reason === 'no_courier')).toBe(true);
      const [proofs] = await t.db.query<{ n: number }>(
        `select count(*)::int as n from order_proofs where kind = 'delivery'`,
      );
      expect(proofs?.n).toBeGreaterThanOrEqual(3);
      const [fleet] = await t.db.query<{ n: number }>('select count(*)::int as n from riders where is_simulated');
      expect(fleet?.n).toBe(10);
      // Seeding again changes nothing.
      const count = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from orders'))[0]?.n;
      const before = await count();
      await seedIfEmpty(t.db, t.config, t.clock.now);
      expect(await count()).toBe(before);
    });
  },
);
