import type { ApiOrder } from '@riderdesk/domain/contracts/merchant-api';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { bearer, createUser, createVendor, login, NEAR, OUTLET, uniqueId } from './factories.ts';

export const MERCHANT_API = '/merchant/api/v1';
/** About 30 m north of OUTLET: the sender stands at the Clifton outlet. */
export const BESIDE_OUTLET = { lat: OUTLET.lat + 0.00027, lng: OUTLET.lng };
/** About 12 km from OUTLET: outside Clifton's 8 km delivery area. */
export const FAR = { lat: 24.97, lng: 67.0 };
/** The Saddar outlet, 5 km from Clifton. */
export const SADDAR = { lat: 24.9, lng: 67.03 };

/** A brand with two active outlets, Clifton (with the merchant's own id) and Saddar, and a logged-in owner. */
export interface Brand {
  vendorId: string;
  clifton: string;
  cliftonClientId: string;
  saddar: string;
  email: string;
  headers: Record<string, string>;
}

export async function createBrand(t: TestApp): Promise<Brand> {
  const brand = await createVendor(t.db, { vendor_id: uniqueId('brand'), is_parent: true, name: 'Brand' });
  const outlet = (name: string, point: { lat: number; lng: number }, clientVendorId: string | null) =>
    createVendor(t.db, {
      vendor_id: uniqueId('outlet'),
      parent_vendor_id: brand.vendor_id,
      client_vendor_id: clientVendorId,
      name,
      address_text: `${name}, Karachi`,
      phone: '+923001234567',
      latitude: point.lat,
      longitude: point.lng,
      payment_methods: { CASH_ON_DELIVERY: true, PAID: true },
      delivery_area: { type: 'radius', radius_km: 8 },
    });
  const cliftonClientId = `POS-${uniqueId('c')}`;
  const clifton = await outlet('Clifton', OUTLET, cliftonClientId);
  const saddar = await outlet('Saddar', SADDAR, null);
  const user = await createUser(t.db, t.config, { vendorIds: [brand.vendor_id] });
  return {
    vendorId: brand.vendor_id,
    clifton: clifton.vendor_id,
    cliftonClientId,
    saddar: saddar.vendor_id,
    email: user.email,
    headers: bearer(await login(t.app, user.email)),
  };
}

/** A client with a secret, made in the portal's Settings → Developers; `all` of the vendor, or chosen outlets. */
export async function secretClientOf(
  t: TestApp,
  brand: Pick<Brand, 'vendorId' | 'headers'>,
  scope: { outlet_ids: string[] } | 'all' = 'all',
): Promise<{ client_id: string; client_secret: string }> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/merchant-api/clients',
    headers: brand.headers,
    payload: {
      vendor_id: brand.vendorId,
      name: 'POS',
      with_secret: true,
      ...(scope === 'all' ? { scope: 'all' } : { scope: 'outlets', outlet_ids: scope.outlet_ids }),
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { client_id: created.json().client.client_id, client_secret: created.json().client_secret };
}

export async function tokenOf(t: TestApp, client: { client_id: string; client_secret: string }): Promise<string> {
  const issued = await t.app.inject({
    method: 'POST',
    url: `${MERCHANT_API}/oauth2/token`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'client_credentials', ...client }).toString(),
  });
  expect(issued.statusCode).toBe(200);
  return issued.json().access_token;
}

/** A merchant API call with a client's access token. */
export const apiCall = (
  t: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url: `${MERCHANT_API}${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** pandago's POST /orders body from the Clifton outlet to a customer nearby. */
export const apiOrderBody = (overrides: Record<string, unknown> = {}) => ({
  client_order_id: uniqueId('pos-order'),
  sender: {
    name: 'Clifton kitchen',
    phone_number: '+923001234567',
    location: { address: 'Clifton, Karachi', latitude: BESIDE_OUTLET.lat, longitude: BESIDE_OUTLET.lng },
    notes: 'Side door',
  },
  recipient: {
    name: 'Ayesha Khan',
    phone_number: '+923001234567',
    location: { address: 'Flat 3, Sea Breeze Tower, DHA Phase 6', latitude: NEAR.lat, longitude: NEAR.lng },
    notes: 'Ring the bell twice',
  },
  amount: 1500,
  payment_method: 'CASH_ON_DELIVERY',
  description: 'Two biryani boxes',
  ...overrides,
});

export async function createApiOrder(
  t: TestApp,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<ApiOrder> {
  const response = await apiCall(t, token, 'POST', '/orders', apiOrderBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ApiOrder;
}
