import type { BulkJobDetailAnswer } from '@riderdesk/domain/contracts/bulk';
import type { FlagName } from '@riderdesk/domain/contracts/flags';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BulkSheetRow, fillTemplate, validBulkRow } from '../../../testing/bulk-sheet.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { downloadTemplate, uploadBulkFile } from './support/bulk.ts';
import { createMerchant, type Merchant, uniqueId } from './support/factories.ts';
import { orderBody, quoteFee, translationKey } from './support/orders.ts';

type Call = (who: Merchant) => Promise<{ method: string; url: string; payload?: object }>;

describe.each(databases())('flags enforced by the API, per country and per vendor, on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let other: Merchant;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    merchant = await createMerchant(t, { is_parent: true });
    other = await createMerchant(t, { is_parent: true });
  });
  afterAll(() => t.close());

  const order = async (who: Merchant, extra: Record<string, unknown>) => ({
    method: 'POST',
    url: '/api/v1/order',
    payload: { ...orderBody(who.vendorId, await quoteFee(t, who)), ...extra },
  });
  const outlet = (who: Merchant) => ({
    parent_vendor_id: who.vendorId,
    client_vendor_id: uniqueId('KGH'),
    name: 'Karachi Grill House — Clifton',
    address: 'Block 5, Clifton, Karachi',
    latitude: 24.8138,
    longitude: 67.03,
    rider_instructions: 'Ask at the counter',
    phone_number: '+92 21 3587-1234',
    city: null,
    users: [],
    unit: null,
    building: null,
    street: null,
    postal_code: null,
    country_code: 'PK',
    street_number: null,
  });

  const FLAGGED: [FlagName, string, Call][] = [
    [
      'Voucher',
      'validating a voucher',
      async (who) => {
        const quote = await quoteFee(t, who);
        const now = Math.floor(t.clock.now().getTime() / 1000);
        return {
          method: 'POST',
          url: '/api/v1/voucher/validate',
          payload: {
            code: 'RIDE20',
            order: { order_time: now, delivery_fee: quote.fee, signature: quote.signature },
            vendor_id: who.vendorId,
          },
        };
      },
    ],
    ['Voucher', 'looking a voucher up', async () => ({ method: 'GET', url: '/api/v1/voucher/RIDE20' })],
    [
      'Voucher',
      'an order with a voucher',
      (who) =>
        order(who, { voucher: { code: 'RIDE20' }, discounted_delivery_fee: 1, discounted_delivery_fee_signature: 'x' }),
    ],
    [
      'PreOrder',
      'a pre-order',
      (who) => order(who, { preordered_for: Math.floor(t.clock.now().getTime() / 1000) + 3 * 3600 }),
    ],
    ['PaymentVat', 'an order with a VAT number', (who) => order(who, { vat_number: '12345678' })],
    [
      'AddressBook',
      'searching the address book',
      async (who) => ({ method: 'GET', url: `/api/v1/addressbook/search-customers/${who.vendorId}?query=0300` }),
    ],
    [
      'AddVendorOutlet',
      'adding a collection point',
      async (who) => ({ method: 'POST', url: '/api/v1/outlet', payload: outlet(who) }),
    ],
    [
      'EditVendorOutlet',
      'editing a collection point',
      async (who) => ({ method: 'PUT', url: `/api/v1/outlet/${who.vendorId}`, payload: outlet(who) }),
    ],
    [
      'BulkOrderUpload',
      'listing bulk jobs',
      async (who) => ({ method: 'GET', url: `/api/v1/bulk-job/all/${who.vendorId}` }),
    ],
    ['BulkOrderUpload', 'the bulk template', async () => ({ method: 'GET', url: '/api/v1/bulk-job/example-file' })],
    [
      'BulkOrderUpload',
      'uploading a bulk file',
      async (who) => ({
        method: 'POST',
        url: '/api/v1/bulk-job/create',
        payload: { vendor_id: who.vendorId, content: Buffer.from('not a sheet').toString('base64') },
      }),
    ],
  ];

  const send = async (who: Merchant, call: Call) => {
    const { method, url, payload } = await call(who);
    return t.app.inject({
      method: method as 'GET',
      url,
      headers: who.headers,
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  };

  it.each(FLAGGED)('refuses %s off: %s, with 403 and a key', async (flag, _what, call) => {
    await t.services.flags.setFor(flag, { countryCode: 'PK' }, false);
    try {
      const refused = await send(merchant, call);
      expect(refused.statusCode).toBe(403);
      expect(translationKey(refused)).toBe('error.feature-disabled');
    } finally {
      await t.services.flags.setFor(flag, { countryCode: 'PK' }, null);
    }
    // With the flag back on, the same call goes on to the action's own checks.
    const allowed = await send(merchant, call);
    expect(allowed.body).not.toContain('error.feature-disabled');
  });

  it("follows a vendor's own value over its country's, and the flags call honours vendor_id", async () => {
    await t.services.flags.setFor('AddressBook', { countryCode: 'PK' }, false);
    await t.services.flags.setFor('AddressBook', { vendorId: merchant.vendorId }, true);
    try {
      const search = (who: Merchant) =>
        send(who, async (w) => ({
          method: 'GET',
          url: `/api/v1/addressbook/search-customers/${w.vendorId}?query=0300`,
        }));
      expect((await search(merchant)).statusCode).toBe(200);
      expect(translationKey(await search(other))).toBe('error.feature-disabled');

      const flags = (query: string, who?: Merchant) =>
        t.app.inject({ method: 'GET', url: `/api/v1/flags${query}`, ...(who ? { headers: who.headers } : {}) });
      expect((await flags('')).json().variations.AddressBook).toBe(false);
      expect((await flags(`?vendor_id=${merchant.vendorId}`, merchant)).json().variations.AddressBook).toBe(true);
      expect((await flags(`?vendor_id=${other.vendorId}`, other)).json().variations.AddressBook).toBe(false);
      // A vendor's flags are its merchants' to read.
      expect((await flags(`?vendor_id=${merchant.vendorId}`, other)).statusCode).toBe(403);
      expect((await flags(`?vendor_id=${merchant.vendorId}`)).statusCode).toBe(401);
    } finally {
      await t.services.flags.setFor('AddressBook', { countryCode: 'PK' }, null);
      await t.services.flags.setFor('AddressBook', { vendorId: merchant.vendorId }, null);
    }
  });

  it("refuses another merchant's vendor as such before saying anything of its flags", async () => {
    await t.services.flags.setFor('AddressBook', { vendorId: other.vendorId }, false);
    try {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/addressbook/search-customers/${other.vendorId}?query=0300`,
        headers: merchant.headers,
      });
      expect(response.statusCode).toBe(403);
      expect(translationKey(response)).toBe('error.forbidden-vendor');
    } finally {
      await t.services.flags.setFor('AddressBook', { vendorId: other.vendorId }, null);
    }
  });

  it('applies a country override only to its country', async () => {
    await t.services.flags.setFor('AddressBook', { countryCode: 'SG' }, false);
    try {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/addressbook/search-customers/${merchant.vendorId}?query=0300`,
        headers: merchant.headers,
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await t.services.flags.setFor('AddressBook', { countryCode: 'SG' }, null);
    }
  });

  describe("bulk rows, by their collection point's flags", () => {
    const scheduled = (phone_number: string) =>
      validBulkRow({ delivery_type: 'SCHEDULED', scheduled_time: '2026-03-10 18:00', phone_number });

    async function upload(who: Merchant, rows: BulkSheetRow[]) {
      const template = await downloadTemplate(t, who);
      const response = await uploadBulkFile(t, who, await fillTemplate(template, rows));
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as BulkJobDetailAnswer).body;
    }

    it('refuses a scheduled row at its cell when PreOrder is off for the vendor, and keeps its instant rows', async () => {
      const owner = await createMerchant(t);
      await t.services.flags.setFor('PreOrder', { vendorId: owner.vendorId }, false);
      const body = await upload(owner, [validBulkRow({ phone_number: '03007770001' }), scheduled('03007770002')]);
      expect(body.orders.map((row) => [row.status, row.error])).toEqual([
        ['VALID', null],
        ['INVALID', { key: 'bulk.error.scheduled-disabled', field: 'scheduled_time', values: null }],
      ]);
      // Another vendor's scheduled row is not concerned.
      const allowed = await upload(other, [scheduled('03007770003')]);
      expect(allowed.orders.map((row) => row.status)).toEqual(['VALID']);
    });

    it('refuses at placement a scheduled row whose PreOrder flag was turned off after the upload', async () => {
      const owner = await createMerchant(t);
      const body = await upload(owner, [validBulkRow({ phone_number: '03007770004' }), scheduled('03007770005')]);
      expect(body.orders.map((row) => row.status)).toEqual(['VALID', 'VALID']);
      await t.services.flags.setFor('PreOrder', { countryCode: 'PK' }, false);
      try {
        const jobId = body.bulk_job.metadata.bulk_job_id;
        const asked = await t.app.inject({
          method: 'POST',
          url: `/api/v1/bulk-job/place-orders/${jobId}`,
          headers: owner.headers,
        });
        expect(asked.statusCode, asked.body).toBe(200);
        await t.app.jobs.drain();
      } finally {
        await t.services.flags.setFor('PreOrder', { countryCode: 'PK' }, null);
      }
      const rows = await t.db.query<{ status: string; error_key: string | null; error_field: string | null }>(
        'select status, error_key, error_field from bulk_job_rows where bulk_job_id = $1 order by row_number',
        [body.bulk_job.metadata.bulk_job_id],
      );
      expect(rows).toEqual([
        { status: 'PLACED', error_key: null, error_field: null },
        { status: 'FAILED', error_key: 'bulk.error.scheduled-disabled', error_field: 'scheduled_time' },
      ]);
    });
  });
});
