import { randomUUID } from 'node:crypto';
import type { BulkJobDetailAnswer } from '@riderdesk/domain/contracts/bulk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillTemplate, validBulkRow } from '../../../testing/bulk-sheet.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { downloadTemplate, uploadBulkFile } from './support/bulk.ts';
import { createMerchant, type Merchant } from './support/factories.ts';
import { connectLive, type LiveClient, listenOnRandomPort } from './support/live.ts';

describe.each(databases())('bulk_job_update on the live socket on %s', (kind) => {
  let t: TestApp;
  let host: string;
  let merchant: Merchant;
  let stranger: Merchant;
  const clients: LiveClient[] = [];

  const subscribed = async (who: Merchant) => {
    const client = await connectLive(host, who.headers.authorization!);
    clients.push(client);
    client.send('subscribeToVendor', { vendor_id: who.vendorId });
    await client.waitFor((message) => message.event === 'subscribe_ok');
    return client;
  };

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS, env: { JOBS_POLL_INTERVAL_MS: '500' } });
    host = await listenOnRandomPort(t.app);
    merchant = await createMerchant(t);
    stranger = await createMerchant(t);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await t.close();
  });

  it('pushes placement progress to the job vendor’s sockets, beside order_update, and to no one else', async () => {
    const mine = await subscribed(merchant);
    const theirs = await subscribed(stranger);
    const template = await downloadTemplate(t, merchant);
    // More rows than one placement transaction takes, so progress is pushed before the end.
    const rows = Array.from({ length: 30 }, (_, index) =>
      validBulkRow({ phone_number: `0300666${String(index).padStart(4, '0')}` }),
    );
    const file = await fillTemplate(template, rows);
    const job = ((await uploadBulkFile(t, merchant, file)).json() as BulkJobDetailAnswer).body.bulk_job;
    const jobId = job.metadata.bulk_job_id;
    await t.app.inject({ method: 'POST', url: `/api/v1/bulk-job/place-orders/${jobId}`, headers: merchant.headers });

    const done = await mine.waitFor(
      (message) => message.event === 'bulk_job_update' && message.data.placement === 'DONE',
      20_000,
    );
    expect(done.data).toMatchObject({
      bulk_job_id: jobId,
      vendor_id: merchant.vendorId,
      status: 'ORDER_PLACEMENT_SUCCESS',
      orders_placed: 30,
      orders_to_be_placed: 30,
    });
    const placed = mine.messages
      .filter((message) => message.event === 'bulk_job_update')
      .map((message) => Number(message.data.orders_placed));
    expect(placed).toContain(0);
    expect(placed.some((count) => count > 0 && count < 30)).toBe(true);
    await mine.waitFor((message) => message.event === 'order_update');
    expect(theirs.messages.some((message) => message.event === 'bulk_job_update')).toBe(false);
  });

  it('pushes the checking of an upload the browser named, before its job exists, to its vendor only', async () => {
    const mine = await subscribed(merchant);
    const theirs = await subscribed(stranger);
    const template = await downloadTemplate(t, merchant);
    const rows = Array.from({ length: 120 }, (_, index) =>
      validBulkRow({ phone_number: `0300777${String(index).padStart(4, '0')}` }),
    );
    const uploadId = randomUUID();
    const answer = await uploadBulkFile(t, merchant, await fillTemplate(template, rows), { uploadId });
    expect(answer.statusCode).toBe(200);

    const last = await mine.waitFor(
      (message) =>
        message.event === 'bulk_job_update' && message.data.upload_id === uploadId && message.data.rows_checked === 100,
    );
    expect(last.data).toMatchObject({ status: 'PREPROCESSING', vendor_id: merchant.vendorId, total_rows: 120 });
    const checked = mine.messages
      .filter((message) => message.event === 'bulk_job_update' && message.data.upload_id === uploadId)
      .map((message) => Number(message.data.rows_checked));
    expect(checked).toEqual(expect.arrayContaining([0, 50, 100]));
    expect(theirs.messages.some((message) => message.event === 'bulk_job_update')).toBe(false);
  });

  it('refuses an upload id that is not a UUID, before reading the file', async () => {
    const template = await downloadTemplate(t, merchant);
    const file = await fillTemplate(template, [validBulkRow({ phone_number: '03007770999' })]);
    const answer = await uploadBulkFile(t, merchant, file, { uploadId: 'not-a-uuid' });
    expect(answer.statusCode).toBe(400);
  });
});
