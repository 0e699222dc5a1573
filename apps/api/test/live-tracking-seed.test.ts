import { OrderSchema } from '@riderdesk/domain/contracts/orders';
import { orderBucket } from '@riderdesk/domain/order-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PARENT_ID, seedIfEmpty } from '../src/seed.ts';
import { databases } from './support/app.ts';
import { bearer, login } from './support/factories.ts';
import { buildLiveApp } from './support/live-tracking.ts';
import type { RiderApp } from './support/request-a-rider.ts';

describe.each(databases())('the live-tracking demo seed on %s', (kind) => {
  let t: RiderApp;
  beforeAll(async () => {
    t = await buildLiveApp(kind);
    await seedIfEmpty(t.db, t.config);
  });
  afterAll(() => t.close());

  it('leaves the demo parent orders in every bucket, with proofs and a simulated fleet', async () => {
    const tokens = await login(t.app, t.config.demoEmail, t.config.demoPassword);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/vendor/${DEMO_PARENT_ID}/orders?include_outlets=true&count=200`,
      headers: bearer(tokens),
    });
    expect(response.statusCode).toBe(200);
    const orders = (response.json().result.data as unknown[]).map((order) => OrderSchema.parse(order));
    const buckets = new Set(orders.map((order) => orderBucket(order, new Date())));
    expect([...buckets].sort()).toEqual(['cancelled', 'collected', 'delivered', 'new', 'preorder']);
    expect(orders.some((order) => order.cancel_reason === 'no_courier')).toBe(true);
    const [proofs] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from order_proofs where kind = 'delivery'`,
    );
    expect(proofs?.n).toBeGreaterThanOrEqual(3);
    const [fleet] = await t.db.query<{ n: number }>('select count(*)::int as n from riders where is_simulated');
    expect(fleet?.n).toBe(10);
    const before = orders.length;
    await seedIfEmpty(t.db, t.config);
    const [after] = await t.db.query<{ n: number }>('select count(*)::int as n from orders');
    expect(after?.n).toBe(before);
  });
});
