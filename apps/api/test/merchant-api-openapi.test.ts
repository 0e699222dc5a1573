import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv from 'ajv';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTLET_ACTIVATION_QUEUE } from '../src/modules/vendors/outlet-service.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { createRider, OUTLET, uniqueId } from './support/factories.ts';
import {
  apiCall,
  apiOrderBody,
  type Brand,
  createBrand,
  MERCHANT_API,
  secretClientOf,
  tokenOf,
} from './support/merchant-api.ts';
import { proof, riderCall } from './support/orders.ts';

const PANDAGO = fileURLToPath(new URL('../../../docs/reference/pandago-api-v1.1.0.yaml', import.meta.url));
const METHODS = ['get', 'put', 'post', 'delete'] as const;

type Operation = { responses: Record<string, { content?: Record<string, { schema: object }> }> };
type Document = { openapi: string; servers: { url: string }[]; paths: Record<string, Record<string, Operation>> };

/** Every path and method of a document, as `METHOD /path` with `{name}` parameters. */
function operationsOf(paths: Record<string, Record<string, unknown>>): string[] {
  return Object.entries(paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

describe.each(databases())('the merchant API’s OpenAPI document on %s', (kind) => {
  let t: TestApp;
  let brand: Brand;
  let token: string;
  let document: Document;
  const ajv = new Ajv({ strict: false, allErrors: true });

  /** The answer matches the schema the document gives for its path, method and status. */
  function expectDocumented(path: string, method: (typeof METHODS)[number], response: LightMyRequestResponse) {
    const operation = document.paths[path]?.[method];
    expect(operation, `${method} ${path} is documented`).toBeDefined();
    const documented = operation!.responses[String(response.statusCode)];
    expect(documented, `${method} ${path} documents ${response.statusCode}`).toBeDefined();
    const schema = documented!.content?.['application/json']?.schema;
    // No Content: nothing to match.
    if (!schema || response.statusCode === 204) {
      expect(response.body).toBe('');
      return;
    }
    const validate = ajv.compile(schema);
    const body = response.json();
    expect(validate(body), `${method} ${path} ${response.statusCode}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  }

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    brand = await createBrand(t);
    token = await tokenOf(t, await secretClientOf(t, brand));
    const served = await t.app.inject({ method: 'GET', url: `${MERCHANT_API}/openapi.json` });
    expect(served.statusCode).toBe(200);
    document = served.json();
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI document of pandago’s paths below the base path', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.servers).toEqual([{ url: MERCHANT_API }]);

    // Every operation of pandago v1.1.0 but the callback (sent to the merchant, not served) is here.
    const pandago = new Validator();
    expect((await pandago.validate(PANDAGO)).valid).toBe(true);
    const pandagoPaths = (pandago.specification as { paths: Record<string, Record<string, unknown>> }).paths;
    const served = operationsOf(pandagoPaths).filter((operation) => operation !== 'POST /callback');
    expect(served).toHaveLength(13);
    expect(operationsOf(document.paths)).toEqual(expect.arrayContaining(served));
    expect(operationsOf(document.paths)).toContain('POST /oauth2/token');
    expect(Object.keys(document.paths).every((path) => !path.startsWith('/api/'))).toBe(true);
  });

  it('keeps the portal’s document and the merchant API’s apart', async () => {
    const portal = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as Document;
    const portalPaths = Object.keys(portal.paths);
    expect(portalPaths).toEqual(expect.arrayContaining(['/api/v1/order', '/api/v1/merchant-api/clients']));
    expect(portalPaths.filter((path) => path.startsWith(MERCHANT_API))).toEqual([]);
    expect(Object.keys(document.paths).filter((path) => path.includes('merchant-api/clients'))).toEqual([]);
  });

  it('answers every route as its schema in the document says', async () => {
    const body = apiOrderBody();
    expectDocumented('/orders/fee', 'post', await apiCall(t, token, 'POST', '/orders/fee', body));
    expectDocumented('/orders/time', 'post', await apiCall(t, token, 'POST', '/orders/time', body));
    const badEstimate = await apiCall(t, token, 'POST', '/orders/fee', { ...body, amount: 'lots' });
    expect(badEstimate.statusCode).toBe(400);
    expectDocumented('/orders/fee', 'post', badEstimate);

    await t.db.query(`update riders set state = 'OFFLINE', current_order_id = null`);
    const rider = await createRider(t.db, { lat: OUTLET.lat + 0.01, lng: OUTLET.lng });
    const created = await apiCall(t, token, 'POST', '/orders', body);
    expect(created.statusCode).toBe(201);
    expectDocumented('/orders', 'post', created);
    const orderId: string = created.json().order_id;
    expectDocumented('/orders/{order_id}', 'get', await apiCall(t, token, 'GET', `/orders/${orderId}`));
    const edited = await apiCall(t, token, 'PUT', `/orders/${orderId}`, { amount: 1600 });
    expect(edited.statusCode).toBe(200);
    expectDocumented('/orders/{order_id}', 'put', edited);
    const noCourier = await apiCall(t, token, 'GET', `/orders/${orderId}/coordinates`);
    expect(noCourier.statusCode).toBe(404);
    expectDocumented('/orders/{order_id}/coordinates', 'get', noCourier);

    await t.services.dispatcher.tick();
    for (const action of ['accept', 'arrived-at-vendor']) await riderCall(t, rider, orderId, action);
    expect((await riderCall(t, rider, orderId, 'collected', proof())).statusCode).toBe(200);
    const coordinates = await apiCall(t, token, 'GET', `/orders/${orderId}/coordinates`);
    expect(coordinates.statusCode, coordinates.body).toBe(200);
    expectDocumented('/orders/{order_id}/coordinates', 'get', coordinates);
    const pickup = await apiCall(t, token, 'GET', `/orders/proof_of_pickup/${orderId}`);
    expect(pickup.statusCode).toBe(200);
    expectDocumented('/orders/proof_of_pickup/{order_id}', 'get', pickup);
    for (const kind of ['delivery', 'return']) {
      const none = await apiCall(t, token, 'GET', `/orders/proof_of_${kind}/${orderId}`);
      expect(none.statusCode).toBe(404);
      expectDocumented(`/orders/proof_of_${kind}/{order_id}`, 'get', none);
    }
    const late = await apiCall(t, token, 'DELETE', `/orders/${orderId}`, { reason: 'MISTAKE_ERROR' });
    expect(late.statusCode).toBe(409);
    expectDocumented('/orders/{order_id}', 'delete', late);
    const waiting = await apiCall(t, token, 'POST', '/orders', apiOrderBody());
    // spec §4: cancellable once received, until a courier accepts it.
    await t.services.dispatcher.tick();
    const cancelled = await apiCall(t, token, 'DELETE', `/orders/${waiting.json().order_id}`, {
      reason: 'MISTAKE_ERROR',
    });
    expect(cancelled.statusCode).toBe(204);
    expectDocumented('/orders/{order_id}', 'delete', cancelled);

    const clientVendorId = uniqueId('DOC');
    const outlet = await apiCall(t, token, 'PUT', `/outlets/${clientVendorId}`, {
      name: 'Brand — Documented',
      address: 'Tariq Road, Karachi',
      latitude: 24.872,
      longitude: 67.062,
      city: 'Karachi',
      phone_number: '+92 21 3455-1234',
      currency: 'PKR',
      locale: 'en-PK',
    });
    expect(outlet.statusCode, outlet.body).toBe(200);
    expectDocumented('/outlets/{client_vendor_id}', 'put', outlet);
    await t.app.jobs.drain([OUTLET_ACTIVATION_QUEUE]);
    expectDocumented(
      '/outlets/{client_vendor_id}',
      'get',
      await apiCall(t, token, 'GET', `/outlets/${clientVendorId}`),
    );
    const missing = await apiCall(t, token, 'GET', '/outlets/no-such-outlet');
    expect(missing.statusCode).toBe(404);
    expectDocumented('/outlets/{client_vendor_id}', 'get', missing);
    expectDocumented('/outletList', 'get', await apiCall(t, token, 'GET', '/outletList'));
    const anonymous = await t.app.inject({ method: 'GET', url: `${MERCHANT_API}/outletList` });
    expect(anonymous.statusCode).toBe(401);
    expectDocumented('/outletList', 'get', anonymous);
  });
});
