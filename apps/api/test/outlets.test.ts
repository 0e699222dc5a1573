import { COLLECTION_POINT_MESSAGES } from '@riderdesk/domain/validation/collection-point';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTLET_ACTIVATION_QUEUE } from '../src/modules/vendors/outlet-service.ts';
import { runCommand } from '../src/ops/commands.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import {
  bearer,
  createMerchant,
  createUser,
  createVendor,
  login,
  type Merchant,
  NEAR,
  outbox,
  PASSWORD,
  uniqueId,
} from './support/factories.ts';
import { connectLive, type LiveClient, listenOnRandomPort } from './support/live.ts';
import { orderBody, placeOrder, postOrder, quoteFee } from './support/orders.ts';

const CLIFTON = { lat: 24.8138, lng: 67.03 };

function outletBody(overrides: Record<string, unknown> = {}) {
  return {
    client_vendor_id: uniqueId('KGH'),
    name: 'Karachi Grill House — Clifton',
    address: 'Block 5, Clifton, Karachi',
    latitude: CLIFTON.lat,
    longitude: CLIFTON.lng,
    rider_instructions: 'Ask at the counter',
    phone_number: '+92 21 3587-1234',
    city: null,
    users: [],
    unit: 'Shop 4',
    building: 'Dolmen Mall',
    street: null,
    postal_code: null,
    country_code: 'PK',
    street_number: null,
    ...overrides,
  };
}

const linkFrom = (text: string) => /https?:\/\/\S+#token=([\w-]+)/.exec(text)?.[1];

