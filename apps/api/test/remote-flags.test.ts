import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOTE_FLAGS_FRESH_MS, REMOTE_FLAGS_KEPT_MS } from '../src/modules/flags/service.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { createMerchant, type Merchant } from './support/factories.ts';
import { translationKey } from './support/orders.ts';

const listen = (server: Server) =>
  new Promise<string>((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/pk.json`));
  });
const close = (server: Server) => new Promise((resolve) => server.close(resolve));

describe.each(databases())('flags from the remote sources, enforced as the browser is told, on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  /** What the static flag file says, or the status it answers with instead. */
  let remote: { status: number; variations: Record<string, boolean> } = { status: 200, variations: {} };
  let asked = 0;
  // A source that never answers: the next one is asked after its time-out.
  const silent = createServer(() => {});
  const source = createServer((_request, response) => {
    asked++;
    response.writeHead(remote.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ variations: remote.variations }));
  });

  beforeAll(async () => {
    const urls = [await listen(silent), await listen(source)];
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS, config: { flagProviderUrls: urls } });
    merchant = await createMerchant(t);
  });
  afterAll(async () => {
    await t.close();
    silent.closeAllConnections();
    source.closeAllConnections();
    await Promise.all([close(silent), close(source)]);
  });

  const searchAddressBook = () =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/addressbook/search-customers/${merchant.vendorId}?query=0300`,
      headers: merchant.headers,
    });
  const addressBookFlag = async (query = '') =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/flags${query}`, headers: merchant.headers })).json().variations
      .AddressBook;

  it('refuses what the remote source turns off, keeps its answer briefly, and falls back to its own values', async () => {
    remote = { status: 200, variations: { AddressBook: false } };
    // The first source never answers; the second is asked after the first's time-out.
    const refused = await searchAddressBook();
    expect(refused.statusCode).toBe(403);
    expect(translationKey(refused)).toBe('error.feature-disabled');
    // What the browser is told agrees, for the country and for the vendor.
    expect(await addressBookFlag()).toBe(false);
    expect(await addressBookFlag(`?vendor_id=${merchant.vendorId}`)).toBe(false);
    // A vendor's own value still stands over the country's.
    await t.services.flags.setFor('AddressBook', { vendorId: merchant.vendorId }, true);
    try {
      expect((await searchAddressBook()).body).not.toContain('error.feature-disabled');
    } finally {
      await t.services.flags.setFor('AddressBook', { vendorId: merchant.vendorId }, null);
    }
    expect(asked).toBe(1);

    // Turned on again at the source: the kept answer holds until it is too old to serve.
    remote = { status: 200, variations: { AddressBook: true } };
    t.clock.advance(REMOTE_FLAGS_FRESH_MS + 1);
    expect(translationKey(await searchAddressBook())).toBe('error.feature-disabled');
    t.clock.advance(REMOTE_FLAGS_KEPT_MS);
    expect((await searchAddressBook()).body).not.toContain('error.feature-disabled');
    expect(await addressBookFlag()).toBe(true);

    // No source answers: the API's own values decide, as for the browser's next provider.
    remote = { status: 503, variations: {} };
    await t.services.flags.setFor('AddressBook', { countryCode: 'PK' }, false);
    try {
      t.clock.advance(REMOTE_FLAGS_KEPT_MS + 1);
      expect(translationKey(await searchAddressBook())).toBe('error.feature-disabled');
      expect(await addressBookFlag()).toBe(false);
    } finally {
      await t.services.flags.setFor('AddressBook', { countryCode: 'PK' }, null);
    }
  });
});
