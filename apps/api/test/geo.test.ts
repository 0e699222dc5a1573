import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nominatimGeocoder } from '../src/modules/geo/nominatim-geocoder.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { createMerchant, type Merchant, NEAR } from './support/factories.ts';
import { orderBody, postOrder, quoteFee, translationKey } from './support/orders.ts';

const KARACHI = { lat: 24.8607, lng: 67.0011 };
const RAWALPINDI = { lat: 33.5973, lng: 73.0479 };

describe.each(databases())('geolocator over the bundled gazetteer on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    merchant = await createMerchant(t);
  });
  afterAll(() => t.close());

  const get = (url: string, who = merchant) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: who.headers });
  const suggestions = async (query: string, near?: { lat: number; lng: number }) => {
    const params = new URLSearchParams({ query, country: 'PK', language: 'en' });
    if (near) {
      params.set('lat', String(near.lat));
      params.set('lng', String(near.lng));
    }
    const response = await get(`/geolocator/autocomplete?${params}`);
    expect(response.statusCode).toBe(200);
    return response.json().data.data as { address: { id: string; formatted_address: string } }[];
  };

  it('ranks an exact name first and prefers the place nearer the caller', async () => {
    expect((await suggestions('Clifton'))[0]?.address.id).toBe('khi-clifton');
    expect((await suggestions('saddar', KARACHI))[0]?.address.id).toBe('khi-saddar');
    expect((await suggestions('saddar', RAWALPINDI))[0]?.address.id).toBe('rwp-saddar');
    const dha = await suggestions('DHA Phase 6', { lat: 31.47, lng: 74.45 });
    expect(dha[0]?.address.formatted_address).toContain('Lahore');
  });

  it('finds places searched in Urdu script, asked in the page language', async () => {
    const urdu = async (query: string) => {
      const params = new URLSearchParams({ query, country: 'PK', language: 'ur' });
      const response = await get(`/geolocator/autocomplete?${params}`);
      expect(response.statusCode).toBe(200);
      return (response.json().data.data as { address: { id: string } }[]).map((item) => item.address.id);
    };
    expect((await urdu('کلفٹن'))[0]).toBe('khi-clifton');
    expect((await urdu('زمزمہ'))[0]).toBe('khi-zamzama-commercial');
    expect((await urdu('طارق روڈ'))[0]).toBe('khi-tariq-road');
  });

  it("answers a 'lat, lng' query with those coordinates and the nearest place's address", async () => {
    const [only, ...rest] = await suggestions('24.8139, 67.0301');
    expect(rest).toEqual([]);
    expect(only?.address).toEqual({
      id: 'latlng:24.81390,67.03010',
      formatted_address: 'Clifton, Karachi, Sindh, Pakistan',
    });
    const details = await get(`/geolocator/details?query_id=${encodeURIComponent(only!.address.id)}`);
    expect(details.json().data[0].address).toMatchObject({ latitude: 24.8139, longitude: 67.0301, city: 'Karachi' });
  });

  it('reverse-geocodes a pin to the nearest address and keeps the pin', async () => {
    const response = await get('/geolocator/reverse?lat=24.8141&lng=67.0299');
    expect(response.json().data).toEqual([
      {
        address: {
          id: 'latlng:24.81410,67.02990',
          formatted_address: 'Clifton, Karachi, Sindh, Pakistan',
          latitude: 24.8141,
          longitude: 67.0299,
        },
      },
    ]);
    const nowhere = await get('/geolocator/reverse?lat=0&lng=0');
    expect(nowhere.json().data).toEqual([]);
  });

  it('gives the details of a suggestion and 404 for an unknown id', async () => {
    const details = await get('/geolocator/details?query_id=khi-clifton');
    expect(details.json().data[0].address).toMatchObject({
      id: 'khi-clifton',
      latitude: 24.8138,
      longitude: 67.03,
      city: 'Karachi',
      postal_code: '75600',
      country_code: 'PK',
    });
    const unknown = await get('/geolocator/details?query_id=nowhere');
    expect(unknown.statusCode).toBe(404);
    expect(translationKey(unknown)).toBe('geolocator.error.fetch-place-details');
  });

  it.each([
    ['a NUL byte in the search text', '/geolocator/autocomplete?query=Clif%00ton&country=PK'],
    ['an escape character in the search text', '/geolocator/autocomplete?query=Clifton%1B&country=PK'],
    ['a NUL byte in a place id', '/geolocator/details?query_id=khi-%00clifton'],
    ['an empty latitude', '/geolocator/reverse?lat=&lng=67'],
    ['a latitude of Infinity', '/geolocator/reverse?lat=Infinity&lng=67'],
    ['a hexadecimal longitude', '/geolocator/reverse?lat=24.8&lng=0x43'],
    ['a latitude of 1e308', '/geolocator/autocomplete?query=Clifton&country=PK&lat=1e308&lng=67'],
  ])('refuses %s with 400', async (_name, url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('ValidationError');
  });

  it('still reads the decimal forms a browser writes, exponents included', async () => {
    expect((await get('/geolocator/reverse?lat=24.8141&lng=67.0299')).statusCode).toBe(200);
    expect((await get('/geolocator/reverse?lat=1e-7&lng=-0')).statusCode).toBe(200);
  });

  it('requires a logged-in caller', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/geolocator/reverse?lat=24.8&lng=67' });
    expect(response.statusCode).toBe(401);
  });

  describe('address book', () => {
    let stranger: Merchant;

    beforeAll(async () => {
      stranger = await createMerchant(t);
      const older = orderBody(merchant.vendorId, await quoteFee(t, merchant));
      (older.customer.location as Record<string, unknown>).address = 'Old flat, Block 2, PECHS';
      // The same customer typed the national way: one entry, not two.
      older.customer.phone_number = '0300 1234567';
      await postOrder(t, merchant, older);
      t.clock.advance(60_000);
      await postOrder(t, merchant, orderBody(merchant.vendorId, await quoteFee(t, merchant)));
      const other = orderBody(merchant.vendorId, await quoteFee(t, merchant));
      other.customer.name = 'Bilal Ahmed';
      other.customer.phone_number = '+923219876543';
      await postOrder(t, merchant, other);
      const theirs = orderBody(stranger.vendorId, await quoteFee(t, stranger));
      theirs.customer.name = 'Ayesha Stranger';
      await postOrder(t, stranger, theirs);
    });

    const search = (query: string, vendorId = merchant.vendorId) =>
      get(`/addressbook/search-customers/${vendorId}?query=${encodeURIComponent(query)}`);

    it("lists the vendor's customers once per phone with the latest address", async () => {
      const response = await search('Ayesha');
      expect(response.statusCode).toBe(200);
      expect(response.json().data.body).toEqual([
        {
          id: '+923001234567',
          name: 'Ayesha Khan',
          phone_number: '+923001234567',
          latitude: NEAR.lat,
          longitude: NEAR.lng,
          address: 'Flat 3, Sea Breeze Tower, Khayaban-e-Ittehad, DHA Phase 6',
          notes: 'Ring the bell twice',
        },
      ]);
    });

    it('matches phone numbers ignoring spaces', async () => {
      const body = (await search('0321 987')).json().data.body;
      expect(body.map((entry: { name: string }) => entry.name)).toEqual(['Bilal Ahmed']);
    });

    it("refuses another merchant's address book", async () => {
      expect((await search('Ayesha', stranger.vendorId)).statusCode).toBe(403);
    });

    it('refuses a search text or a vendor id with a NUL byte with 400', async () => {
      expect((await search('Aye\u0000sha')).statusCode).toBe(400);
      expect((await get('/addressbook/search-customers/a%00b?query=Ayesha')).statusCode).toBe(400);
    });
  });
});

