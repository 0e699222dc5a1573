import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { createMerchant, type Merchant, OUTLET } from './support/factories.ts';
import { orderBody, postOrder, quoteFee, translationKey } from './support/orders.ts';

// Outside the 8 km radius every test merchant delivers in.
const FAR = { lat: 25.1, lng: 67.3 };
const TEST_VENDOR = 'kgh-delivery-group-test';

describe.each(databases())('the test-vendor list of spec §8 on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let testVendor: Merchant;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS, env: { TEST_VENDOR_IDS: `${TEST_VENDOR}, kgh-absent` } });
    merchant = await createMerchant(t);
    testVendor = await createMerchant(t, { vendor_id: TEST_VENDOR });
  });
  afterAll(() => t.close());

  const area = (who: Merchant) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/delivery/area/validate',
      headers: who.headers,
      payload: {
        location: FAR,
        vendor_location: { latitude: OUTLET.lat, longitude: OUTLET.lng },
        vendor_id: who.vendorId,
      },
    });
  const orderFee = async (orderId: string, who: Merchant) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/order?vendorId=${who.vendorId}&orderId=${orderId}`,
      headers: who.headers,
    });
    return response.json().result.delivery_fee as number;
  };

  it('keeps the undeliverable error for every other vendor', async () => {
    expect((await area(merchant)).json()).toEqual({ result: 'UNDELIVERABLE' });
    const response = await postOrder(t, merchant, orderBody(merchant.vendorId, await quoteFee(t, merchant, FAR), FAR));
    expect(translationKey(response)).toBe('request.error.undeliverable-address');
  });

  it("takes a test vendor's order to a destination outside its area", async () => {
    expect((await area(testVendor)).json()).toEqual({ result: 'DELIVERABLE' });
    const quote = await quoteFee(t, testVendor, FAR);
    const response = await postOrder(t, testVendor, orderBody(testVendor.vendorId, quote, FAR));
    expect(response.statusCode).toBe(200);
    expect(await orderFee(response.json().result.order_id, testVendor)).toBe(quote.fee);
  });

  it("skips the fee errors of a test vendor's order with the server's own fee, never the client's", async () => {
    const quote = await quoteFee(t, testVendor);
    const tampered = orderBody(testVendor.vendorId, { ...quote, fee: 1 });
    const refused = await postOrder(
      t,
      merchant,
      orderBody(merchant.vendorId, { ...(await quoteFee(t, merchant)), fee: 1 }),
    );
    expect(translationKey(refused)).toBe('error.fee.changed');
    const taken = await postOrder(t, testVendor, tampered);
    expect(taken.statusCode).toBe(200);
    expect(await orderFee(taken.json().result.order_id, testVendor)).toBe(quote.fee);

    // Quotes last 15 minutes: past them, another vendor's order is sent back for a new quote.
    const [expiring, otherExpiring] = [await quoteFee(t, testVendor), await quoteFee(t, merchant)];
    t.clock.advance(16 * 60_000);
    const otherLate = await postOrder(t, merchant, orderBody(merchant.vendorId, otherExpiring));
    expect(otherLate.json()).toMatchObject({ code: 'SignatureExpired' });
    const late = await postOrder(t, testVendor, orderBody(testVendor.vendorId, expiring));
    expect(late.statusCode).toBe(200);
  });
});

describe('TEST_VENDOR_IDS at start', () => {
  const prd = {
    ENVIRONMENT: 'prd',
    SMTP_URL: 'smtp://mail.example.pk',
    GEOCODER_URL: 'https://geo.example.pk',
    SMS_PROVIDER: 'off',
    WHATSAPP_PROVIDER: 'off',
  };

  it('exempts no vendor by default', () => {
    const result = loadConfig({ AUTH_SECRET: 'x'.repeat(32) });
    expect(result.ok && result.config.testVendorIds).toEqual([]);
  });

  it('is refused in prd unless every id is named again in TEST_VENDOR_IDS_IN_PRD', () => {
    const refused = loadConfig({ ...prd, AUTH_SECRET: 'x'.repeat(32), TEST_VENDOR_IDS: 'pk-test-1,pk-test-2' });
    expect(refused.ok ? [] : refused.problems).toEqual([
      'TEST_VENDOR_IDS: pk-test-1, pk-test-2 skip the undeliverable and fee errors; in prd each must also be named in TEST_VENDOR_IDS_IN_PRD',
    ]);
    const half = loadConfig({
      ...prd,
      AUTH_SECRET: 'x'.repeat(32),
      TEST_VENDOR_IDS: 'pk-test-1,pk-test-2',
      TEST_VENDOR_IDS_IN_PRD: 'pk-test-1',
    });
    expect(half.ok ? [] : half.problems.join('\n')).toContain('pk-test-2 skip');
    const named = loadConfig({
      ...prd,
      AUTH_SECRET: 'x'.repeat(32),
      TEST_VENDOR_IDS: 'pk-test-1',
      TEST_VENDOR_IDS_IN_PRD: 'pk-test-1',
    });
    expect(named.ok && named.config.testVendorIds).toEqual(['pk-test-1']);
    const staging = loadConfig({ AUTH_SECRET: 'x'.repeat(32), ENVIRONMENT: 'stg', TEST_VENDOR_IDS: 'pk-test-1' });
    expect(staging.ok && staging.config.testVendorIds).toEqual(['pk-test-1']);
  });
});
