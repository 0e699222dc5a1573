import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BulkJobDetailAnswer } from '@riderdesk/domain/contracts/bulk';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { fillTemplate, validBulkRow } from '../../../testing/bulk-sheet.ts';
import { REPO_ROOT } from '../src/config.ts';
import { openPglite } from '../src/db/db.ts';

// Several placement transactions' worth, so the kill lands between two of them.
const ROWS = 1000;
const VENDOR = 'pk-karachi-grill-clifton';
const LEASE_SECONDS = 5;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The real server (src/main.ts), on an embedded database in `dataDir`. */
function startServer(port: number, dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SIMULATOR: 'off',
      DISPATCHER: 'off',
      SEED_SERVICE_HOURS: '0000:0000',
      JOBS_POLL_INTERVAL_MS: '500',
      BULK_PLACEMENT_LEASE_SECONDS: String(LEASE_SECONDS),
      // A loaded test machine must not make the server shed the test's own calls.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      MAX_EVENT_LOOP_UTILIZATION: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const state = { output: '' };
  child.stdout?.on('data', (chunk) => {
    state.output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    state.output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, state, exited };
}

async function waitHealthy(base: string, server: { child: ChildProcess; state: { output: string } }) {
  await vi.waitFor(
    async () => {
      expect(server.child.exitCode, server.state.output).toBeNull();
      expect((await fetch(`${base}/health`)).status).toBe(200);
    },
    { timeout: 90_000, interval: 250 },
  );
}

describe('bulk placement survives kill -9', () => {
  const running: ChildProcess[] = [];
  afterAll(() => {
    for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('resumes after the server is killed half-way: every row becomes exactly one order', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-bulk-crash-'));

    const first = startServer(port, dataDir);
    running.push(first.child);
    await waitHealthy(base, first);

    const login = await fetch(`${base}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email_address: 'demo@riderdesk.pk', password: 'Riderdesk#2026' }),
    });
    const tokens = ((await login.json()) as { result: unknown }).result as { AccessToken: string; IdToken: string };
    const headers = {
      authorization: `Bearer ${tokens.AccessToken}|${tokens.IdToken}`,
      'content-type': 'application/json',
    };

    const template = Buffer.from(
      await (await fetch(`${base}/api/v1/bulk-job/example-file`, { headers })).arrayBuffer(),
    );
    const phones = Array.from({ length: ROWS }, (_, index) => `0301${String(5_000_000 + index).padStart(7, '0')}`);
    const file = await fillTemplate(
      template,
      phones.map((phone, index) =>
        validBulkRow({ phone_number: phone, latitude: 24.8138 + (index % 10) * 0.0003, longitude: 67.0402 }),
      ),
    );
    const created = await fetch(`${base}/api/v1/bulk-job/create`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ vendor_id: VENDOR, content: file.toString('base64'), file_name: 'crash.xlsx' }),
    });
    const job = ((await created.json()) as BulkJobDetailAnswer).body.bulk_job;
    expect(job.totals.orders_to_be_placed, first.state.output).toBe(ROWS);
    const jobId = job.metadata.bulk_job_id;
    const detail = async () =>
      (
        (await (
          await fetch(`${base}/api/v1/bulk-job/detail/${VENDOR}/${jobId}`, { headers })
        ).json()) as BulkJobDetailAnswer
      ).body;

    const placing = await fetch(`${base}/api/v1/bulk-job/place-orders/${jobId}`, {
      method: 'POST',
      headers,
      body: '{}',
    });
    expect(placing.status).toBe(200);
    await vi.waitFor(async () => expect((await detail()).bulk_job.totals.orders_placed).toBeGreaterThanOrEqual(1), {
      timeout: 60_000,
      interval: 50,
    });
    first.child.kill('SIGKILL');
    await first.exited;
    const placedBeforeCrash = (await openCount(dataDir, phones)).orders;
    expect(placedBeforeCrash).toBeLessThan(ROWS);

    // The killed attempt's lease must lapse before the restarted queue takes the job up again: rather than
    // wait it out, its start is moved back past the lease (the queue reads leases on the database's clock).
    expect(await lapseLeases(dataDir)).toBeGreaterThanOrEqual(1);
    const second = startServer(port, dataDir);
    running.push(second.child);
    await waitHealthy(base, second);
    await vi.waitFor(async () => expect((await detail()).bulk_job.placement).toBe('DONE'), {
      timeout: 120_000,
      interval: 250,
    });
    const done = await detail();
    expect(done.bulk_job.status).toBe('ORDER_PLACEMENT_SUCCESS');
    expect(done.bulk_job.totals.orders_placed).toBe(ROWS);
    // Every row, page by page (the detail answers a page of rows at a time), has its own order.
    const orderIds: (string | null)[] = [];
    for (let after: number | null = 0; after !== null; ) {
      const page: BulkJobDetailAnswer['body'] = (
        (await (
          await fetch(`${base}/api/v1/bulk-job/detail/${VENDOR}/${jobId}?after_row=${after}&limit=500`, { headers })
        ).json()) as BulkJobDetailAnswer
      ).body;
      orderIds.push(...page.orders.map((row) => row.order_id));
      after = page.next_after_row;
    }
    expect(orderIds).toHaveLength(ROWS);
    expect(orderIds).not.toContain(null);
    expect(new Set(orderIds).size).toBe(ROWS);

    second.child.kill('SIGTERM');
    expect(await second.exited, second.state.output).toBe(0);
    const after = await openCount(dataDir, phones);
    // Exactly one order per row, whatever was committed before the crash.
    expect(after).toEqual({ orders: ROWS, distinctPhones: ROWS });
  }, 300_000);
});

/**
 * Moves the start of every attempt still marked active back by its lease and a second, as if that much time
 * had passed since: the lease has lapsed. On the data folder, once no server holds it; answers how many.
 */
async function lapseLeases(dataDir: string): Promise<number> {
  const db = await openPglite(path.join(dataDir, 'pglite'));
  try {
    const [row] = await db.query<{ lapsed: number }>(
      `with lapsed as (
         update pgboss.job set started_on = started_on - make_interval(secs => expire_seconds + 1)
          where state = 'active' returning 1)
       select count(*)::int as lapsed from lapsed`,
    );
    return row?.lapsed ?? 0;
  } finally {
    await db.close();
  }
}

/** Orders of the file's customers, read from the data folder once no server holds it. */
async function openCount(dataDir: string, phones: string[]) {
  const db = await openPglite(path.join(dataDir, 'pglite'));
  try {
    const e164 = phones.map((phone) => `+92${phone.slice(1)}`);
    const [row] = await db.query<{ orders: number; distinctPhones: number }>(
      `select count(*)::int as orders, count(distinct customer_phone)::int as "distinctPhones"
         from orders where customer_phone = any($1)`,
      [e164],
    );
    return row ?? { orders: 0, distinctPhones: 0 };
  } finally {
    await db.close();
  }
}
