// The webhook check the README shows (docs/examples/verify-webhook.mjs), run against real signed deliveries of
// the webhooks module, so the example a merchant copies cannot drift from what the module signs.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiOrderCreateBodySchema } from '@riderdesk/domain/contracts/merchant-api';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.ts';
import { createJobQueue, type JobQueue } from '../src/infra/jobs/job-queue.ts';
import { createWebhooks } from '../src/modules/webhooks/service.ts';
import { createTestDb, type DatabaseKind, databases, type TestDb } from './support/app.ts';

type VerifyWebhook = (
  secret: string,
  rawBody: Buffer | string,
  headers: IncomingHttpHeaders,
  nowSeconds?: number,
) => boolean;

const EXAMPLE = new URL('../../../docs/examples/verify-webhook.mjs', import.meta.url);
const README = new URL('../../../README.md', import.meta.url);
const { verifyWebhook } = (await import(EXAMPLE.href)) as { verifyWebhook: VerifyWebhook };

const VENDOR = 'v-example-hooks';
const SIGNED_AT = new Date('2026-03-10T08:00:00Z');
const signedAtSeconds = SIGNED_AT.getTime() / 1000;

describe('the README section "Connect your system"', () => {
  const readme = readFileSync(README, 'utf8');
  const section = readme.slice(readme.indexOf('## Connect your system'));

  it('shows the webhook check word for word as docs/examples has it', () => {
    const block = /```js\n([\s\S]*?)```/.exec(section)?.[1];
    expect(block).toBe(readFileSync(EXAMPLE, 'utf8'));
  });

  it('books an order with a body the merchant API takes', () => {
    const body = /\/merchant\/api\/v1\/orders[\s\S]*?-d '([\s\S]*?)'/.exec(section)?.[1];
    expect(ApiOrderCreateBodySchema.safeParse(JSON.parse(body ?? 'null')).success).toBe(true);
  });
});

describe.each(databases())('the example webhook check on a real delivery, %s', (kind: DatabaseKind) => {
  let testDb: TestDb;
  let db: Db;
  let jobs: JobQueue;
  let server: Server;
  let secret: string;
  const received: { body: Buffer; headers: IncomingHttpHeaders }[] = [];

  beforeAll(async () => {
    testDb = await createTestDb(kind);
    db = testDb.db;
    await db.query(`insert into vendors (vendor_id, name, currency, country_code) values ($1, 'Grill', 'PKR', 'PK')`, [
      VENDOR,
    ]);
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ body: Buffer.concat(chunks), headers: req.headers });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    jobs = createJobQueue({ db, log: pino({ level: 'silent' }), settings: { pollIntervalMs: 500, concurrency: 1 } });
    const webhooks = createWebhooks({
      db,
      jobs,
      clock: () => SIGNED_AT,
      environment: 'san',
      authSecret: 'test-auth-secret-for-webhooks-0123456789',
    });
    await jobs.open();
    const endpoint = await webhooks.createEndpoint({
      vendorId: VENDOR,
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
      events: ['order.status_changed'],
    });
    secret = endpoint.secret;
    await webhooks.enqueueEvent({
      vendorId: VENDOR,
      orderId: 'o-1',
      type: 'order.status_changed',
      body: { order_id: 'o-1', client_order_id: 'pos-17', status: 'PICKED_UP', note: 'Ø ✓ اردو' },
    });
    await jobs.drain();
  });
  afterAll(async () => {
    await jobs.stop();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await testDb.drop();
  });

  it('accepts the delivery as signed, on the raw bytes', () => {
    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(verifyWebhook(secret, delivery!.body, delivery!.headers, signedAtSeconds)).toBe(true);
    expect(JSON.parse(delivery!.body.toString('utf8'))).toMatchObject({ order_id: 'o-1', status: 'PICKED_UP' });
  });

  it('refuses any changed byte, another secret, another event id or a forged signature', () => {
    const { body, headers } = received[0]!;
    for (let at = 0; at < body.length; at++) {
      const changed = Buffer.from(body);
      changed[at] = changed[at]! ^ 0x01;
      expect(verifyWebhook(secret, changed, headers, signedAtSeconds)).toBe(false);
    }
    expect(verifyWebhook(`${secret}x`, body, headers, signedAtSeconds)).toBe(false);
    const otherEvent = { ...headers, 'x-webhook-event-id': '00000000-0000-4000-8000-000000000000' };
    expect(verifyWebhook(secret, body, otherEvent, signedAtSeconds)).toBe(false);
    for (const signature of [
      undefined,
      '',
      'zz',
      `${headers['x-webhook-signature']}00`,
      headers['x-signature-sha256'],
    ]) {
      expect(verifyWebhook(secret, body, { ...headers, 'x-webhook-signature': signature }, signedAtSeconds)).toBe(
        false,
      );
    }
  });

  it('accepts a timestamp within 5 minutes of the clock and refuses a replay after', () => {
    const { body, headers } = received[0]!;
    expect(verifyWebhook(secret, body, headers, signedAtSeconds + 300)).toBe(true);
    expect(verifyWebhook(secret, body, headers, signedAtSeconds - 300)).toBe(true);
    expect(verifyWebhook(secret, body, headers, signedAtSeconds + 301)).toBe(false);
    const laterStamp = { ...headers, 'x-webhook-timestamp': String(signedAtSeconds + 60) };
    expect(verifyWebhook(secret, body, laterStamp, signedAtSeconds + 60)).toBe(false);
  });
});
