import { STORAGE_KEYS } from '../src/shared/storage.ts';
import { mockApi } from './api.ts';
import { makeVendor, validSession } from './fixtures.ts';
import { countryParametersHandler, vendorsHandler } from './handlers.ts';

/**
 * Set-up shared by the tests that render the whole app's routes (guards, the shell's words, guests and
 * partners, flags): a signed-in merchant, their one vendor, a guest's token.
 */

/** A page's chunk is loaded, and in tests compiled, on first use: slow on a loaded machine. */
export const LAZY_PAGE = { timeout: 10_000 };

/** A merchant signed in, as the login page leaves the session in storage. */
export function logIn(): void {
  window.localStorage.setItem(STORAGE_KEYS.session, JSON.stringify(validSession()));
}

/** The signed-in merchant's one vendor (p-1, a parent seeing all its outlets' orders). */
export function stubVendorApi() {
  return mockApi(
    vendorsHandler([makeVendor({ vendor_id: 'p-1', name: 'Karachi Kitchens', is_parent: true })]),
    countryParametersHandler({ allOutletOrders: 'true' }),
  );
}

export const GUEST_VENDOR = 'guest-0123456789abcdef';

/** A guest token as the server signs it: the browser reads only its numeric exp and vendor_id. */
export function guestToken(exp = Math.floor(Date.now() / 1000) + 3600, vendorId = GUEST_VENDOR): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ typ: 'guest', vendor_id: vendorId, exp })}.signature`;
}
