import { HELP_CENTRE_TOKEN_TTL_S } from '@riderdesk/domain/contracts/help-centre';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unlinkUserFromVendor } from '../src/modules/vendors/repo.ts';
import { runCommand } from '../src/ops/commands.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { bearer, createMerchant, createUser, login, type Merchant, outbox, relogin } from './support/factories.ts';
import { placeOrder, translationKey } from './support/orders.ts';

describe.each(databases())('help centre on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let stranger: Merchant;
  let orderId: string;
  let strangersOrder: string;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    merchant = await createMerchant(t);
    stranger = await createMerchant(t);
    orderId = await placeOrder(t, merchant);
    strangersOrder = await placeOrder(t, stranger);
  });
  afterAll(() => t.close());

  const tokenCall = (who: Merchant, vendorId = who.vendorId) =>
    t.app.inject({ method: 'GET', url: `/api/v1/vendor/${vendorId}/hc_jwt_token`, headers: who.headers });

  async function userIdOf(who: Merchant): Promise<string> {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: who.headers });
    if (response.statusCode === 200) return response.json().result.id as string;
    const [row] = await t.db.query<{ id: string }>('select id from users where email = $1', [who.email]);
    return row!.id;
  }

  async function initPayload(who: Merchant, token: string) {
    return {
      user_id: await userIdOf(who),
      email: who.email,
      guest: false,
      name: 'Test Vendor',
      brand: t.config.deployment.brand.id,
      global_entity_id: `ODR_${t.config.deployment.country.code}`,
      country: t.config.deployment.country.code,
      locale: 'ur_alt',
      app_version: 'test',
      verification_token: token,
      bridge: true,
      service_type: 'on_demand_rider',
    };
  }

  const init = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/help-centre/conditions-api/v1/init', payload });

  async function frameToken(who: Merchant): Promise<string> {
    const token = (await tokenCall(who)).json().result as string;
    const response = await init(await initPayload(who, token));
    expect(response.statusCode).toBe(200);
    return new URL(response.json().url, 'http://x').hash.replace('#token=', '');
  }

  it("issues a short-lived token for the caller's vendor, never cached", async () => {
    const response = await tokenCall(merchant);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const token = response.json().result as string;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims.vendor_id).toBe(merchant.vendorId);
    expect(claims.exp - claims.iat).toBe(HELP_CENTRE_TOKEN_TTL_S);
  });

  it("refuses a token for another merchant's vendor, and without a session", async () => {
    expect((await tokenCall(merchant, stranger.vendorId)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1/vendor/${merchant.vendorId}/hc_jwt_token` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers the frame url for the init payload, with the frame token out of the query', async () => {
    const token = (await tokenCall(merchant)).json().result as string;
    const response = await init(await initPayload(merchant, token));
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().url, 'http://x');
    expect(url.pathname).toBe('/help-centre/frame');
    expect(url.searchParams.get('locale')).toBe('ur_alt');
    expect(url.search).not.toContain(token.slice(0, 20));
    expect(url.hash).toMatch(/^#token=[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('refuses an init with a forged, expired or foreign token as help-center.failed', async () => {
    const token = (await tokenCall(merchant)).json().result as string;
    const forged = await init(await initPayload(merchant, `${token.slice(0, -4)}AAAA`));
    expect(forged.statusCode).toBe(401);
    expect(translationKey(forged)).toBe('help-center.failed');

    const otherUser = await init({ ...(await initPayload(merchant, token)), user_id: await userIdOf(stranger) });
    expect(otherUser.statusCode).toBe(401);

    const wrongBody = await init({ ...(await initPayload(merchant, token)), service_type: 'food' });
    expect(wrongBody.statusCode).toBe(400);

    t.clock.advance((HELP_CENTRE_TOKEN_TTL_S + 1) * 1000);
    try {
      const expired = await init(await initPayload(merchant, token));
      expect(expired.statusCode).toBe(401);
      expect(translationKey(expired)).toBe('help-center.failed');
    } finally {
      merchant = await relogin(t, merchant);
      stranger = await relogin(t, stranger);
    }
  });

  it("lists only the vendor's orders to the frame, and only with the frame token", async () => {
    const token = await frameToken(merchant);
    const response = await t.app.inject({
      method: 'GET',
      url: '/help-centre/api/orders',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    const ids = response.json().result.orders.map((o: { order_id: string }) => o.order_id);
    expect(ids).toContain(orderId);
    expect(ids).not.toContain(strangersOrder);

    // The verification token is not a frame token, and a session token is neither.
    const hcToken = (await tokenCall(merchant)).json().result as string;
    for (const authorization of [`Bearer ${hcToken}`, merchant.headers.authorization!, '']) {
      const refused = await t.app.inject({ method: 'GET', url: '/help-centre/api/orders', headers: { authorization } });
      expect(refused.statusCode).toBe(401);
    }
  });

  it('opens a numbered ticket about an order and confirms it by e-mail', async () => {
    const token = await frameToken(merchant);
    const response = await t.app.inject({
      method: 'POST',
      url: '/help-centre/api/tickets',
      headers: { authorization: `Bearer ${token}` },
      payload: { order_id: orderId, message: '  The rider has not arrived.  ' },
    });
    expect(response.statusCode).toBe(200);
    const ticket = response.json().result.ticket_number as string;
    expect(ticket).toMatch(/^HC-\d{4,}$/);

    const [row] = await t.db.query<{ vendor_id: string; order_id: string; message: string }>(
      'select vendor_id, order_id, message from support_tickets where ticket_number = $1',
      [ticket],
    );
    expect(row).toEqual({ vendor_id: merchant.vendorId, order_id: orderId, message: 'The rider has not arrived.' });

    const mail = (await outbox(t.app, merchant.email)).find((m) => m.subject.includes(ticket));
    expect(mail?.subject).toContain(orderId);
    expect(mail?.text).toContain('The rider has not arrived.');

    // Operators see it: npm run ops -- tickets
    const listed = await runCommand({ db: t.db, config: t.config }, ['tickets']);
    expect(listed).toContain(`${ticket}\tOPEN`);
    expect(listed).toContain(orderId);
  });

  it("refuses a ticket about another merchant's order like an unknown one", async () => {
    const token = await frameToken(merchant);
    const headers = { authorization: `Bearer ${token}` };
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/help-centre/api/tickets',
      headers,
      payload: { order_id: strangersOrder, message: 'Where is it?' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/help-centre/api/tickets',
      headers,
      payload: { order_id: 'nope-123', message: 'Where is it?' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(foreign.json().message).toBe(unknown.json().message);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/help-centre/api/tickets',
      headers,
      payload: { order_id: orderId, message: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    const [count] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from support_tickets where order_id = $1',
      [strangersOrder],
    );
    expect(count!.n).toBe(0);
  });

  describe('tokens end with the login and the vendor they were issued for', () => {
    /** A second user of the merchant's vendor, with a help-centre token and a frame token of one login. */
    async function colleague() {
      const user = await createUser(t.db, t.config, { vendorIds: [merchant.vendorId] });
      const who: Merchant = {
        vendorId: merchant.vendorId,
        email: user.email,
        headers: bearer(await login(t.app, user.email)),
      };
      const hcToken = (await tokenCall(who)).json().result as string;
      return { user, who, hcToken, frame: await frameToken(who) };
    }

    const frameCalls = (token: string) => {
      const headers = { authorization: `Bearer ${token}` };
      return Promise.all([
        t.app.inject({ method: 'GET', url: '/help-centre/api/orders', headers }),
        t.app.inject({
          method: 'POST',
          url: '/help-centre/api/tickets',
          headers,
          payload: { order_id: orderId, message: 'Where is it?' },
        }),
      ]);
    };

    it('refuses the frame token and the help-centre token once their login has logged out', async () => {
      const { user, who, hcToken, frame } = await colleague();
      expect((await frameCalls(frame)).map((response) => response.statusCode)).toEqual([200, 200]);
      const logout = await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: who.headers });
      expect(logout.json()).toEqual({ result: true });

      for (const response of await frameCalls(frame)) {
        expect(response.statusCode).toBe(401);
        expect(translationKey(response)).toBe('help-center.failed');
      }
      const payload = { ...(await initPayload(merchant, hcToken)), user_id: user.id, email: user.email };
      expect((await init(payload)).statusCode).toBe(401);
    });

    it('refuses them once the user no longer has the vendor, though still signed in', async () => {
      const { user, hcToken, frame } = await colleague();
      await unlinkUserFromVendor(t.db, user.id, merchant.vendorId);

      for (const response of await frameCalls(frame)) {
        expect(response.statusCode).toBe(401);
        expect(translationKey(response)).toBe('help-center.failed');
      }
      const payload = { ...(await initPayload(merchant, hcToken)), user_id: user.id, email: user.email };
      expect((await init(payload)).statusCode).toBe(401);
    });
  });
});
