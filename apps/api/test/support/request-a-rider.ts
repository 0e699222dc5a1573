import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { AppConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/db.ts';
import type { Geocoder } from '../../src/modules/geo/geocoder.ts';
import { setCountryParameter } from '../../src/modules/vendors/repo.ts';
import { createTestDb, type DatabaseKind, type TestClock, testClock, testConfig } from './app.ts';
import { bearer, createUser, createVendor, login, uniqueId } from './factories.ts';

// 13:00 in Karachi on a Tuesday: inside the default service hours 09:00-23:00.
export const KARACHI_1PM = new Date('2026-03-10T08:00:00Z');

export const OUTLET = { lat: 24.86, lng: 67.0 };
/** About 1.5 km from OUTLET: 1.95 km by road, so 65 + 2 × 10 = 85 PKR. */
export const NEAR = { lat: 24.87, lng: 67.01 };

export interface RiderApp {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  clock: TestClock;
  close(): Promise<void>;
}

/** The API on a fresh database with a clock that starts inside the service hours. */
export async function buildRiderApp(
  kind: DatabaseKind,
  options: { start?: Date; geocoder?: Geocoder } = {},
): Promise<RiderApp> {
  const { db, drop } = await createTestDb(kind);
  const config = testConfig();
  const clock = testClock(options.start ?? KARACHI_1PM);
  const app = await buildApp(config, { db, now: clock.now, geocoder: options.geocoder });
  await app.ready();
  await setCountryParameter(db, 'serviceHours', '0900:2300');
  return {
    app,
    db,
    config,
    clock,
    async close() {
      await app.close();
      await drop();
    },
  };
}

export interface Merchant {
  vendorId: string;
  email: string;
  headers: Record<string, string>;
}

/** Logs the merchant's user in again (after the clock has moved past the token's life). */
export async function relogin(t: RiderApp, merchant: Merchant): Promise<Merchant> {
  return { ...merchant, headers: bearer(await login(t.app, merchant.email)) };
}

/** A vendor with a saved outlet at OUTLET, an 8 km radius area, and a logged-in user linked to it. */
export async function createMerchant(
  t: RiderApp,
  overrides: Parameters<typeof createVendor>[1] = {},
): Promise<Merchant> {
  const vendor = await createVendor(t.db, {
    vendor_id: uniqueId('kgh'),
    latitude: OUTLET.lat,
    longitude: OUTLET.lng,
    delivery_area: { type: 'radius', radius_km: 8 },
    payment_methods: { CASH_ON_DELIVERY: true, PAID: true },
    estimation_pick_up_time: 15,
    ...overrides,
  });
  const user = await createUser(t.db, t.config, { vendorIds: [vendor.vendor_id] });
  return { vendorId: vendor.vendor_id, email: user.email, headers: bearer(await login(t.app, user.email)) };
}

export async function quoteFee(
  t: RiderApp,
  merchant: Merchant,
  destination = NEAR,
  source = OUTLET,
): Promise<{ fee: number; signature: string; expires_at: string; distance_km: number }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/delivery/fee',
    headers: merchant.headers,
    payload: {
      source: { lat: source.lat, lon: source.lng },
      destination: { lat: destination.lat, lon: destination.lng },
      vendor_id: merchant.vendorId,
      delivery_type: 'food',
    },
  });
  if (response.statusCode !== 200) throw new Error(`fee failed: ${response.body}`);
  return response.json().result;
}

/** A valid spec §3 order create body for the quote. */
export function orderBody(
  vendorId: string,
  quote: { fee: number; signature: string },
  destination = NEAR,
): Record<string, unknown> & { customer: Record<string, unknown>; order: Record<string, unknown> } {
  return {
    vendor_id: vendorId,
    customer: {
      location: {
        latitude: destination.lat,
        longitude: destination.lng,
        address: 'Flat 3, Sea Breeze Tower, Khayaban-e-Ittehad, DHA Phase 6',
        notes: 'Ring the bell twice',
      },
      phone_number: '+923001234567',
      name: 'Ayesha Khan',
    },
    order: {
      payment_method: 'CASH_ON_DELIVERY',
      amount: 1500,
      description: 'Two biryani boxes',
      cold_bag_needed: false,
    },
    vat_number: null,
    preordered_for: null,
    age_validation_required: false,
    login_pickup_estimation: 15,
    delivery_fee: quote.fee,
    signature: quote.signature,
  };
}

export function postOrder(t: RiderApp, merchant: Merchant, body: unknown, extraHeaders: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/order',
    headers: { ...merchant.headers, ...extraHeaders },
    payload: body as Record<string, unknown>,
  });
}

export async function countOrders(db: Db, vendorId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from orders where vendor_id = $1', [vendorId]);
  return row?.n ?? 0;
}

/** The first error's translation key, as the browser reads it (spec §7). */
export const translationKey = (response: { json(): unknown }) =>
  (response.json() as { errors: { meta: { translation_key: string } }[] }).errors[0]?.meta.translation_key;
