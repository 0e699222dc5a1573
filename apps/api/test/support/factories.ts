import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/db.ts';
import * as authRepo from '../../src/modules/auth/repo.ts';
import { hashPassword } from '../../src/modules/auth/service.ts';
import * as vendorsRepo from '../../src/modules/vendors/repo.ts';

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

export async function outbox(app: FastifyInstance, to: string) {
  const response = await app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(to)}` });
  return response.json().result.messages as { subject: string; text: string }[];
}
