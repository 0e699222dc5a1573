import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.ts';
import { ORDER_CHANGES_CHANNEL } from '../src/modules/orders/model.ts';
import { buildTestApp, createTestDb, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { createMerchant, type Merchant } from './support/factories.ts';
import { orderBody, postOrder, quoteFee } from './support/orders.ts';

/** The real database, with every statement recorded and tagged with the transaction it ran in. */
function recordingDb(db: Db) {
  const statements: { transaction: number | null; sql: string }[] = [];
  let transactions = 0;
  const wrap = (handle: Db, transaction: number | null): Db => ({
    ...handle,
    query: (sql, params) => {
      statements.push({ transaction, sql });
      return handle.query(sql, params);
    },
    transaction: (fn) =>
      transaction === null ? handle.transaction((tx) => fn(wrap(tx, ++transactions))) : fn(wrap(handle, transaction)),
  });
  return { db: wrap(db, null), statements };
}

/** A LISTEN of its own, as another API instance would hold: what was announced, in commit order. */
async function listenToOrderChanges(db: Db) {
  const notices: { order_id: string }[] = [];
  const waiters: { orderId: string; resolve: () => void }[] = [];
  const received = (payload: string) => {
    const notice = JSON.parse(payload) as { order_id: string };
    notices.push(notice);
    for (const waiter of waiters.filter((candidate) => candidate.orderId === notice.order_id)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  const target = db.listenTarget;
  if (!target) throw new Error('this database cannot LISTEN');
  let close: () => Promise<void>;
  if (target.kind === 'pglite') {
    close = await target.pglite.listen(ORDER_CHANGES_CHANNEL, received);
  } else {
    const client = new pg.Client({ connectionString: target.connectionString });
    await client.connect();
    client.on('notification', (message) => {
      if (message.channel === ORDER_CHANGES_CHANNEL && message.payload) received(message.payload);
    });
    await client.query(`listen ${ORDER_CHANGES_CHANNEL}`);
    close = () => client.end();
  }
  return {
    notices,
    close,
    /** Notices arrive in commit order, so once this one is here every earlier one is too. */
    until(orderId: string): Promise<void> {
      if (notices.some((notice) => notice.order_id === orderId)) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ orderId, resolve }));
    },
  };
}

describe.each(databases())('order creates and edits announced with their transaction on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let listener: Awaited<ReturnType<typeof listenToOrderChanges>>;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    merchant = await createMerchant(t);
    listener = await listenToOrderChanges(t.db);
  });
  afterAll(async () => {
    await listener.close();
    await t.close();
  });

  const create = async (change: (body: ReturnType<typeof orderBody>) => void = () => {}, key?: string) => {
    const body = orderBody(merchant.vendorId, await quoteFee(t, merchant));
    change(body);
    return postOrder(t, merchant, body, key ? { 'idempotency-key': key } : {});
  };
  const placed = async (key?: string) => {
    const response = await create(undefined, key);
    expect(response.statusCode).toBe(200);
    return response.json().result.order_id as string;
  };

  it('announces a create exactly once and a refused create not at all', async () => {
    listener.notices.length = 0;
    const first = await placed();
    const refused = await create((body) => {
      body.signature = `${body.signature}x`;
    });
    expect(refused.statusCode).toBe(400);
    const second = await placed();
    await listener.until(second);
    expect(listener.notices.map((notice) => notice.order_id)).toEqual([first, second]);
  });

  it('announces an edit once and a replayed create not at all', async () => {
    const key = randomUUID();
    const orderId = await placed(key);
    await listener.until(orderId);
    listener.notices.length = 0;

    const replayed = await create(undefined, key);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    const quote = await quoteFee(t, merchant);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/order/${orderId}`,
      headers: merchant.headers,
      payload: {
        vendor_id: merchant.vendorId,
        payment_method: 'PAID',
        amount: 2000,
        item_details: 'Three biryani boxes',
        location: { address: 'House 12, Street 4, Bahadurabad', notes: '', latitude: 24.87, longitude: 67.01 },
        delivery_fee: quote.fee,
        signature: quote.signature,
      },
    });
    expect(edited.statusCode).toBe(200);
    const marker = await placed();
    await listener.until(marker);
    expect(listener.notices.map((notice) => notice.order_id)).toEqual([orderId, marker]);
  });
});

describe.each(databases())('the statements of an order create on %s', (kind) => {
  it('writes the order, its NEW history entry, the NOTIFY and the Idempotency-Key in one statement', async () => {
    const test = await createTestDb(kind);
    const recording = recordingDb(test.db);
    const t = await buildTestApp({ kind, ...IN_SERVICE_HOURS, db: recording.db });
    try {
      const merchant = await createMerchant(t);
      const body = orderBody(merchant.vendorId, await quoteFee(t, merchant));
      // The first keyed create of an instance also sweeps expired keys (hourly).
      expect((await postOrder(t, merchant, body, { 'idempotency-key': randomUUID() })).statusCode).toBe(200);
      recording.statements.length = 0;
      const key = randomUUID();
      const created = await postOrder(t, merchant, body, { 'idempotency-key': key });
      expect(created.statusCode).toBe(200);

      // The session, the vendor with the country parameters, then the write (decision 100).
      const { statements } = recording;
      expect(statements).toHaveLength(3);
      expect(statements.every((statement) => statement.transaction === null)).toBe(true);
      const [write] = statements.filter((statement) => statement.sql.includes('pg_notify'));
      expect(write?.sql).toMatch(/insert into orders\b/);
      expect(write?.sql).toContain('insert into order_status_history');
      expect(write?.sql).toContain('insert into idempotency_keys');
      const [stored] = await t.db.query<{ response: unknown }>('select response from idempotency_keys where key = $1', [
        key,
      ]);
      expect(stored?.response).toEqual(created.json());
    } finally {
      await t.close();
      await test.drop();
    }
  });
});
