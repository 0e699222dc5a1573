import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_TTL_MS, requestHash } from '../src/modules/orders/idempotency.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { createMerchant, type Merchant, relogin } from './support/factories.ts';
import { countOrders, orderBody, postOrder, quoteFee, translationKey } from './support/orders.ts';

describe.each(databases())('POST /order idempotency on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let other: Merchant;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    merchant = await createMerchant(t);
    other = await createMerchant(t);
  });
  afterAll(() => t.close());

  const body = async (who = merchant) => orderBody(who.vendorId, await quoteFee(t, who));

  it('creates one order for three retries of a key and answers the same status and body each time', async () => {
    const key = randomUUID();
    const payload = await body();
    const before = await countOrders(t.db, merchant.vendorId);
    const answers = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      answers.push(await postOrder(t, merchant, payload, { 'idempotency-key': key }));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers[0]?.headers['idempotent-replayed']).toBeUndefined();
    expect(answers[2]?.headers['idempotent-replayed']).toBe('true');
    expect(await countOrders(t.db, merchant.vendorId)).toBe(before + 1);
  });

  it('replays the stored answer even after the fee quote has expired', async () => {
    const key = randomUUID();
    const payload = await body();
    const first = await postOrder(t, merchant, payload, { 'idempotency-key': key });
    t.clock.advance(20 * 60_000);
    const retry = await postOrder(t, merchant, payload, { 'idempotency-key': key });
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe(first.body);
  });

  it('refuses the same key with a different body', async () => {
    const key = randomUUID();
    const payload = await body();
    expect((await postOrder(t, merchant, payload, { 'idempotency-key': key })).statusCode).toBe(200);
    const changed = { ...payload, order: { ...payload.order, amount: 2500 } };
    const before = await countOrders(t.db, merchant.vendorId);
    const response = await postOrder(t, merchant, changed, { 'idempotency-key': key });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'IdempotencyKeyReused' });
    expect(await countOrders(t.db, merchant.vendorId)).toBe(before);
  });

  it('treats the same body with its keys in another order as the same request', async () => {
    const key = randomUUID();
    const payload = await body();
    const first = await postOrder(t, merchant, payload, { 'idempotency-key': key });
    const reordered = Object.fromEntries(Object.entries(payload).reverse());
    const retry = await postOrder(t, merchant, reordered, { 'idempotency-key': key });
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe(first.body);
  });

  it('creates one order for concurrent duplicates', async () => {
    const key = randomUUID();
    const payload = await body();
    const before = await countOrders(t.db, merchant.vendorId);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => postOrder(t, merchant, payload, { 'idempotency-key': key })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().result.order_id)).size).toBe(1);
    expect(await countOrders(t.db, merchant.vendorId)).toBe(before + 1);
  });

  // Decision 100: the create's one statement waits on the key's primary key, then reads what the other committed.
  it.runIf(kind === 'postgres')('waits for a duplicate holding the key, then replays what it committed', async () => {
    const target = t.db.listenTarget;
    if (target?.kind !== 'postgres') throw new Error('a PostgreSQL connection string is needed');
    const key = randomUUID();
    const payload = await body();
    const [user] = await t.db.query<{ id: string }>('select id::text as id from users where email = $1', [
      merchant.email,
    ]);
    const before = await countOrders(t.db, merchant.vendorId);
    const earlier = new pg.Client({ connectionString: target.connectionString });
    await earlier.connect();
    try {
      // An earlier request with the same key and body, its create written but not yet committed.
      await earlier.query('begin');
      await earlier.query(
        `insert into idempotency_keys (owner, key, request_hash, status_code, response, created_at, expires_at)
         values ($1, $2, $3, 200, $4, now(), now() + interval '1 day')`,
        [`user:${user!.id}`, key, requestHash(payload), JSON.stringify({ result: { order_id: 'EARLIER-1' } })],
      );
      const pending = postOrder(t, merchant, payload, { 'idempotency-key': key });
      // The create is blocked on the key until the earlier request commits. Asked by whom it waits for, not by
      // its text: a statement run for the first time on a connection may still show the one before it.
      for (let waiting = 0; waiting === 0; ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const [row] = await earlier
          .query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and pg_backend_pid() = any(pg_blocking_pids(pid))`,
          )
          .then((result) => result.rows);
        waiting = row?.n ?? 0;
      }
      await earlier.query('commit');
      const answer = await pending;
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['idempotent-replayed']).toBe('true');
      expect(answer.json()).toEqual({ result: { order_id: 'EARLIER-1' } });
      expect(await countOrders(t.db, merchant.vendorId)).toBe(before);
    } finally {
      await earlier.end();
    }
  });

  it('stores nothing for a refused request, so a corrected retry with the key succeeds', async () => {
    const key = randomUUID();
    const payload = await body();
    const refused = await postOrder(t, merchant, { ...payload, delivery_fee: 1 }, { 'idempotency-key': key });
    expect(translationKey(refused)).toBe('error.fee.changed');
    const [row] = await t.db.query<{ n: number }>('select count(*)::int as n from idempotency_keys where key = $1', [
      key,
    ]);
    expect(row?.n).toBe(0);
    expect((await postOrder(t, merchant, payload, { 'idempotency-key': key })).statusCode).toBe(200);
  });

  it('keeps keys per user: the same key from another user is another request', async () => {
    const key = randomUUID();
    const mine = await postOrder(t, merchant, await body(), { 'idempotency-key': key });
    const theirs = await postOrder(t, other, await body(other), { 'idempotency-key': key });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().result.order_id).not.toBe(mine.json().result.order_id);
  });

  it('lets a key be used again after 24 hours', async () => {
    const key = randomUUID();
    const first = await postOrder(t, merchant, await body(), { 'idempotency-key': key });
    t.clock.advance(IDEMPOTENCY_TTL_MS + 60_000);
    // The access token has expired with the clock: the same user logs in again.
    merchant = await relogin(t, merchant);
    const again = await postOrder(t, merchant, await body(), { 'idempotency-key': key });
    expect(again.statusCode).toBe(200);
    expect(again.json().result.order_id).not.toBe(first.json().result.order_id);
  });

  it('refuses a malformed key', async () => {
    const response = await postOrder(t, merchant, await body(), { 'idempotency-key': 'x'.repeat(300) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'IdempotencyKeyInvalid' });
  });
});
