import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeeSigner } from '../src/modules/pricing/fee-signature.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { bearer, createUser, createVendor, login, uniqueId } from './support/factories.ts';

const OLD = 'the-old-secret-of-at-least-thirty-two-characters';
const NEW = 'the-new-secret-of-at-least-thirty-two-characters';

describe('rotating AUTH_SECRET without logging anyone out (docs/operations.md)', () => {
  let before: TestApp;
  let after: TestApp;
  let stranger: TestApp;

  beforeAll(async () => {
    before = await buildTestApp({ env: { AUTH_SECRET: OLD } });
    // The same database, restarted with the new secret and the old one as previous.
    after = await buildTestApp({ db: before.db, env: { AUTH_SECRET: NEW, AUTH_SECRET_PREVIOUS: OLD } });
    stranger = await buildTestApp({ db: before.db, env: { AUTH_SECRET: NEW } });
  });
  afterAll(async () => {
    await stranger.close();
    await after.close();
    await before.close();
  });

  it('accepts a session signed with the previous secret, and only while it is configured', async () => {
    const vendor = await createVendor(before.db, { vendor_id: uniqueId('rot') });
    const user = await createUser(before.db, before.config, { vendorIds: [vendor.vendor_id] });
    const headers = bearer(await login(before.app, user.email));
    const onAfter = await after.app.inject({ method: 'GET', url: '/api/v1/vendors', headers });
    expect(onAfter.statusCode).toBe(200);
    const withoutPrevious = await stranger.app.inject({ method: 'GET', url: '/api/v1/vendors', headers });
    expect(withoutPrevious.statusCode).toBe(401);
    // New sessions are signed with the new secret.
    const fresh = bearer(await login(after.app, user.email));
    expect((await before.app.inject({ method: 'GET', url: '/api/v1/vendors', headers: fresh })).statusCode).toBe(401);
  });

  it('accepts a fee quote signed with the previous secret', () => {
    const now = () => new Date('2026-03-10T08:00:00Z');
    const quote = {
      vendorId: 'v',
      origin: { lat: 24.8, lng: 67 },
      destination: { lat: 24.81, lng: 67.01 },
      feeMinor: 8500,
    };
    const signature = new FeeSigner(OLD, now).signQuote(quote);
    expect(new FeeSigner(NEW, now, undefined, [OLD]).verifyQuote(quote, signature)).toEqual({ ok: true });
    expect(new FeeSigner(NEW, now).verifyQuote(quote, signature)).toEqual({ ok: false, reason: 'mismatch' });
  });
});
