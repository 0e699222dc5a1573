import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/db.ts';
import { hashPassword } from '../../src/modules/auth/passwords.ts';
import * as authRepo from '../../src/modules/auth/repo.ts';
import { RESET_MAIL_QUEUE } from '../../src/modules/auth/service.ts';
import { sha256 } from '../../src/modules/auth/tokens.ts';
import { insertRider } from '../../src/modules/dispatch/repo.ts';
import * as vendorsRepo from '../../src/modules/vendors/repo.ts';
import type { TestApp } from './app.ts';

export const OUTLET = { lat: 24.86, lng: 67.0 };
/** About 1.5 km from OUTLET: 1.95 km by road, so 65 + 2 × 10 = 85 PKR. */
export const NEAR = { lat: 24.87, lng: 67.01 };

export const PASSWORD = 'Karachi#2026';
export const uniqueId = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

export async function createVendor(db: Db, overrides: Partial<vendorsRepo.NewVendor> = {}) {
  const vendor: vendorsRepo.NewVendor = {
    vendor_id: uniqueId('v'),
    name: 'Test Vendor',
    currency: 'PKR',
    country_code: 'PK',
    latitude: 24.86,
    longitude: 67.0,
    payment_methods: { CASH_ON_DELIVERY: true },
    ...overrides,
  };
  await vendorsRepo.insertVendor(db, vendor);
  return vendor;
}

export async function createUser(
  db: Db,
  config: AppConfig,
  overrides: { email?: string; password?: string; confirmed?: boolean; vendorIds?: string[] } = {},
) {
  const email = overrides.email ?? `${uniqueId('user')}@example.pk`;
  const password = overrides.password ?? PASSWORD;
  const user = await authRepo.insertUser(db, {
    email,
    passwordHash: await hashPassword(password, config.passwordHashCost),
    confirmedAt: overrides.confirmed === false ? null : new Date(),
  });
  for (const vendorId of overrides.vendorIds ?? []) await vendorsRepo.linkUserToVendor(db, user!.id, vendorId);
  return { id: user!.id, email, password };
}

export async function login(app: FastifyInstance, email: string, password = PASSWORD) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { email_address: email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json().result as { AccessToken: string; IdToken: string; RefreshToken: string; Expires: number };
}

export const bearer = (tokens: { AccessToken: string; IdToken: string }) => ({
  authorization: `Bearer ${tokens.AccessToken}|${tokens.IdToken}`,
});

/** The messages to this address, after the queued reset-code mails have been sent (decision 137). */
export async function outbox(app: FastifyInstance, to: string) {
  await app.jobs.drain([RESET_MAIL_QUEUE]);
  const response = await app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(to)}` });
  return response.json().result.messages as { subject: string; text: string; html?: string | null }[];
}

export interface Merchant {
  vendorId: string;
  email: string;
  headers: Record<string, string>;
}

/** Logs the merchant's user in again (after the clock has moved past the token's life). */
export async function relogin(t: Pick<TestApp, 'app' | 'db' | 'config'>, merchant: Merchant): Promise<Merchant> {
  return { ...merchant, headers: bearer(await login(t.app, merchant.email)) };
}

/** A vendor with a saved outlet at OUTLET, an 8 km radius area, and a logged-in user linked to it. */
export async function createMerchant(
  t: Pick<TestApp, 'app' | 'db' | 'config'>,
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

export interface TestRider {
  id: string;
  token: string;
  headers: { authorization: string };
}

export async function createRider(
  db: Db,
  at: { lat: number; lng: number },
  options: { state?: 'AVAILABLE' | 'OFFLINE'; simulated?: boolean; name?: string } = {},
): Promise<TestRider> {
  const token = randomBytes(32).toString('base64url');
  const id = await insertRider(db, {
    name: options.name ?? 'Imran Qureshi',
    phone: `+92300${String(randomInt(10_000_000)).padStart(7, '0')}`,
    tokenHash: sha256(token),
    latitude: at.lat,
    longitude: at.lng,
    state: options.state ?? 'AVAILABLE',
    isSimulated: options.simulated ?? false,
  });
  if (!id) throw new Error('a rider with that phone number exists');
  return { id, token, headers: { authorization: `Rider ${token}` } };
}
