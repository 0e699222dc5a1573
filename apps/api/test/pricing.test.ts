import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeeSigner } from '../src/modules/pricing/fee-signature.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { createMerchant, type Merchant, NEAR, OUTLET } from './support/factories.ts';
import { quoteFee } from './support/orders.ts';

describe('FeeSigner', () => {
  let now = new Date('2026-03-10T08:00:00Z');
  const signer = new FeeSigner('a-secret-of-at-least-thirty-two-characters', () => now);
  const quote = { vendorId: 'v1', origin: OUTLET, destination: NEAR, feeMinor: 8500 };

  it('signs as v1.<expiresAt>.<base64url mac> expiring in 15 minutes', () => {
    const signature = signer.signQuote(quote);
    const [version, expires, mac] = signature.split('.');
    expect(version).toBe('v1');
    expect(Number(expires)).toBe(now.getTime() / 1000 + 15 * 60);
    expect(mac).toMatch(/^[\w-]{43}$/);
    expect(signer.verifyQuote(quote, signature)).toEqual({ ok: true });
  });

  it('binds vendor, coordinates to 5 decimals, fee and expiry', () => {
    const signature = signer.signQuote(quote);
    const mismatch = { ok: false, reason: 'mismatch' };
    expect(signer.verifyQuote({ ...quote, vendorId: 'v2' }, signature)).toEqual(mismatch);
    expect(signer.verifyQuote({ ...quote, feeMinor: 8400 }, signature)).toEqual(mismatch);
    expect(
      signer.verifyQuote({ ...quote, destination: { lat: NEAR.lat + 0.00001, lng: NEAR.lng } }, signature),
    ).toEqual(mismatch);
    expect(
      signer.verifyQuote({ ...quote, origin: { lat: OUTLET.lat + 0.000001, lng: OUTLET.lng } }, signature),
    ).toEqual({
      ok: true,
    });
    const [, expires, mac] = signature.split('.');
    expect(signer.verifyQuote(quote, `v1.${Number(expires) + 60}.${mac}`)).toEqual(mismatch);
  });

  it('reports expiry only for a genuine signature', () => {
    const signature = signer.signQuote(quote);
    now = new Date(now.getTime() + 15 * 60_000);
    expect(signer.verifyQuote(quote, signature)).toEqual({ ok: false, reason: 'expired' });
    expect(signer.verifyQuote({ ...quote, feeMinor: 1 }, signature)).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('does not verify under another secret', () => {
    const other = new FeeSigner('another-secret-of-at-least-thirty-two-chars', () => now);
    expect(other.verifyQuote(quote, signer.signQuote(quote))).toEqual({ ok: false, reason: 'mismatch' });
  });
});

describe.each(databases())('pricing on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let polygonMerchant: Merchant;
  let riderMerchant: Merchant;
  let stranger: Merchant;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    merchant = await createMerchant(t);
    polygonMerchant = await createMerchant(t, {
      delivery_area: {
        type: 'polygon',
        // [lng, lat]: a box from 24.85 to 24.90 north and 66.99 to 67.05 east.
        coordinates: [
          [66.99, 24.85],
          [67.05, 24.85],
          [67.05, 24.9],
          [66.99, 24.9],
        ],
      },
    });
    riderMerchant = await createMerchant(t, { estimation_pick_up_time: null });
    stranger = await createMerchant(t);
  });
  afterAll(() => t.close());

  const post = (url: string, who: Merchant, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: who.headers, payload });
  const areaBody = (who: Merchant, location: { lat: number; lng: number }) => ({
    location,
    vendor_location: { latitude: OUTLET.lat, longitude: OUTLET.lng },
    vendor_id: who.vendorId,
  });

  it('prices Pakistan at 65 PKR + 10 PKR per started km of haversine × 1.3', async () => {
    // From the outlet (24.86 N, 67.00 E) to 24.90 N, 67.05 E: 6.72 km as the crow flies, 8.74 km by road
    // (× 1.3), so 9 started km: 65 + 10 × 9 = 155 PKR (spec: base 65 PKR plus 10 per km).
    const quote = await quoteFee(t, merchant, { lat: 24.9, lng: 67.05 });
    expect(quote.fee).toBe(155);
    expect(quote.distance_km).toBeCloseTo(8.74, 2);
    expect(Date.parse(quote.expires_at) - t.clock.now().getTime()).toBe(15 * 60_000);
  });

  it('prices from the saved outlet whatever source the browser sends', async () => {
    const honest = await quoteFee(t, merchant, NEAR);
    const sly = await quoteFee(t, merchant, NEAR, { lat: NEAR.lat, lng: NEAR.lng });
    expect(sly.fee).toBe(honest.fee);
  });

  it("refuses to quote another merchant's vendor", async () => {
    const response = await post('/delivery/fee', merchant, {
      source: { lat: OUTLET.lat, lon: OUTLET.lng },
      destination: { lat: NEAR.lat, lon: NEAR.lng },
      vendor_id: stranger.vendorId,
      delivery_type: 'food',
    });
    expect(response.statusCode).toBe(403);
  });

  it('validates a radius area around the outlet', async () => {
    const inside = await post('/delivery/area/validate', merchant, areaBody(merchant, NEAR));
    expect(inside.json()).toEqual({ result: 'DELIVERABLE' });
    const outside = await post('/delivery/area/validate', merchant, areaBody(merchant, { lat: 24.95, lng: 67.0 }));
    expect(outside.json()).toEqual({ result: 'UNDELIVERABLE' });
  });

  it('validates a polygon area with point-in-polygon', async () => {
    const inside = await post(
      '/delivery/area/validate',
      polygonMerchant,
      areaBody(polygonMerchant, { lat: 24.88, lng: 67.04 }),
    );
    expect(inside.json().result).toBe('DELIVERABLE');
    // 2 km from the outlet, well within any radius, but south of the polygon.
    const outside = await post(
      '/delivery/area/validate',
      polygonMerchant,
      areaBody(polygonMerchant, { lat: 24.84, lng: 67.0 }),
    );
    expect(outside.json().result).toBe('UNDELIVERABLE');
  });

  it('estimates pickup from the vendor and delivery from the distance, never under 8 minutes', async () => {
    const response = await post('/estimations', merchant, areaBody(merchant, NEAR));
    expect(response.json()).toEqual({ result: { pickup_minutes: 15, delivery_minutes: 9 } });
    const next = await post(
      '/estimations',
      merchant,
      areaBody(merchant, { lat: OUTLET.lat + 0.0001, lng: OUTLET.lng }),
    );
    expect(next.json().result.delivery_minutes).toBe(8);
  });

  it('estimates pickup from the nearest free rider when the vendor has no pickup time', async () => {
    const none = await post('/estimations', riderMerchant, areaBody(riderMerchant, NEAR));
    expect(none.json().result.pickup_minutes).toBe(15);
    await t.db.query(
      `insert into riders (name, phone, token_hash, latitude, longitude, state)
       values ('Imran', '+923001230001', 'h1', 24.95, 67.0, 'AVAILABLE'),
              ('Bilal', '+923001230002', 'h2', 24.862, 67.0, 'AVAILABLE'),
              ('Faisal', '+923001230003', 'h3', 24.8601, 67.0, 'OFFLINE')`,
    );
    const response = await post('/estimations', riderMerchant, areaBody(riderMerchant, NEAR));
    // Bilal is 0.22 km away: 0.29 km by road at 20 km/h plus 3 minutes of handling, raised to 8.
    expect(response.json().result.pickup_minutes).toBe(8);
  });
});
