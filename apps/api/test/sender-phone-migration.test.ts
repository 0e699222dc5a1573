import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { senderPhoneNumber } from '@riderdesk/domain/phone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.ts';
import { MIGRATIONS_DIR } from '../src/db/migrate.ts';
import { createTestDb, databases, type TestDb } from './support/app.ts';
import { uniqueId } from './support/factories.ts';

const migration139 = () => readFile(path.join(MIGRATIONS_DIR, '139_sender_phones_in_e164.sql'), 'utf8');

// Migration 139: the sender phones of vendors' orders, stored as their digits before, become E.164 as the
// phone module writes a sender phone now. It changes nothing when it runs again, so it is run again here on a
// migrated database with rows written as they were before.
describe.each(databases())('migration 139: sender phones in E.164 on %s', (kind) => {
  let test: TestDb;
  let db: Db;

  const insertOrder = async (vendorId: string, senderPhone: string | null) => {
    const orderId = uniqueId('ORD');
    await db.query(
      `insert into orders (order_id, vendor_id, tracking_token, status, created_at, updated_at, currency,
         delivery_fee_minor, distance_m, customer_name, customer_phone, customer_address, customer_latitude,
         customer_longitude, pickup_latitude, pickup_longitude, payment_method, sender_phone)
       values ($1, $2, $1, 'DELIVERED', now(), now(), 'PKR', 10000, 1000, 'Zainab', '+923001234567', 'Clifton',
         24.8, 67.0, 24.81, 67.03, 'CASH_ON_DELIVERY', $3)`,
      [orderId, vendorId, senderPhone],
    );
    return orderId;
  };
  const senderPhoneOf = async (orderId: string) =>
    (
      await db.query<{ sender_phone: string | null }>('select sender_phone from orders where order_id = $1', [orderId])
    )[0]?.sender_phone;

  beforeAll(async () => {
    test = await createTestDb(kind);
    db = test.db;
    await db.query(
      `insert into vendors (vendor_id, name, currency, country_code)
       values ('pk-grill', 'Grill', 'PKR', 'PK'), ('sg-kopi', 'Kopi', 'SGD', 'SG')`,
    );
  });
  afterAll(() => test.drop());

  it.each([
    ['pk-grill', '03001234567', 'PK'],
    ['pk-grill', '923001234567', 'PK'],
    ['pk-grill', '3001234567', 'PK'],
    ['pk-grill', '02135871234', 'PK'],
    ['sg-kopi', '91234567', 'SG'],
    ['sg-kopi', '6591234567', 'SG'],
    ['sg-kopi', '65123456', 'SG'],
  ])('writes %s’s sender phone %s as the phone module does', async (vendorId, stored, country) => {
    const orderId = await insertOrder(vendorId, stored);
    await db.query(await migration139());
    const converted = await senderPhoneOf(orderId);
    expect(converted).toBe(senderPhoneNumber(stored, country));
    expect(converted?.startsWith('+')).toBe(true);
  });

  it('leaves E.164, no sender and text that is no number as they are, and changes nothing when run again', async () => {
    const kept = [
      await insertOrder('pk-grill', '+923001234567'),
      await insertOrder('pk-grill', null),
      await insertOrder('pk-grill', '12345'),
    ];
    const national = await insertOrder('pk-grill', '03211234567');
    await db.query(await migration139());
    await db.query(await migration139());
    expect(await Promise.all(kept.map(senderPhoneOf))).toEqual(['+923001234567', null, '12345']);
    expect(await senderPhoneOf(national)).toBe('+923211234567');
  });
});
