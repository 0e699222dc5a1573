import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintGodroidToken } from '../src/ops/commands.ts';
import { seedIfEmpty } from '../src/seed/seed.ts';
import { buildTestApp, databases, type TestApp } from './support/app.ts';
import { bearer, createMerchant, login, PASSWORD } from './support/factories.ts';

describe.each(databases())('the welcome walkthrough, remembered per user on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  const welcome = (headers: Record<string, string>, method: 'GET' | 'PUT' = 'GET') =>
    t.app.inject({ method, url: '/api/v1/me/welcome', headers, ...(method === 'PUT' ? { payload: {} } : {}) });

  it('has already been seen by the demo merchant of the seed', async () => {
    // First, while the database is empty, as on a first start.
    await seedIfEmpty(t.db, t.config, t.clock.now);
    const demo = bearer(await login(t.app, t.config.demoEmail, t.config.demoPassword));
    expect((await welcome(demo)).json()).toEqual({ result: { seen: true } });
  });

  it('is unseen for a new user until marked, then seen from every login of theirs', async () => {
    const merchant = await createMerchant(t);
    expect((await welcome(merchant.headers)).json()).toEqual({ result: { seen: false } });

    // Another device: a login of its own, which has not marked anything yet.
    const otherDevice = bearer(await login(t.app, merchant.email, PASSWORD));
    expect((await welcome(otherDevice)).json()).toEqual({ result: { seen: false } });

    const marked = await welcome(merchant.headers, 'PUT');
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ result: { seen: true } });
    expect((await welcome(otherDevice)).json()).toEqual({ result: { seen: true } });
    // Marking again keeps the first time.
    const [first] = await t.db.query<{ welcome_seen_at: Date }>('select welcome_seen_at from users where email = $1', [
      merchant.email,
    ]);
    t.clock.advance(60_000);
    expect((await welcome(otherDevice, 'PUT')).json()).toEqual({ result: { seen: true } });
    const [again] = await t.db.query<{ welcome_seen_at: Date }>('select welcome_seen_at from users where email = $1', [
      merchant.email,
    ]);
    expect(again?.welcome_seen_at.getTime()).toBe(first?.welcome_seen_at.getTime());
  });

  it('is one user’s own: another user still has it to see', async () => {
    const first = await createMerchant(t);
    const second = await createMerchant(t);
    await welcome(first.headers, 'PUT');
    expect((await welcome(second.headers)).json()).toEqual({ result: { seen: false } });
  });

  it('is for signed-in users only', async () => {
    expect((await welcome({})).statusCode).toBe(401);
    expect((await welcome({}, 'PUT')).statusCode).toBe(401);
    const partner = await createMerchant(t);
    const { token } = await mintGodroidToken({ db: t.db, config: t.config, now: t.clock.now }, partner.vendorId, {
      days: 1,
    });
    expect((await welcome({ authorization: `GoDroid ${token}` })).statusCode).toBe(403);
    expect((await welcome({ authorization: `GoDroid ${token}` }, 'PUT')).statusCode).toBe(403);
  });
});
