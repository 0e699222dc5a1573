import { VendorSchema } from '@riderdesk/domain/contracts/vendors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { createMerchant, type Merchant, NEAR } from './support/factories.ts';
import { orderBody, postOrder, quoteFee, translationKey } from './support/orders.ts';

describe.each(databases())('PUT /vendor/{id}/address on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let stranger: Merchant;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    merchant = await createMerchant(t, { latitude: null, longitude: null });
    stranger = await createMerchant(t);
  });
  afterAll(() => t.close());

  const address = {
    address_text: 'Shop 4, Abdullah Haroon Road, Saddar',
    unit: 'Shop 4',
    notes: 'Enter from the back lane',
    building: 'Zainab Market',
    city: 'Karachi',
    country_code: 'PK',
    latitude: 24.8575,
    longitude: 67.0268,
    postal_code: '74400',
    street_address: 'Abdullah Haroon Road',
  };

  const put = (body: Record<string, unknown>, vendorId = merchant.vendorId) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/vendor/${vendorId}/address`,
      headers: merchant.headers,
      payload: body,
    });

  it('saves the origin address and answers the vendor; orders then need no sender', async () => {
    const response = await put(address);
    expect(response.statusCode).toBe(200);
    const vendor = VendorSchema.parse(response.json().result);
    expect(vendor.vendor_information.location).toMatchObject({
      address_text: address.address_text,
      latitude: 24.8575,
      longitude: 67.0268,
      street: 'Abdullah Haroon Road',
      rider_instructions: 'Enter from the back lane',
    });
    const quote = await quoteFee(t, merchant, NEAR, { lat: address.latitude, lng: address.longitude });
    expect((await postOrder(t, merchant, orderBody(merchant.vendorId, quote))).statusCode).toBe(200);
  });

  it.each([
    ['no coordinates', { latitude: undefined }, 'No coordinates for that address'],
    ['an address over 255 bytes', { address_text: 'ب'.repeat(128) }, 'Address is too long'],
    ['notes over 1000 bytes', { notes: 'n'.repeat(1001) }, 'Notes are too long'],
    ['another country', { country_code: 'AE' }, 'We were unable to update the address.'],
    ['a bad postal code', { postal_code: 'x'.repeat(40) }, 'We were unable to update the address.'],
    ['a NUL byte in the building', { building: 'Zainab\u0000Market' }, 'We were unable to update the address.'],
    ['a NUL byte in the address', { address_text: 'Shop 4\u0000, Saddar' }, 'We were unable to update the address.'],
    ['a line break in the city', { city: 'Kara\nchi' }, 'We were unable to update the address.'],
    ['a NUL byte in the notes', { notes: 'Back\u0000lane' }, 'We were unable to update the address.'],
    ['a latitude of 1e308', { latitude: 1e308 }, 'No coordinates for that address'],
  ])('refuses %s with its text and changes nothing', async (_name, change, key) => {
    const before = await t.db.query(
      'select address_text, latitude, rider_instructions from vendors where vendor_id = $1',
      [merchant.vendorId],
    );
    const response = await put({ ...address, ...change });
    expect(response.statusCode).toBe(400);
    expect(translationKey(response)).toBe(key);
    const after = await t.db.query(
      'select address_text, latitude, rider_instructions from vendors where vendor_id = $1',
      [merchant.vendorId],
    );
    expect(after).toEqual(before);
  });

  it('keeps the line breaks of the rider notes, a multi-line text', async () => {
    const response = await put({ ...address, notes: 'Enter from the back lane\nRing twice' });
    expect(response.statusCode).toBe(200);
    const vendor = VendorSchema.parse(response.json().result);
    expect(vendor.vendor_information.location.rider_instructions).toBe('Enter from the back lane\nRing twice');
  });

  it('refuses a vendor id with a NUL byte with 400', async () => {
    const response = await put(address, 'a%00b');
    expect(response.statusCode).toBe(400);
  });

  it("refuses another merchant's vendor, with a valid or an invalid body", async () => {
    expect((await put(address, stranger.vendorId)).statusCode).toBe(403);
    expect((await put({ ...address, latitude: undefined }, stranger.vendorId)).statusCode).toBe(403);
  });
});