describe.each(databases())('collection points on %s', (kind) => {
  let t: TestApp;
  let parentId: string;
  let merchant: Merchant;
  let stranger: Merchant;
  const call = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object, headers = merchant.headers) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload }) });
  const activate = () => t.app.jobs.drain([OUTLET_ACTIVATION_QUEUE]);
  const vendorOf = async (vendorId: string, headers = merchant.headers) =>
    (await call('GET', `/vendor/${vendorId}`, undefined, headers)).json().result;

  const postOrderFrom = async (vendorId: string) => {
    const from = { ...merchant, vendorId };
    return postOrder(t, from, orderBody(vendorId, await quoteFee(t, from, NEAR, CLIFTON)));
  };

  beforeAll(async () => {
    // Not listening: no worker runs, so each test drives the activation job itself.
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    parentId = uniqueId('parent');
    await createVendor(t.db, {
      vendor_id: parentId,
      name: 'Karachi Grill House',
      is_parent: true,
      latitude: null,
      longitude: null,
      payment_methods: { CASH_ON_DELIVERY: true },
    });
    const user = await createUser(t.db, t.config, { vendorIds: [parentId] });
    merchant = { vendorId: parentId, email: user.email, headers: bearer(await login(t.app, user.email)) };
    stranger = await createMerchant(t, { is_parent: true });
  });
  afterAll(() => t.close());

  it('creates a pending outlet under the caller’s only parent, made active by the activation job', async () => {
    const body = outletBody();
    const created = await call('POST', '/outlet', body);
    expect(created.statusCode).toBe(200);
    const { vendor_id: vendorId, is_active, is_pending } = created.json().result;
    expect({ is_active, is_pending }).toEqual({ is_active: false, is_pending: true });
    expect(vendorId.startsWith(`${parentId}-`)).toBe(true);

    const pending = await vendorOf(vendorId);
    expect(pending).toMatchObject({
      parent_vendor_id: parentId,
      client_vendor_id: body.client_vendor_id,
      name: body.name,
      is_active: false,
      is_pending: true,
      delivery_area: null,
      vendor_information: {
        contact: { phone: '+922135871234' },
        location: { address_text: body.address, unit: 'Shop 4', building: 'Dolmen Mall', latitude: CLIFTON.lat },
      },
      flags: { payment_methods: { CASH_ON_DELIVERY: true } },
    });

    const early = await postOrderFrom(vendorId);
    expect(early.statusCode).toBe(409);
    expect(early.json().errors[0].meta.translation_key).toBe('outlet.error.pending');

    expect(await activate()).toBe(1);
    expect((await postOrderFrom(vendorId)).statusCode).toBe(200);
    const active = await vendorOf(vendorId);
    expect(active).toMatchObject({ is_active: true, is_pending: false });
    expect(active.delivery_area.type).toBe('polygon');
    expect(active.delivery_area.coordinates.length).toBeGreaterThan(8);
    // Geocoded: the gazetteer names the city the merchant left blank.
    expect(active.vendor_information.location.city).toBe('Karachi');
  });

  it.each([
    ['client_vendor_id', { client_vendor_id: '  ' }, COLLECTION_POINT_MESSAGES.clientVendorId],
    ['name', { name: '' }, COLLECTION_POINT_MESSAGES.name],
    ['phone_number', { phone_number: 'call us' }, COLLECTION_POINT_MESSAGES.phone],
    ['address', { latitude: null, longitude: null }, COLLECTION_POINT_MESSAGES.location],
    ['address', { address: '' }, COLLECTION_POINT_MESSAGES.location],
    ['users.1', { users: ['ok@example.pk', 'not-an-email'] }, COLLECTION_POINT_MESSAGES.owner],
  ])('refuses a blank or wrong %s with the spec §5 message', async (field, overrides, message) => {
    const response = await call('POST', '/outlet', outletBody(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field, message, meta: { translation_key: message } }]);
  });

  // spec §5: addresses in at most 255 bytes, notes in at most 1000; an Urdu letter is two bytes in UTF-8.
  it.each([
    ['address', 'ک'.repeat(127), 'ک'.repeat(128)],
    ['street', 'ک'.repeat(127), 'ک'.repeat(128)],
    ['rider_instructions', 'ک'.repeat(500), 'ک'.repeat(501)],
  ])('holds the %s in bytes, not characters', async (field, fits, tooLong) => {
    const refused = await call('POST', '/outlet', outletBody({ [field]: tooLong }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((error: { field: string }) => error.field)).toEqual([field]);

    const created = await call('POST', '/outlet', outletBody({ [field]: fits }));
    expect(created.statusCode).toBe(200);
    const vendor = await vendorOf(created.json().result.vendor_id);
    const stored = field === 'address' ? 'address_text' : field;
    expect(vendor.vendor_information.location[stored]).toBe(fits);
  });

  it('skips blank owner rows and reports every failing field at once', async () => {
    const response = await call('POST', '/outlet', outletBody({ client_vendor_id: '', name: '', users: ['', 'x'] }));
    expect(response.json().errors.map((error: { field: string }) => error.field)).toEqual([
      'client_vendor_id',
      'name',
      'users.1',
    ]);
  });

  it('keeps the collection point ID unique under its parent, in any case', async () => {
    const body = outletBody({ client_vendor_id: uniqueId('dup') });
    expect((await call('POST', '/outlet', body)).statusCode).toBe(200);
    const again = await call('POST', '/outlet', { ...body, client_vendor_id: body.client_vendor_id.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatchObject({
      field: 'client_vendor_id',
      meta: { translation_key: 'outlet.error.duplicate-client-id' },
    });
    // Another merchant may use the same ID under their own parent.
    const theirs = await call('POST', '/outlet', { ...body, parent_vendor_id: stranger.vendorId }, stranger.headers);
    expect(theirs.statusCode).toBe(200);
  });

  it('refuses another merchant’s parent, their outlets and an outlet as parent with the same 403', async () => {
    const theirs = await call('POST', '/outlet', outletBody({ parent_vendor_id: stranger.vendorId }));
    expect(theirs.statusCode).toBe(403);
    const unknown = await call('POST', '/outlet', outletBody({ parent_vendor_id: 'no-such-vendor' }));
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toEqual(theirs.json());

    const { vendor_id: theirOutlet } = (
      await call('POST', '/outlet', outletBody({ parent_vendor_id: stranger.vendorId }), stranger.headers)
    ).json().result;
    const edit = await call('PUT', `/outlet/${theirOutlet}`, outletBody());
    expect(edit.statusCode).toBe(403);
    expect((await vendorOf(theirOutlet, stranger.headers)).name).toBe('Karachi Grill House — Clifton');
  });

  it('refuses a caller without a parent vendor', async () => {
    const single = await createMerchant(t);
    const response = await call('POST', '/outlet', outletBody(), single.headers);
    expect(response.statusCode).toBe(403);
  });

  it('edits an outlet, keeping its parent and collection point ID', async () => {
    const body = outletBody();
    const { vendor_id: vendorId } = (await call('POST', '/outlet', body)).json().result;
    const edited = await call(
      'PUT',
      `/outlet/${vendorId}`,
      outletBody({ client_vendor_id: 'CHANGED', parent_vendor_id: stranger.vendorId, name: 'Clifton Block 2' }),
    );
    expect(edited.statusCode).toBe(200);
    const vendor = await vendorOf(vendorId);
    expect(vendor).toMatchObject({ name: 'Clifton Block 2', client_vendor_id: body.client_vendor_id });
    expect(vendor.parent_vendor_id).toBe(parentId);
  });

  it('refuses to edit a parent and an a- or b- outlet (spec §2)', async () => {
    const parentEdit = await call('PUT', `/outlet/${parentId}`, outletBody());
    expect(parentEdit.statusCode).toBe(403);
    expect(parentEdit.json().errors[0].meta.translation_key).toBe('outlet.error.not-editable');
    const locked = `a-${uniqueId('x')}`;
    await createVendor(t.db, { vendor_id: locked, parent_vendor_id: parentId });
    expect((await call('PUT', `/outlet/${locked}`, outletBody())).statusCode).toBe(403);
  });

  it('invites an owner who has an account: the outlet is theirs only once they accept with their password', async () => {
    const owner = await createUser(t.db, t.config);
    const { vendor_id: vendorId, invited } = (
      await call('POST', '/outlet', outletBody({ users: [owner.email.toUpperCase(), ''] }))
    ).json().result;
    expect(invited).toEqual([owner.email]);
    const ownerHeaders = bearer(await login(t.app, owner.email));
    const vendorIds = async () =>
      (await call('GET', '/vendors', undefined, ownerHeaders))
        .json()
        .result.vendors.map((vendor: { vendor_id: string }) => vendor.vendor_id);
    expect(await vendorIds()).toEqual([]);

    const [mail] = await outbox(t.app, owner.email);
    const token = linkFrom(mail!.text);
    expect(mail!.text).toContain('password');
    const lookup = await call('POST', '/outlet/invitation', { token }, {});
    expect(lookup.json().result).toMatchObject({ email: owner.email, vendor_id: vendorId, has_account: true });

    const wrong = await call('POST', '/outlet/invitation/accept', { token, password: 'Wrong#Pass1' }, {});
    expect(wrong.statusCode).toBe(401);
    expect(await vendorIds()).toEqual([]);
    const accepted = await call('POST', '/outlet/invitation/accept', { token, password: PASSWORD }, {});
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().result.vendor_id).toBe(vendorId);
    expect(await vendorIds()).toEqual([vendorId]);
  });

  it('writes the merchant’s outlet name into invitations as plain text, never as a link', async () => {
    const email = `${uniqueId('named')}@example.pk`;
    const name = 'https://pay.example.com/verify <b>now</b>';
    await call('POST', '/outlet', outletBody({ users: [email], name }));
    const [mail] = await outbox(t.app, email);
    expect(mail!.subject).not.toMatch(/example|verify/);
    for (const part of [mail!.text, mail!.html ?? '']) {
      expect(part).not.toMatch(/pay\.example\.com|https:\/\/pay|example\.com/);
      expect(part).toContain('verify');
    }
    expect(mail!.html).not.toContain('<b>now</b>');
    expect(mail!.html).toContain('&#60;b&#62;now&#60;/b&#62;'.replace('/', '\u2215'));
  });

  it('invites a new e-mail: the link, used once within 24 h, sets a password and opens only that outlet', async () => {
    const email = `${uniqueId('owner')}@example.pk`;
    const { vendor_id: vendorId } = (await call('POST', '/outlet', outletBody({ users: [email] }))).json().result;
    const [mail] = await outbox(t.app, email);
    const token = linkFrom(mail!.text);
    expect(token).toBeDefined();
    expect(mail!.text).toContain('/invitation#token=');

    const lookup = await call('POST', '/outlet/invitation', { token }, {});
    expect(lookup.json().result).toMatchObject({ email, vendor_id: vendorId });

    const weak = await call('POST', '/outlet/invitation/accept', { token, password: 'password1' }, {});
    expect(weak.statusCode).toBe(400);
    const accepted = await call('POST', '/outlet/invitation/accept', { token, password: PASSWORD }, {});
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().result.vendor_id).toBe(vendorId);
    const ownerHeaders = bearer(accepted.json().result);
    const vendors = (await call('GET', '/vendors', undefined, ownerHeaders)).json().result.vendors;
    expect(vendors.map((vendor: { vendor_id: string }) => vendor.vendor_id)).toEqual([vendorId]);
    expect((await call('GET', `/vendor/${parentId}`, undefined, ownerHeaders)).statusCode).toBe(403);
    // The owner signs in with the password they set.
    await login(t.app, email);

    const again = await call('POST', '/outlet/invitation/accept', { token, password: PASSWORD }, {});
    expect(again.statusCode).toBe(404);
    expect(again.json().errors[0].meta.translation_key).toBe('outlet.error.invitation-invalid');
  });

  it('lets an invitation lapse after 24 hours', async () => {
    const email = `${uniqueId('late')}@example.pk`;
    await call('POST', '/outlet', outletBody({ users: [email] }));
    const token = linkFrom((await outbox(t.app, email))[0]!.text);
    t.clock.advance(24 * 60 * 60_000 + 1000);
    try {
      const late = await call('POST', '/outlet/invitation/accept', { token, password: PASSWORD }, {});
      expect(late.statusCode).toBe(404);
    } finally {
      t.clock.advance(-(24 * 60 * 60_000 + 1000));
    }
  });

  it('withdraws the invitation of a removed owner who had not accepted it', async () => {
    const email = `${uniqueId('gone')}@example.pk`;
    const body = outletBody({ users: [email] });
    const { vendor_id: vendorId } = (await call('POST', '/outlet', body)).json().result;
    const token = linkFrom((await outbox(t.app, email))[0]!.text);
    await call('PUT', `/outlet/${vendorId}`, { ...body, users: [] });
    expect((await call('POST', '/outlet/invitation/accept', { token, password: PASSWORD }, {})).statusCode).toBe(404);
  });

  it('lets an operator approve or deactivate an outlet from the command line', async () => {
    const { vendor_id: vendorId } = (await call('POST', '/outlet', outletBody())).json().result;
    const ctx = { db: t.db, config: t.config };
    expect(await runCommand(ctx, ['approve-outlet', vendorId])).toMatch(/active/);
    expect(await vendorOf(vendorId)).toMatchObject({ is_active: true, is_pending: false });
    // The activation job that was still queued changes nothing more.
    await activate();
    expect(await runCommand(ctx, ['deactivate-outlet', vendorId])).toMatch(/deactivated/);
    expect(await vendorOf(vendorId)).toMatchObject({ is_active: false, is_pending: false });
    const refused = await postOrderFrom(vendorId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].meta.translation_key).toBe('outlet.error.inactive');
    await expect(runCommand(ctx, ['approve-outlet', parentId])).rejects.toThrow(/not a collection point/);
  });

  describe('with a live socket open', () => {
    let host: string | null = null;
    const clients: LiveClient[] = [];
    // Listening starts the workers, so from here on the activation job runs by itself.
    const listening = async () => {
      host ??= await listenOnRandomPort(t.app);
      return host;
    };
    afterAll(() => {
      for (const client of clients) client.close();
    });

    it('removing an owner takes their access at once, their open live socket’s subscription included', async () => {
      const owner = await createUser(t.db, t.config);
      const body = outletBody({ users: [owner.email] });
      const { vendor_id: vendorId } = (await call('POST', '/outlet', body)).json().result;
      const token = linkFrom((await outbox(t.app, owner.email))[0]!.text);
      expect((await call('POST', '/outlet/invitation/accept', { token, password: PASSWORD }, {})).statusCode).toBe(200);
      // Active now, whether or not a worker has run its job yet.
      await runCommand({ db: t.db, config: t.config }, ['approve-outlet', vendorId]);
      const ownerMerchant: Merchant = {
        vendorId,
        email: owner.email,
        headers: bearer(await login(t.app, owner.email)),
      };
      const client = await connectLive(await listening(), ownerMerchant.headers.authorization!);
      clients.push(client);
      client.send('subscribeToVendor', { vendor_id: vendorId });
      await client.waitFor((message) => message.event === 'subscribe_ok');
      const first = await placeOrder(t, { ...merchant, vendorId });
      await client.waitFor((message) => message.event === 'order_update' && message.data.order_id === first);

      const removed = await call('PUT', `/outlet/${vendorId}`, { ...body, users: [] });
      expect(removed.statusCode).toBe(200);
      const told = await client.waitFor((message) => message.event === 'error');
      expect(told.data).toEqual({ message: 'error.forbidden-vendor' });
      expect((await call('GET', `/vendor/${vendorId}`, undefined, ownerMerchant.headers)).statusCode).toBe(403);

      const second = await placeOrder(t, { ...merchant, vendorId });
      await t.services.liveHub.drained();
      expect(client.messages.some((message) => message.data.order_id === second)).toBe(false);
      // Subscribing again is refused too.
      client.send('subscribeToVendor', { vendor_id: vendorId });
      await client.waitFor(
        (message) => message.event === 'error' && client.messages.filter((m) => m.event === 'error').length === 2,
      );
    });
  });
});

