import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { JWT_BEARER_ASSERTION_TYPE } from '@riderdesk/domain/merchant-api/credentials';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databases, type TestApp } from './support/app.ts';
import { bearer, createUser, createVendor, login, uniqueId } from './support/factories.ts';

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

interface Brand {
  vendorId: string;
  outletIds: string[];
  email: string;
  headers: Record<string, string>;
}

describe.each(databases())('merchant API credentials on %s', (kind) => {
  let t: TestApp;
  let brandA: Brand;
  let brandB: Brand;
  let keyA: KeyPair;
  let keyA2: KeyPair;
  let keyA3: KeyPair;
  let stranger: KeyPair;

  async function createBrand(): Promise<Brand> {
    const brand = await createVendor(t.db, { vendor_id: uniqueId('brand'), is_parent: true, name: 'Brand' });
    const outletIds: string[] = [];
    for (const name of ['Clifton', 'Saddar']) {
      const outlet = await createVendor(t.db, {
        vendor_id: uniqueId('outlet'),
        parent_vendor_id: brand.vendor_id,
        name,
        address_text: `${name}, Karachi`,
        phone: '+923001234567',
      });
      outletIds.push(outlet.vendor_id);
    }
    const user = await createUser(t.db, t.config, { vendorIds: [brand.vendor_id] });
    return { vendorId: brand.vendor_id, outletIds, email: user.email, headers: bearer(await login(t.app, user.email)) };
  }

  /** The clock moved past the portal sessions' hour: the brands' users log in again. */
  async function logInAgain() {
    for (const brand of [brandA, brandB]) brand.headers = bearer(await login(t.app, brand.email));
  }

  const pemOf = (pair: KeyPair) => exportSPKI(pair.publicKey);
  const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

  async function createClient(who: Brand, body: Record<string, unknown>) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/merchant-api/clients',
      headers: who.headers,
      payload: { vendor_id: who.vendorId, name: 'POS', scope: 'all', ...body },
    });
  }

  async function clientWithKey(who: Brand, pair: KeyPair, body: Record<string, unknown> = {}) {
    const response = await createClient(who, { public_key_pem: await pemOf(pair), ...body });
    expect(response.statusCode).toBe(201);
    const { client } = response.json();
    return { clientId: client.client_id as string, keyId: client.keys[0].key_id as string };
  }

  function assertion(
    pair: KeyPair,
    ids: { clientId: string; keyId: string },
    claims: { aud?: string; exp?: number; jti?: string; iss?: string } = {},
  ) {
    return new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: ids.keyId })
      .setIssuer(claims.iss ?? ids.clientId)
      .setSubject(ids.clientId)
      .setAudience(claims.aud ?? t.app.services.merchantApi.tokenUrl)
      .setExpirationTime(claims.exp ?? nowSeconds() + 60)
      .setJti(claims.jti ?? randomUUID())
      .sign(pair.privateKey);
  }

  function token(form: Record<string, string>) {
    return t.app.inject({
      method: 'POST',
      url: '/merchant/api/v1/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
  }

  const withAssertion = (signed: string) =>
    token({
      grant_type: 'client_credentials',
      client_assertion_type: JWT_BEARER_ASSERTION_TYPE,
      client_assertion: signed,
    });

  /** The access token of a client created with a secret (the creation's answer). */
  async function secretToken(created: { client: { client_id: string }; client_secret: string }): Promise<string> {
    const response = await token({
      grant_type: 'client_credentials',
      client_id: created.client.client_id,
      client_secret: created.client_secret,
    });
    expect(response.statusCode).toBe(200);
    return response.json().access_token;
  }

  const outletList = (accessToken: string) =>
    t.app.inject({
      method: 'GET',
      url: '/merchant/api/v1/outletList',
      headers: { authorization: `Bearer ${accessToken}` },
    });

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    brandA = await createBrand();
    brandB = await createBrand();
    const rsa2048 = () => generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    [keyA, keyA2, keyA3, stranger] = await Promise.all([rsa2048(), rsa2048(), rsa2048(), rsa2048()]);
  });
  afterAll(() => t.close());

  it('gives a token for a valid assertion, once per jti, and the token lists the brand outlets', async () => {
    const ids = await clientWithKey(brandA, keyA);
    const signed = await assertion(keyA, ids);
    const first = await withAssertion(signed);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const answer = first.json();
    expect(answer).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });

    const replay = await withAssertion(signed);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe('invalid_client');

    const outlets = await outletList(answer.access_token);
    expect(outlets.statusCode).toBe(200);
    expect(
      outlets
        .json()
        .map((o: { client_vendor_id: string }) => o.client_vendor_id)
        .sort(),
    ).toEqual([...brandA.outletIds].sort());
    expect(outlets.json()[0]).toMatchObject({
      address: expect.stringContaining('Karachi'),
      phone_number: '+923001234567',
    });

    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/merchant-api/clients', headers: brandA.headers });
    const client = listed.json().clients.find((c: { client_id: string }) => c.client_id === ids.clientId);
    expect(client.last_used_at).toBe(t.clock.now().toISOString());
  });

  it('refuses a wrong audience, an expired or far-off assertion, an unknown kid and a wrong signature', async () => {
    const ids = await clientWithKey(brandA, keyA);
    const refusals = [
      await assertion(keyA, ids, { aud: 'https://sts.deliveryhero.io' }),
      await assertion(keyA, ids, { exp: nowSeconds() - 1 }),
      await assertion(keyA, ids, { exp: nowSeconds() + 3600 }),
      await assertion(keyA, { ...ids, keyId: randomUUID() }),
      await assertion(stranger, ids),
      await assertion(keyA, ids, { iss: 'someone-else' }),
    ];
    for (const signed of refusals) {
      const response = await withAssertion(signed);
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('invalid_client');
    }
    // The refusals used no jti: the client's next assertion is honoured.
    expect((await withAssertion(await assertion(keyA, ids))).statusCode).toBe(200);
  });

  it('refuses other grants and incomplete requests as RFC 6749 does', async () => {
    const other = await token({ grant_type: 'password', username: 'a', password: 'b' });
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toBe('unsupported_grant_type');
    const missing = await token({ grant_type: 'client_credentials' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('invalid_request');
    const wrongType = await token({
      grant_type: 'client_credentials',
      client_assertion_type: 'x',
      client_assertion: 'y',
    });
    expect(wrongType.statusCode).toBe(400);
    // A body that does not parse, or a field past its length, is still answered in the RFC's shape.
    for (const [contentType, payload] of [
      ['application/json', '{'],
      [
        'application/x-www-form-urlencoded',
        `grant_type=client_credentials&client_id=${'x'.repeat(5000)}&client_secret=y`,
      ],
    ]) {
      const unreadable = await t.app.inject({
        method: 'POST',
        url: '/merchant/api/v1/oauth2/token',
        headers: { 'content-type': contentType! },
        payload,
      });
      expect(unreadable.statusCode).toBe(400);
      expect(unreadable.json()).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
    }
  });

  it('gives a token for the client secret shown once, and refuses a wrong one', async () => {
    const created = await createClient(brandA, { with_secret: true });
    expect(created.statusCode).toBe(201);
    const { client, client_secret } = created.json();
    expect(client.has_secret).toBe(true);
    expect(client.keys).toEqual([]);
    const good = await token({ grant_type: 'client_credentials', client_id: client.client_id, client_secret });
    expect(good.statusCode).toBe(200);
    const wrong = await token({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: 'x' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('invalid_client');

    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/merchant-api/clients', headers: brandA.headers });
    expect(listed.body).not.toContain(client_secret);
  });

  it('rotates the client secret: the previous one works on for the hours asked, at most two live', async () => {
    const created = (await createClient(brandA, { with_secret: true })).json();
    const clientId: string = created.client.client_id;
    const rotate = (body: Record<string, unknown>, who: Brand = brandA, id = clientId) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/merchant-api/clients/${id}/secret`,
        headers: who.headers,
        payload: body,
      });
    const tokenStatus = async (client_secret: string) =>
      (await token({ grant_type: 'client_credentials', client_id: clientId, client_secret })).statusCode;
    const first: string = created.client_secret;
    expect(created.client.previous_secret_expires_at).toBeNull();

    // By default the previous secret works on for a day, beside the new one shown once.
    const rotated = await rotate({});
    expect(rotated.statusCode, rotated.body).toBe(201);
    const second: string = rotated.json().client_secret;
    expect(second).not.toBe(first);
    const dayLater = new Date(t.clock.now().getTime() + 24 * 60 * 60 * 1000).toISOString();
    expect(rotated.json().client).toMatchObject({
      client_id: clientId,
      has_secret: true,
      previous_secret_expires_at: dayLater,
    });
    expect([await tokenStatus(first), await tokenStatus(second)]).toEqual([200, 200]);
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/merchant-api/clients', headers: brandA.headers });
    expect(listed.body).not.toContain(second);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    await logInAgain();
    expect([await tokenStatus(first), await tokenStatus(second)]).toEqual([401, 200]);
    const afterDay = await t.app.inject({
      method: 'GET',
      url: '/api/v1/merchant-api/clients',
      headers: brandA.headers,
    });
    const view = afterDay.json().clients.find((client: { client_id: string }) => client.client_id === clientId);
    expect(view.previous_secret_expires_at).toBeNull();

    // At once: the previous secret stops now (a token it gave runs to its expiry, as after a key's revocation).
    const tokenOfSecond = await secretToken({ client: { client_id: clientId }, client_secret: second });
    const third: string = (await rotate({ previous_secret_hours: 0 })).json().client_secret;
    expect([await tokenStatus(second), await tokenStatus(third)]).toEqual([401, 200]);
    expect((await outletList(tokenOfSecond)).statusCode).toBe(200);

    // Two rotations in a row: the first one's secret goes, so two secrets at most are live.
    const fourth: string = (await rotate({ previous_secret_hours: 1 })).json().client_secret;
    const fifth: string = (await rotate({ previous_secret_hours: 24 })).json().client_secret;
    expect([await tokenStatus(third), await tokenStatus(fourth), await tokenStatus(fifth)]).toEqual([401, 200, 200]);

    // Refusals: another merchant's client, a client of keys only, an unknown choice of hours, a revoked client.
    expect((await rotate({}, brandB)).statusCode).toBe(404);
    const keysOnly = await clientWithKey(brandA, keyA3);
    const noSecret = await rotate({}, brandA, keysOnly.clientId);
    expect(noSecret.statusCode).toBe(409);
    expect(noSecret.body).toContain('merchant-api.error.no-secret');
    expect((await rotate({ previous_secret_hours: 5 })).statusCode).toBe(400);
    const tokenOfFifth = await secretToken({ client: { client_id: clientId }, client_secret: fifth });
    await t.app.inject({ method: 'DELETE', url: `/api/v1/merchant-api/clients/${clientId}`, headers: brandA.headers });
    expect((await rotate({})).statusCode).toBe(404);
    expect(await tokenStatus(fifth)).toBe(401);
    expect((await outletList(tokenOfFifth)).statusCode).toBe(401);
  });

  it('stops a revoked client at once: its token and its secret', async () => {
    const created = (await createClient(brandA, { with_secret: true })).json();
    const form = {
      grant_type: 'client_credentials',
      client_id: created.client.client_id,
      client_secret: created.client_secret,
    };
    const { access_token } = (await token(form)).json();
    expect((await outletList(access_token)).statusCode).toBe(200);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/merchant-api/clients/${created.client.client_id}`,
      headers: brandA.headers,
    });
    expect(revoked.statusCode).toBe(204);
    const after = await outletList(access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Unauthorized' });
    expect((await token(form)).statusCode).toBe(401);
  });

  it('answers 401 without a valid Bearer token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/merchant/api/v1/outletList' })).statusCode).toBe(401);
    expect((await outletList('not-a-token')).statusCode).toBe(401);
    // A portal access token is not a merchant API token.
    const portal = (brandA.headers.authorization ?? '').replace(/^Bearer /, '').split('|')[0] ?? '';
    expect((await outletList(portal)).statusCode).toBe(401);
  });

  it('scopes a client to its merchant and to the chosen outlets', async () => {
    const [chosen] = brandA.outletIds;
    const scoped = (await createClient(brandA, { with_secret: true, scope: 'outlets', outlet_ids: [chosen] })).json();
    expect(scoped.client.outlet_ids).toEqual([chosen]);
    const scopedToken = await secretToken(scoped);
    expect((await outletList(scopedToken)).json().map((o: { client_vendor_id: string }) => o.client_vendor_id)).toEqual(
      [chosen],
    );

    const ofB = (await createClient(brandB, { with_secret: true })).json();
    const tokenB = await secretToken(ofB);
    const seenByB = (await outletList(tokenB)).json().map((o: { client_vendor_id: string }) => o.client_vendor_id);
    expect(seenByB.sort()).toEqual([...brandB.outletIds].sort());
    for (const id of brandA.outletIds) expect(seenByB).not.toContain(id);

    // Another merchant's outlet cannot be given to a client.
    const foreign = await createClient(brandB, { with_secret: true, scope: 'outlets', outlet_ids: [chosen] });
    expect(foreign.statusCode).toBe(400);
  });

  it('refuses the portal endpoints to another merchant', async () => {
    const ids = await clientWithKey(brandA, keyA);
    const asB = { headers: brandB.headers };
    expect((await createClient({ ...brandB, vendorId: brandA.vendorId }, { with_secret: true })).statusCode).toBe(403);
    const listedByB = await t.app.inject({ method: 'GET', url: '/api/v1/merchant-api/clients', ...asB });
    expect(listedByB.json().clients.map((c: { client_id: string }) => c.client_id)).not.toContain(ids.clientId);
    const addKey = await t.app.inject({
      method: 'POST',
      url: `/api/v1/merchant-api/clients/${ids.clientId}/keys`,
      ...asB,
      payload: { public_key_pem: await pemOf(keyA2) },
    });
    expect(addKey.statusCode).toBe(404);
    const revokeKey = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/merchant-api/clients/${ids.clientId}/keys/${ids.keyId}`,
      ...asB,
    });
    expect(revokeKey.statusCode).toBe(404);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/merchant-api/clients/${ids.clientId}`,
      ...asB,
    });
    expect(revoke.statusCode).toBe(404);
    // The client still works.
    expect((await withAssertion(await assertion(keyA, ids))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/merchant-api/clients' })).statusCode).toBe(401);
  });

  it('refuses a key that is not RSA 2048, and a client with neither key nor secret', async () => {
    const spki = { type: 'spki', format: 'pem' } as const;
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export(spki).toString();
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export(spki).toString();
    for (const pem of [small, ec]) {
      const response = await createClient(brandA, { public_key_pem: pem });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].field).toBe('public_key_pem');
    }
    expect((await createClient(brandA, {})).statusCode).toBe(400);
    expect((await createClient(brandA, { public_key_pem: 'not a key' })).statusCode).toBe(400);
  });

  it('rotates: two live keys at once, a third refused, a revoked key stops', async () => {
    const ids = await clientWithKey(brandA, keyA);
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/v1/merchant-api/clients/${ids.clientId}/keys`,
      headers: brandA.headers,
      payload: { public_key_pem: await pemOf(keyA2) },
    });
    expect(added.statusCode).toBe(201);
    const newKeyId = added.json().keys.find((k: { key_id: string }) => k.key_id !== ids.keyId).key_id;
    const next = { clientId: ids.clientId, keyId: newKeyId };
    expect((await withAssertion(await assertion(keyA, ids))).statusCode).toBe(200);
    expect((await withAssertion(await assertion(keyA2, next))).statusCode).toBe(200);

    const third = await t.app.inject({
      method: 'POST',
      url: `/api/v1/merchant-api/clients/${ids.clientId}/keys`,
      headers: brandA.headers,
      payload: { public_key_pem: await pemOf(keyA3) },
    });
    expect(third.statusCode).toBe(409);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/merchant-api/clients/${ids.clientId}/keys/${ids.keyId}`,
      headers: brandA.headers,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await withAssertion(await assertion(keyA, ids))).statusCode).toBe(401);
    expect((await withAssertion(await assertion(keyA2, next))).statusCode).toBe(200);
  });

  it("answers an outlet's own client that it is not a parent, as pandago does", async () => {
    const [outletId] = brandA.outletIds;
    const created = await createClient({ ...brandA, vendorId: outletId ?? '' }, { with_secret: true });
    expect(created.statusCode).toBe(201);
    const answer = await outletList(await secretToken(created.json()));
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ message: 'This vendor is not a parent' });
  });

  it('refuses an assertion whose client_id names another client', async () => {
    const ids = await clientWithKey(brandA, keyA);
    const response = await token({
      grant_type: 'client_credentials',
      client_id: randomUUID(),
      client_assertion_type: JWT_BEARER_ASSERTION_TYPE,
      client_assertion: await assertion(keyA, ids),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('invalid_client');
  });

  it('keeps at most two live keys when two are uploaded at once', async () => {
    const ids = await clientWithKey(brandA, keyA);
    const upload = async (pair: KeyPair) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/merchant-api/clients/${ids.clientId}/keys`,
        headers: brandA.headers,
        payload: { public_key_pem: await pemOf(pair) },
      });
    const answers = await Promise.all([upload(keyA2), upload(keyA3)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it('documents the portal routes in the portal’s document, the token and the outlet list in the API’s', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(Object.keys(docs.json().paths)).toEqual(
      expect.arrayContaining(['/api/v1/merchant-api/clients', '/api/v1/merchant-api/clients/{clientId}/keys/{keyId}']),
    );
    const api = await t.app.inject({ method: 'GET', url: '/merchant/api/v1/openapi.json' });
    expect(Object.keys(api.json().paths)).toEqual(expect.arrayContaining(['/oauth2/token', '/outletList']));
  });
});
