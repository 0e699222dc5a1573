import { createHash } from 'node:crypto';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { solveProofOfWork } from '@riderdesk/domain/guest/proof-of-work';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { godroidToken, mintGodroidToken, revokeGodroidToken, runCommand, vendorCode } from '../src/ops/commands.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import {
  bearer,
  createMerchant,
  createVendor,
  login,
  type Merchant,
  NEAR,
  OUTLET,
  outbox,
  PASSWORD,
  uniqueId,
} from './support/factories.ts';
import { orderBody, placeOrder, postOrder, quoteFee } from './support/orders.ts';

const sha256 = (input: string) => new Uint8Array(createHash('sha256').update(input).digest());
const SENDER = {
  location: { latitude: OUTLET.lat, longitude: OUTLET.lng, address: 'House 12, Street 4, Clifton Block 5', notes: '' },
  name: 'Sana Malik',
  email: 'sana@example.pk',
  phone_number: '+923211234567',
};

interface Guest extends Merchant {
  token: string;
  exp: number;
}

describe.each(databases())('guests and partner tokens on %s', (kind) => {
  let t: TestApp;
  // Each guest comes from its own address, so the per-IP limit is tested on its own.
  let nextIp = 10;
  const ip = () => `203.0.113.${nextIp++}`;

  beforeAll(async () => {
    t = await buildTestApp({
      kind,
      ...IN_SERVICE_HOURS,
      env: { GUEST_POW_DIFFICULTY: '6', GUEST_SESSIONS_PER_HOUR: '3' },
    });
  });
  afterAll(() => t.close());

  async function challenge(remoteAddress = ip()) {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/guest/challenge', remoteAddress });
    expect(response.statusCode).toBe(200);
    return response.json().result as { challenge: string; difficulty: number };
  }

  function openSession(body: { challenge: string; nonce: string }, remoteAddress = ip()) {
    return t.app.inject({ method: 'POST', url: '/api/v1/guest/session', payload: body, remoteAddress });
  }

  async function startGuest(remoteAddress = ip()): Promise<Guest> {
    const { challenge: text, difficulty } = await challenge(remoteAddress);
    const nonce = await solveProofOfWork(text, difficulty, sha256);
    const response = await openSession({ challenge: text, nonce }, remoteAddress);
    expect(response.statusCode, response.body).toBe(200);
    const { token, exp, vendor_id } = response.json().result;
    return { token, exp, vendorId: vendor_id, email: '', headers: { authorization: `Bearer ${token}` } };
  }

  async function guestOrder(guest: Guest): Promise<string> {
    const quote = await quoteFee(t, guest, NEAR, OUTLET);
    const response = await postOrder(t, guest, { ...orderBody(guest.vendorId, quote), sender: SENDER });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result.order_id;
  }

  const listed = async (who: Merchant, vendorId = who.vendorId) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/vendor/${vendorId}/orders?count=200`,
      headers: who.headers,
    });
    return {
      status: response.statusCode,
      ids: (response.json().result?.data ?? []).map((o: { order_id: string }) => o.order_id),
    };
  };

  describe('guest session', () => {
    it('issues a token with a numeric exp in the future, tied to a vendor of its own named guest', async () => {
      const guest = await startGuest();
      expect(Number.isInteger(guest.exp)).toBe(true);
      expect(guest.exp * 1000).toBeGreaterThan(t.clock.now().getTime());
      expect(guest.vendorId).toMatch(/^guest-/);
      const vendors = await t.app.inject({ method: 'GET', url: '/api/v1/vendors', headers: guest.headers });
      expect(vendors.statusCode).toBe(200);
      expect(vendors.json().result.vendors).toEqual([
        expect.objectContaining({
          vendor_id: guest.vendorId,
          name: 'guest',
          flags: { payment_methods: { CASH_ON_DELIVERY: true } },
        }),
      ]);
    });

    it('refuses a wrong proof, a forged or expired challenge and a challenge used twice', async () => {
      const { challenge: text, difficulty } = await challenge();
      const nonce = await solveProofOfWork(text, difficulty, sha256);
      // A nonce that does not meet the difficulty (tried in turn until one fails).
      let wrong = 0;
      while (sha256(`${text}:${wrong}`)[0] === 0) wrong++;
      expect((await openSession({ challenge: text, nonce: String(wrong) })).json().errors[0].meta.translation_key).toBe(
        'guest.error.proof',
      );
      const forged = text.replace(/^[^.]+/, 'AAAAAAAAAAAAAAAAAAAAAA');
      expect((await openSession({ challenge: forged, nonce })).statusCode).toBe(400);

      expect((await openSession({ challenge: text, nonce })).statusCode).toBe(200);
      const reused = await openSession({ challenge: text, nonce });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().errors[0].meta.translation_key).toBe('guest.error.challenge');

      const late = await challenge();
      const lateNonce = await solveProofOfWork(late.challenge, late.difficulty, sha256);
      t.clock.advance(11 * 60_000);
      expect((await openSession({ challenge: late.challenge, nonce: lateNonce })).statusCode).toBe(400);
    });

    it('limits the sessions one IP may open per hour', async () => {
      const address = ip();
      for (let i = 0; i < 3; i++) await startGuest(address);
      const { challenge: text, difficulty } = await challenge(address);
      const nonce = await solveProofOfWork(text, difficulty, sha256);
      expect((await openSession({ challenge: text, nonce }, address)).statusCode).toBe(429);
      // Another address is not held up.
      await startGuest();
    });

    it('stops honouring the token once it expires', async () => {
      const guest = await startGuest();
      expect((await listed(guest)).status).toBe(200);
      t.clock.advance(7 * 24 * 60 * 60_000 + 1000);
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/vendors', headers: guest.headers });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('guest orders', () => {
    let first: Guest;
    let second: Guest;
    let merchant: Merchant;
    let firstOrder: string;
    let merchantOrder: string;
    beforeAll(async () => {
      t.clock.advance(24 * 60 * 60_000);
      first = await startGuest();
      second = await startGuest();
      merchant = await createMerchant(t);
      firstOrder = await guestOrder(first);
      merchantOrder = await placeOrder(t, merchant);
    });

    it('takes an order with the sender as pickup, and the guest sees it and follows it', async () => {
      expect((await listed(first)).ids).toEqual([firstOrder]);
      const order = await t.app.inject({
        method: 'GET',
        url: `/api/v1/order?vendorId=${first.vendorId}&orderId=${firstOrder}`,
        headers: first.headers,
      });
      expect(order.statusCode).toBe(200);
      expect(order.json().result.order_id).toBe(firstOrder);
      const ticket = await t.app.inject({ method: 'POST', url: '/api/v1/live/ticket', headers: first.headers });
      expect(ticket.statusCode).toBe(200);
    });

    it('needs the sender: a guest has no saved pickup address', async () => {
      const quote = await quoteFee(t, first, NEAR, OUTLET);
      const response = await postOrder(t, first, orderBody(first.vendorId, quote));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].meta.translation_key).toBe('validation.sender-required');
    });

    it('keeps one guest from another guest’s orders and from a merchant’s, and a merchant from a guest’s', async () => {
      expect((await listed(second)).ids).toEqual([]);
      expect((await listed(second, first.vendorId)).status).toBe(403);
      expect((await listed(first, merchant.vendorId)).status).toBe(403);
      expect((await listed(merchant, first.vendorId)).status).toBe(403);
      for (const [who, vendorId, orderId] of [
        [second, first.vendorId, firstOrder],
        [second, second.vendorId, firstOrder],
        [first, merchant.vendorId, merchantOrder],
        [merchant, first.vendorId, firstOrder],
        [merchant, merchant.vendorId, firstOrder],
      ] as const) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/v1/order?vendorId=${vendorId}&orderId=${orderId}`,
          headers: who.headers,
        });
        expect(response.statusCode, `${vendorId} ${orderId}`).toBeGreaterThanOrEqual(403);
        expect(response.statusCode).toBeLessThan(405);
      }
      const cancel = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/order/cancel',
        headers: second.headers,
        payload: { vendor_id: first.vendorId, order_id: firstOrder, reason: 'mistake_error' },
      });
      expect(cancel.statusCode).toBe(403);
    });

    it('lets a guest search their history by a valid phone only, never by order id (spec §5)', async () => {
      const search = (term: string) =>
        t.app.inject({
          method: 'GET',
          url: `/api/v1/vendor/${first.vendorId}/orders?count=30&search=${encodeURIComponent(term)}`,
          headers: first.headers,
        });
      const byId = await search(firstOrder);
      expect(byId.statusCode).toBe(400);
      expect(byId.json().errors[0].meta.translation_key).toBe('guest.search.phone-only');
      const byPhone = await search('+92 300 1234567');
      expect(byPhone.statusCode).toBe(200);
      expect(byPhone.json().result.data.map((o: { order_id: string }) => o.order_id)).toEqual([firstOrder]);
      // A merchant still searches by order id.
      const merchantSearch = await t.app.inject({
        method: 'GET',
        url: `/api/v1/vendor/${merchant.vendorId}/orders?count=30&search=${merchantOrder}`,
        headers: merchant.headers,
      });
      expect(merchantSearch.json().result.data.map((o: { order_id: string }) => o.order_id)).toEqual([merchantOrder]);
    });

    it('does not let a guest edit an order, not even its own, as the browser offers no Edit (decision 089)', async () => {
      const quote = await quoteFee(t, first, { lat: NEAR.lat + 0.005, lng: NEAR.lng }, OUTLET);
      const edit = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/order/${firstOrder}`,
        headers: first.headers,
        payload: {
          vendor_id: first.vendorId,
          payment_method: 'CASH_ON_DELIVERY',
          amount: 2000,
          item_details: 'Two wrapped gifts',
          location: {
            address: 'House 9, Street 2, Bahadurabad',
            notes: '',
            latitude: NEAR.lat + 0.005,
            longitude: NEAR.lng,
          },
          delivery_fee: quote.fee,
          signature: quote.signature,
        },
      });
      expect(edit.statusCode).toBe(403);
      const order = await t.app.inject({
        method: 'GET',
        url: `/api/v1/order?vendorId=${first.vendorId}&orderId=${firstOrder}`,
        headers: first.headers,
      });
      expect(order.json().result.order.description).not.toBe('Two wrapped gifts');
      expect(order.json().result.status_history.map((entry: { status: string }) => entry.status)).not.toContain(
        'MODIFIED',
      );
    });

    it('offers guests no bulk orders, exports or card payments', async () => {
      const bulk = await t.app.inject({
        method: 'GET',
        url: `/api/v1/bulk-job/all/${first.vendorId}`,
        headers: first.headers,
      });
      expect(bulk.statusCode).toBe(403);
      const exported = await t.app.inject({
        method: 'GET',
        url: `/api/v1/vendor/${first.vendorId}/orders/export?format=csv&from=${encodeURIComponent(new Date(t.clock.now().getTime() - 86_400_000).toISOString())}&to=${encodeURIComponent(t.clock.now().toISOString())}&status=ANY`,
        headers: first.headers,
      });
      expect(exported.statusCode).toBe(403);
      const pay = await t.app.inject({
        method: 'POST',
        url: `/api/v1/order/payment/auth/${first.vendorId}`,
        headers: first.headers,
      });
      expect(pay.statusCode).toBeGreaterThanOrEqual(400);
      expect(pay.statusCode).toBeLessThan(500);
    });
  });

  describe('hand-over to an account', () => {
    const registerAs = (email: string, headers: Record<string, string>, extra: object = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/register',
        headers,
        payload: {
          registration_type: 'NPV',
          business_name: 'Sana Crafts',
          mobile_number: '+923211234567',
          email_address: email,
          password: PASSWORD,
          ...extra,
        },
      });

    async function confirm(email: string) {
      const link = (await outbox(t.app, email))[0]?.text.match(/https?:\/\/\S+/)?.[0];
      await t.app.inject({ method: 'GET', url: new URL(link!).pathname + new URL(link!).search });
    }

    const vendorIdsOf = async (headers: Record<string, string>) =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/vendors', headers }))
        .json()
        .result.vendors.map((v: { vendor_id: string }) => v.vendor_id);

    it('gives a guest’s orders to the business it registers, at its first login once the e-mail is confirmed; its pickup becomes the business’s', async () => {
      const guest = await startGuest();
      const orderId = await guestOrder(guest);
      const email = `${uniqueId('guest')}@example.pk`;
      const register = await registerAs(email, guest.headers);
      expect(register.statusCode, register.body).toBe(200);
      // Not confirmed yet: the guest keeps its orders, and the new account has none of them.
      expect((await listed(guest)).ids).toEqual([orderId]);
      const [row] = await t.db.query<{ claimed_at: Date | null }>(
        'select claimed_at from guest_sessions where vendor_id = $1',
        [guest.vendorId],
      );
      expect(row?.claimed_at).toBeNull();

      await confirm(email);
      const account = bearer(await login(t.app, email));
      const listedVendors = (await t.app.inject({ method: 'GET', url: '/api/v1/vendors', headers: account })).json()
        .result.vendors as Vendor[];
      // One business, no branch named 'guest' beside it.
      expect(listedVendors.map((v) => v.name)).toEqual(['Sana Crafts']);
      const [business] = listedVendors;
      expect((await listed({ vendorId: business!.vendor_id, email, headers: account })).ids).toEqual([orderId]);
      expect((await listed({ vendorId: guest.vendorId, email, headers: account })).status).toBe(403);
      expect((await listed(guest)).status).toBe(401);
      // The pickup the guest used is the new business's first collection point.
      expect(business!.vendor_information.location).toMatchObject({
        address_text: SENDER.location.address,
        latitude: SENDER.location.latitude,
        longitude: SENDER.location.longitude,
      });
      // The business orders from there at once, without asking for a sender.
      const next = await postOrder(
        t,
        { vendorId: business!.vendor_id, email, headers: account },
        orderBody(
          business!.vendor_id,
          await quoteFee(t, { vendorId: business!.vendor_id, email, headers: account }, NEAR, OUTLET),
        ),
      );
      expect(next.statusCode, next.body).toBe(200);
    });

    it('keeps the pickup point a registered outlet already has', async () => {
      const guest = await startGuest();
      const orderId = await guestOrder(guest);
      const email = `${uniqueId('guest-pv')}@example.pk`;
      const vendor = await createVendor(t.db, { contact_email: email, address_text: 'Shop 3, Saddar' });
      const outlet = {
        vendorId: vendor.vendor_id,
        ...(await vendorCode({ db: t.db, config: t.config }, vendor.vendor_id)),
      };
      const register = await t.app.inject({
        method: 'POST',
        url: '/api/v1/register',
        headers: guest.headers,
        payload: {
          registration_type: 'PV',
          vendor_code: outlet.code,
          vendor_email: email,
          email_address: email,
          password: PASSWORD,
        },
      });
      expect(register.statusCode, register.body).toBe(200);
      await confirm(email);
      const account = bearer(await login(t.app, email));
      const vendors = (await t.app.inject({ method: 'GET', url: '/api/v1/vendors', headers: account })).json().result
        .vendors as Vendor[];
      expect(vendors.map((v) => v.vendor_id)).toEqual([outlet.vendorId]);
      expect(vendors[0]!.vendor_information.location.address_text).toBe('Shop 3, Saddar');
      expect((await listed({ vendorId: outlet.vendorId, email, headers: account })).ids).toEqual([orderId]);
    });

    it('hands nothing over for a guest token sent in the registration’s body instead of the browser’s header', async () => {
      const guest = await startGuest();
      await guestOrder(guest);
      const email = `${uniqueId('thief')}@example.pk`;
      const register = await registerAs(email, {}, { guest_token: guest.token });
      expect(register.statusCode, register.body).toBe(200);
      await confirm(email);
      const account = bearer(await login(t.app, email));
      expect(await vendorIdsOf(account)).not.toContain(guest.vendorId);
      expect((await listed(guest)).status).toBe(200);

      const loginWithBodyToken = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email_address: email, password: PASSWORD, guest_token: guest.token },
      });
      expect(loginWithBodyToken.statusCode).toBe(200);
      expect(await vendorIdsOf(bearer(loginWithBodyToken.json().result))).not.toContain(guest.vendorId);
      expect((await listed(guest)).status).toBe(200);
    });

    it('gives them to an account the guest logs in to; a used or foreign token hands nothing over', async () => {
      const merchant = await createMerchant(t);
      const guest = await startGuest();
      const orderId = await guestOrder(guest);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        headers: guest.headers,
        payload: { email_address: merchant.email, password: PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      const headers = bearer(response.json().result);
      expect((await listed({ ...merchant, vendorId: guest.vendorId, headers })).ids).toEqual([orderId]);

      // The same token again, for another account: already handed over.
      const other = await createMerchant(t);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        headers: guest.headers,
        payload: { email_address: other.email, password: PASSWORD },
      });
      expect(again.statusCode).toBe(200);
      expect((await listed({ ...other, vendorId: guest.vendorId, headers: bearer(again.json().result) })).status).toBe(
        403,
      );
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        headers: { authorization: 'Bearer not-a-token' },
        payload: { email_address: other.email, password: PASSWORD },
      });
      expect(forged.statusCode).toBe(200);
    });
  });

  describe('guest availability', () => {
    it('is off in CLASSIC mode once the GuestCheckout flag is off, and never in GODROID mode', async () => {
      await runCommand({ db: t.db, config: t.config }, ['set-flag', 'GuestCheckout', 'false']);
      const off = await t.app.inject({ method: 'GET', url: '/api/v1/guest/challenge' });
      expect(off.statusCode).toBe(403);
      await runCommand({ db: t.db, config: t.config }, ['set-flag', 'GuestCheckout', 'true']);

      const godroid = await buildTestApp({ db: t.db, config: { mode: 'GODROID' } });
      try {
        expect((await godroid.app.inject({ method: 'GET', url: '/api/v1/guest/challenge' })).statusCode).toBe(403);
      } finally {
        await godroid.close();
      }
    });
  });

  describe('partner (GODROID) tokens', () => {
    it('name one restaurant, expire, and stop at once when revoked; only a hash is kept', async () => {
      const partner = await createMerchant(t);
      const other = await createMerchant(t);
      const ctx = { db: t.db, config: t.config, now: t.clock.now };
      const minted = await mintGodroidToken(ctx, partner.vendorId, { days: 2, label: 'GoDroid app' });
      const headers = { authorization: `GoDroid ${minted.token}` };
      const vendors = await t.app.inject({ method: 'GET', url: '/api/v1/vendors', headers });
      expect(vendors.json().result.vendors.map((v: { vendor_id: string }) => v.vendor_id)).toEqual([partner.vendorId]);
      expect((await listed({ ...other, headers })).status).toBe(403);
      const orderId = await placeOrder(t, { ...partner, headers });
      expect((await listed({ ...partner, headers })).ids).toContain(orderId);

      const stored = await t.db.query<{ token_hash: string }>('select token_hash from partner_tokens where id = $1', [
        minted.id,
      ]);
      expect(stored[0]?.token_hash).toBe(createHash('sha256').update(minted.token).digest('hex'));
      expect(JSON.stringify(await t.db.query('select * from partner_tokens'))).not.toContain(minted.token);

      t.clock.advance(2 * 24 * 60 * 60_000 + 1000);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/vendors', headers })).statusCode).toBe(401);

      const second = await godroidToken(ctx, partner.vendorId);
      const secondHeaders = { authorization: `GoDroid ${second}` };
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/vendors', headers: secondHeaders })).statusCode).toBe(
        200,
      );
      const listedTokens = await runCommand(ctx, ['godroid-tokens', '--vendor', partner.vendorId]);
      const secondId = listedTokens
        .split('\n')
        .find((line) => line.includes('live'))!
        .split('  ')[0]!;
      expect(await revokeGodroidToken(ctx, secondId)).toContain('revoked');
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/vendors', headers: secondHeaders })).statusCode).toBe(
        401,
      );
      await expect(revokeGodroidToken(ctx, secondId)).rejects.toThrow('no live partner token');
      await expect(revokeGodroidToken(ctx, 'nope')).rejects.toThrow('UUID');
    });
  });
});