interface Recorded {
  path: string;
  params: URLSearchParams;
  userAgent: string | undefined;
}

/** A local stand-in for a Nominatim server, answering jsonv2 as the real one does. */
async function fakeNominatim(): Promise<{
  url: string;
  requests: Recorded[];
  failNext(): void;
  close(): Promise<void>;
}> {
  const requests: Recorded[] = [];
  let shouldFail = false;
  const clifton = {
    place_id: 1,
    osm_type: 'way',
    osm_id: 4242,
    lat: '24.8138',
    lon: '67.0300',
    display_name: 'Khayaban-e-Roomi, Clifton, Karachi, Sindh, 75600, Pakistan',
    address: { house_number: '12', road: 'Khayaban-e-Roomi', city: 'Karachi', postcode: '75600', country_code: 'pk' },
  };
  const server: Server = createServer((request: IncomingMessage, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    requests.push({ path: url.pathname, params: url.searchParams, userAgent: request.headers['user-agent'] });
    response.setHeader('content-type', 'application/json');
    if (shouldFail) {
      shouldFail = false;
      response.statusCode = 503;
      response.end('{"error":"busy"}');
      return;
    }
    if (url.pathname === '/search')
      response.end(JSON.stringify([clifton, { ...clifton, osm_type: 'node', osm_id: 7 }]));
    else if (url.pathname === '/reverse') {
      response.end(url.searchParams.get('lat') === '0' ? '{"error":"Unable to geocode"}' : JSON.stringify(clifton));
    } else if (url.pathname === '/lookup') {
      response.end(url.searchParams.get('osm_ids') === 'W4242' ? JSON.stringify([clifton]) : '[]');
    } else {
      response.statusCode = 404;
      response.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext: () => {
      shouldFail = true;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('geolocator over a Nominatim-compatible server', () => {
  let t: TestApp;
  let merchant: Merchant;
  let fake: Awaited<ReturnType<typeof fakeNominatim>>;

  beforeAll(async () => {
    fake = await fakeNominatim();
    t = await buildTestApp({
      kind: 'pglite',
      ...IN_SERVICE_HOURS,
      geocoder: nominatimGeocoder({
        url: `${fake.url}/`,
        userAgent: 'Riderdesk-test/1 (ops@riderdesk.test)',
        timeoutMs: 2000,
      }),
    });
    merchant = await createMerchant(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: merchant.headers });

  it('searches with jsonv2, the country, the language, a User-Agent and a box around the caller', async () => {
    const response = await get(
      '/geolocator/autocomplete?query=khayaban%20roomi&country=PK&lat=24.86&lng=67&language=zh_HK',
    );
    expect(response.json().data.data).toEqual([
      { address: { id: 'osm:W4242', formatted_address: 'Khayaban-e-Roomi, Clifton, Karachi, Sindh, 75600, Pakistan' } },
      { address: { id: 'osm:N7', formatted_address: 'Khayaban-e-Roomi, Clifton, Karachi, Sindh, 75600, Pakistan' } },
    ]);
    const request = fake.requests.at(-1)!;
    expect(request.path).toBe('/search');
    expect(Object.fromEntries(request.params)).toMatchObject({
      q: 'khayaban roomi',
      format: 'jsonv2',
      countrycodes: 'pk',
      'accept-language': 'zh-HK',
      addressdetails: '1',
      viewbox: '66.7,25.16,67.3,24.56',
    });
    expect(request.userAgent).toBe('Riderdesk-test/1 (ops@riderdesk.test)');
  });

  it('reverse-geocodes with lat and lon, and answers an empty list when nothing is there', async () => {
    const response = await get('/geolocator/reverse?lat=24.8139&lng=67.0301');
    expect(response.json().data[0].address).toMatchObject({
      formatted_address: 'Khayaban-e-Roomi, Clifton, Karachi, Sindh, 75600, Pakistan',
      latitude: 24.8139,
      longitude: 67.0301,
    });
    expect(Object.fromEntries(fake.requests.at(-1)!.params)).toMatchObject({
      lat: '24.8139',
      lon: '67.0301',
      format: 'jsonv2',
    });
    expect((await get('/geolocator/reverse?lat=0&lng=0')).json().data).toEqual([]);
  });

  it('looks a suggestion up by its OSM id', async () => {
    const response = await get('/geolocator/details?query_id=osm:W4242');
    expect(response.json().data[0].address).toEqual({
      id: 'osm:W4242',
      formatted_address: 'Khayaban-e-Roomi, Clifton, Karachi, Sindh, 75600, Pakistan',
      latitude: 24.8138,
      longitude: 67.03,
      city: 'Karachi',
      street: 'Khayaban-e-Roomi',
      street_number: '12',
      postal_code: '75600',
      country_code: 'PK',
    });
    expect(Object.fromEntries(fake.requests.at(-1)!.params)).toMatchObject({ osm_ids: 'W4242', format: 'jsonv2' });
  });

  it('answers 502 with the spec key when the geocoder fails', async () => {
    fake.failNext();
    const response = await get('/geolocator/autocomplete?query=clifton&country=PK');
    expect(response.statusCode).toBe(502);
    expect(translationKey(response)).toBe('geolocator.error.autocomplete');
  });
});

/** A fake of the Places API (New) on loopback: it refuses what the real one refuses, and records each call. */
async function fakeGooglePlaces(apiKey: string) {
  const requests: {
    method: string;
    path: string;
    params: URLSearchParams;
    headers: IncomingMessage['headers'];
    body: unknown;
  }[] = [];
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const body = raw ? JSON.parse(raw) : null;
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      params: url.searchParams,
      headers: request.headers,
      body,
    });
    response.setHeader('content-type', 'application/json');
    const fieldMask = request.headers['x-goog-fieldmask'];
    if (request.headers['x-goog-api-key'] !== apiKey) {
      response.statusCode = 403;
      return response.end('{"error":{"code":403,"status":"PERMISSION_DENIED"}}');
    }
    if (!fieldMask) {
      // Places API (New) refuses a details call without a field mask.
      response.statusCode = 400;
      return response.end('{"error":{"code":400,"status":"INVALID_ARGUMENT"}}');
    }
    if (request.method === 'POST' && url.pathname === '/v1/places:autocomplete') {
      if (request.headers['content-type'] !== 'application/json' || typeof body?.input !== 'string') {
        response.statusCode = 400;
        return response.end('{"error":{"code":400}}');
      }
      return response.end(
        JSON.stringify({
          suggestions: [
            { placePrediction: { placeId: 'ChIJ-Do-Darya', text: { text: 'Do Darya, Karachi, Pakistan' } } },
            { queryPrediction: { text: { text: 'do darya restaurants' } } },
          ],
        }),
      );
    }
    if (request.method === 'GET' && url.pathname === '/v1/places/ChIJ-Do-Darya') {
      return response.end(
        JSON.stringify({
          id: 'ChIJ-Do-Darya',
          formattedAddress: '12 Khayaban-e-Sehar, Phase 8 DHA, Karachi, 75500, Pakistan',
          location: { latitude: 24.7861, longitude: 67.0532 },
          addressComponents: [
            { longText: '12', shortText: '12', types: ['street_number'] },
            { longText: 'Khayaban-e-Sehar', shortText: 'Khayaban-e-Sehar', types: ['route'] },
            { longText: 'Karachi', shortText: 'Karachi', types: ['locality', 'political'] },
            { longText: '75500', shortText: '75500', types: ['postal_code'] },
            { longText: 'Pakistan', shortText: 'PK', types: ['country', 'political'] },
          ],
        }),
      );
    }
    response.statusCode = 404;
    response.end('{"error":{"code":404,"status":"NOT_FOUND"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the GoogleAutocomplete flag over the Places API (New)', () => {
  const apiKey = 'AIza-test-key-0123456789abcdefghijklmn';
  let t: TestApp;
  let merchant: Merchant;
  let fake: Awaited<ReturnType<typeof fakeGooglePlaces>>;

  beforeAll(async () => {
    fake = await fakeGooglePlaces(apiKey);
    t = await buildTestApp({
      kind: 'pglite',
      ...IN_SERVICE_HOURS,
      env: { GOOGLE_PLACES_API_KEY: apiKey, GOOGLE_PLACES_URL: `${fake.url}/` },
    });
    merchant = await createMerchant(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: merchant.headers });
  const autocomplete = '/geolocator/autocomplete?query=do%20darya&country=PK&lat=24.8&lng=67.05&language=en';

  it('leaves the bundled places in charge while the flag is off', async () => {
    await t.services.flags.set('GoogleAutocomplete', false);
    const calls = fake.requests.length;
    const response = await get('/geolocator/autocomplete?query=clifton&country=PK&language=en');
    expect(response.json().data.data[0].address.id).toBe('khi-clifton');
    expect(fake.requests.length).toBe(calls);
  });

  it('asks Places autocomplete with the key header, a field mask, the country, the language and a bias', async () => {
    await t.services.flags.set('GoogleAutocomplete', true);
    const response = await get(autocomplete);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.data).toEqual([
      { address: { id: 'google:ChIJ-Do-Darya', formatted_address: 'Do Darya, Karachi, Pakistan' } },
    ]);
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/places:autocomplete' });
    expect(request.headers['x-goog-api-key']).toBe(apiKey);
    expect(request.headers['x-goog-fieldmask']).toBe(
      'suggestions.placePrediction.placeId,suggestions.placePrediction.text.text',
    );
    expect(request.body).toEqual({
      input: 'do darya',
      includedRegionCodes: ['pk'],
      languageCode: 'en',
      locationBias: { circle: { center: { latitude: 24.8, longitude: 67.05 }, radius: 30_000 } },
    });
  });

  it('gives a suggestion the details of the place, asking only for the fields it keeps', async () => {
    const response = await get('/geolocator/details?query_id=google:ChIJ-Do-Darya');
    expect(response.json().data[0].address).toEqual({
      id: 'google:ChIJ-Do-Darya',
      formatted_address: '12 Khayaban-e-Sehar, Phase 8 DHA, Karachi, 75500, Pakistan',
      latitude: 24.7861,
      longitude: 67.0532,
      city: 'Karachi',
      street: 'Khayaban-e-Sehar',
      street_number: '12',
      postal_code: '75500',
      country_code: 'PK',
    });
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'GET', path: '/v1/places/ChIJ-Do-Darya' });
    expect(request.headers['x-goog-fieldmask']).toBe('id,formattedAddress,location,addressComponents');
    expect(Object.fromEntries(request.params)).toEqual({ languageCode: 'en', regionCode: 'pk' });
    const unknown = await get('/geolocator/details?query_id=google:ChIJ-nowhere');
    expect(unknown.statusCode).toBe(404);
  });

  it('reverse-geocodes a dropped pin with the deployment geocoder', async () => {
    const calls = fake.requests.length;
    const pin = await get('/geolocator/reverse?lat=24.8141&lng=67.0299');
    expect(pin.json().data[0].address.formatted_address).toBe('Clifton, Karachi, Sindh, Pakistan');
    expect(fake.requests.length).toBe(calls);
  });
});

describe('the Google Places adapter with a refused key', () => {
  it('answers 502 with the spec key', async () => {
    const fake = await fakeGooglePlaces('AIza-the-right-key-0123456789abcdefgh');
    const t = await buildTestApp({
      kind: 'pglite',
      env: { GOOGLE_PLACES_API_KEY: 'AIza-a-wrong-key-0123456789abcdefghij', GOOGLE_PLACES_URL: fake.url },
    });
    try {
      await t.services.flags.set('GoogleAutocomplete', true);
      const merchant = await createMerchant(t);
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/geolocator/autocomplete?query=clifton&country=PK',
        headers: merchant.headers,
      });
      expect(response.statusCode).toBe(502);
      expect(translationKey(response)).toBe('geolocator.error.autocomplete');
    } finally {
      await t.close();
      await fake.close();
    }
  });
});
