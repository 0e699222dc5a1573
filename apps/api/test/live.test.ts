import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import {
  bearer,
  createMerchant,
  createRider,
  createUser,
  createVendor,
  login,
  type Merchant,
  OUTLET,
  uniqueId,
} from './support/factories.ts';
import { connectLive, type LiveClient, listenOnRandomPort } from './support/live.ts';
import { placeOrder, riderCall } from './support/orders.ts';

const authorization = (merchant: Merchant) => merchant.headers.authorization!;

describe.each(databases())('the /live WebSocket on %s', (kind) => {
  let t: TestApp;
  let host: string;
  let merchant: Merchant;
  let stranger: Merchant;
  const clients: LiveClient[] = [];

  const connect = async (who: Merchant | string) => {
    const client = await connectLive(host, typeof who === 'string' ? who : authorization(who));
    clients.push(client);
    return client;
  };
  const subscribed = async (who: Merchant, vendorId = who.vendorId, since?: string) => {
    const client = await connect(who);
    client.send('subscribeToVendor', { vendor_id: vendorId, ...(since ? { since } : {}) });
    await client.waitFor((message) => message.event === 'subscribe_ok');
    return client;
  };

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    host = await listenOnRandomPort(t.app);
    merchant = await createMerchant(t);
    stranger = await createMerchant(t);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await t.close();
  });

  it('refuses the upgrade without a valid authorization query', async () => {
    await expect(connectLive(host, 'Bearer nonsense')).rejects.toThrow(/401/);
    await expect(connectLive(host, '')).rejects.toThrow(/401/);
  });

  it('answers subscribe_ok for the caller’s vendor and error.forbidden-vendor for another', async () => {
    const client = await connect(merchant);
    client.send('subscribeToVendor', { vendor_id: stranger.vendorId });
    const refused = await client.waitFor((message) => message.event === 'error');
    expect(refused.data).toEqual({ message: 'error.forbidden-vendor' });
    client.send('subscribeToVendor', { vendor_id: merchant.vendorId });
    const ok = await client.waitFor((message) => message.event === 'subscribe_ok');
    expect(ok.data).toEqual({ vendor_id: merchant.vendorId });
    client.send('ping');
    await client.waitFor((message) => message.event === 'pong');
    client.socket.send('not json');
    await client.waitFor((message) => message.event === 'error' && message.data.message === 'error.live.bad-message');
  });

  it('pushes order_update for every change of the vendor’s orders, and nothing of other vendors', async () => {
    const mine = await subscribed(merchant);
    const theirs = await subscribed(stranger);
    const orderId = await placeOrder(t, merchant);
    const created = await mine.waitFor(
      (message) => message.event === 'order_update' && message.data.order_id === orderId,
    );
    expect(created.data.status).toBe('NEW');
    const rider = await createRider(t.db, OUTLET);
    await t.services.dispatcher.tick();
    await mine.waitFor(
      (message) => message.event === 'order_update' && message.data.status === 'ASSIGNED_TO_TRANSPORT',
    );
    await riderCall(t, rider, orderId, 'accept');
    const accepted = await mine.waitFor(
      (message) => message.event === 'order_update' && message.data.status === 'COURIER_ACCEPTED_DELIVERY',
    );
    expect(accepted.data.rider).toMatchObject({ id: rider.id });
    await t.services.liveHub.drained();
    expect(theirs.messages.filter((message) => message.event === 'order_update')).toEqual([]);
  });

  it('sends a parent its outlets’ changes', async () => {
    const parentId = uniqueId('parent');
    await createVendor(t.db, { vendor_id: parentId, is_parent: true, latitude: OUTLET.lat, longitude: OUTLET.lng });
    const outletId = uniqueId('outlet');
    await createVendor(t.db, {
      vendor_id: outletId,
      parent_vendor_id: parentId,
      latitude: OUTLET.lat,
      longitude: OUTLET.lng,
      delivery_area: { type: 'radius', radius_km: 8 },
      payment_methods: { CASH_ON_DELIVERY: true },
    });
    const user = await createUser(t.db, t.config, { vendorIds: [parentId] });
    const parent: Merchant = { vendorId: parentId, email: user.email, headers: bearer(await login(t.app, user.email)) };
    const client = await subscribed(parent);
    const orderId = await placeOrder(t, { ...parent, vendorId: outletId });
    const update = await client.waitFor(
      (message) => message.event === 'order_update' && message.data.order_id === orderId,
    );
    expect(update.data.vendor_id).toBe(outletId);
  });

  it('replays orders changed after `since` to a client that reconnects', async () => {
    const since = t.clock.now().toISOString();
    t.clock.advance(1000);
    const orderId = await placeOrder(t, merchant);
    await t.services.liveHub.drained();
    const client = await subscribed(merchant, merchant.vendorId, since);
    const replayed = await client.waitFor(
      (message) => message.event === 'order_update' && message.data.order_id === orderId,
    );
    expect(replayed.data.status).toBe('NEW');
    const older = client.messages.filter(
      (message) => message.event === 'order_update' && Date.parse(String(message.data.updated_at)) <= Date.parse(since),
    );
    expect(older).toEqual([]);
  });
});