describe.each(databases())('owner invitations are limited on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;

  beforeAll(async () => {
    t = await buildTestApp({
      kind,
      ...IN_SERVICE_HOURS,
      env: { INVITATIONS_PER_DAY_PER_ADDRESS: '2', INVITATIONS_PER_DAY_PER_MERCHANT: '4' },
    });
    merchant = await createMerchant(t, { is_parent: true });
  });
  afterAll(() => t.close());

  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: merchant.headers, payload });
  const ownersOf = async (vendorId: string) =>
    (await t.db.query<{ owners: string[] }>('select owners from vendors where vendor_id = $1', [vendorId]))[0]?.owners;

  it('per address: removing and re-adding an owner does not mail them again and again', async () => {
    const email = `${uniqueId('target')}@example.pk`;
    const body = outletBody({ users: [email] });
    const { vendor_id: vendorId } = (await call('POST', '/outlet', body)).json().result;
    expect((await call('PUT', `/outlet/${vendorId}`, { ...body, users: [] })).statusCode).toBe(200);
    expect((await call('PUT', `/outlet/${vendorId}`, body)).statusCode).toBe(200);
    expect((await call('PUT', `/outlet/${vendorId}`, { ...body, users: [] })).statusCode).toBe(200);
    const refused = await call('PUT', `/outlet/${vendorId}`, body);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0].meta.translation_key).toBe('outlet.error.too-many-invitations');
    // Refused whole: nothing saved, nothing sent.
    expect(await ownersOf(vendorId)).toEqual([]);
    expect(await outbox(t.app, email)).toHaveLength(2);
  });

  it('per merchant: a request cannot mail twenty addresses once the day’s invitations are spent', async () => {
    const emails = Array.from({ length: 3 }, () => `${uniqueId('many')}@example.pk`);
    const refused = await call('POST', '/outlet', outletBody({ users: emails }));
    expect(refused.statusCode).toBe(429);
    for (const email of emails) expect(await outbox(t.app, email)).toEqual([]);
  });
});
