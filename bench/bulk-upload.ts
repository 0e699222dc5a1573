// Bulk upload (issue 11): a workbook near the 5 MB limit, its preprocessing beside the raw SheetJS parse of
// the same file in the same run, the event loop's delay while it is preprocessed (with the API answering
// other calls meanwhile), and the placement rate of its orders.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import * as XLSX from '@e965/xlsx';
import { BULK_COLUMNS } from '@riderdesk/domain/bulk/bulk-sheet';
import { BULK_FILE_MAX_BYTES } from '@riderdesk/domain/constants';
import { buildApp } from '../apps/api/src/app.ts';
import { wallClock } from '../apps/api/src/clock.ts';
import { type Db, openPglite } from '../apps/api/src/db/db.ts';
import { withAuthSecret } from '../apps/api/src/db/instance-secrets.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { createScratchDatabase } from '../apps/api/src/db/scratch-database.ts';
import { setCountryParameter } from '../apps/api/src/modules/vendors/repo.ts';
import { seed } from '../apps/api/src/seed/seed.ts';
import { benchConfig } from './bench-config.ts';

export type BenchDatabase = 'postgres' | 'pglite';

export interface BulkBenchResult {
  database: BenchDatabase;
  rows: number;
  fileBytes: number;
  /** The faster of the two raw parses (the anchor); the first, in a cold process, beside it. */
  rawParseMs: number;
  rawParseColdMs: number;
  preprocessMs: number;
  /** Preprocessing over the raw parse (goal: at most 3). */
  ratio: number;
  eventLoopDelayMs: { p50: number; p99: number; max: number };
  /** GET /health calls answered while the file was preprocessed, and their slowest. */
  healthAnswered: number;
  healthMaxMs: number;
  placedOrders: number;
  /** Orders placed per second by the placement job (goal: at least 300 on PostgreSQL). */
  placementPerSecond: number;
  loadAverage: number;
}

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const OUTLET_ID = 'pk-karachi-grill-clifton';

/** A workbook of `rows` good orders as the template lays them out, English headers. */
export function bulkWorkbook(rows: number): Buffer {
  const sheet: (string | number)[][] = [[...BULK_COLUMNS]];
  for (let index = 0; index < rows; index++) {
    sheet.push([
      'Ayesha Khan',
      `0300${String(1_000_000 + index).padStart(7, '0')}`,
      `House ${index % 400}, Street ${index % 37}, Block 4, Clifton, Karachi`,
      24.8138 + (index % 50) * 0.0002,
      67.0402 + (index % 20) * 0.0002,
      `Flat ${index % 90}`,
      'Sea Breeze Tower',
      'Ring the bell twice and call on arrival',
      'Two biryani boxes and a salad',
      1500 + (index % 300),
      'CASH_ON_DELIVERY',
      'INSTANT',
      '',
      OUTLET_ID,
    ]);
  }
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(sheet), 'Orders');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/**
 * With BENCH_PROFILE_DIR set, a CPU profile of the main thread during one measured phase (preprocessing,
 * placement) is written there, to open in Chrome's DevTools: the phases alone, without the start-up.
 */
async function profilePhase(name: string): Promise<() => Promise<void>> {
  const dir = process.env.BENCH_PROFILE_DIR;
  if (!dir) return async () => {};
  mkdirSync(dir, { recursive: true });
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(path.join(dir, `bulk-${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  };
}

async function openDatabase(kind: BenchDatabase): Promise<{ db: Db; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'rd-bench-bulk-'));
    const db = await openPglite(path.join(dir, 'pglite'));
    return {
      db,
      async drop() {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  return createScratchDatabase(ADMIN_URL, { prefix: 'rd_bench_bulk', poolSize: 10 });
}

export async function benchBulkUpload(options: { database: BenchDatabase; rows: number }): Promise<BulkBenchResult> {
  const file = bulkWorkbook(options.rows);
  if (file.length > BULK_FILE_MAX_BYTES) throw new Error(`${file.length} bytes is over the limit; use fewer rows`);

  // The anchor: SheetJS alone on the same bytes, in this process; measured again just before the upload
  // (warm, and under the load of that moment), and the faster of the two is the anchor.
  const rawParse = () => {
    const parseStart = performance.now();
    const parsed = XLSX.read(file, { type: 'buffer', dense: true });
    XLSX.utils.sheet_to_json(parsed.Sheets[parsed.SheetNames[0]!]!, { header: 1, raw: true });
    return performance.now() - parseStart;
  };
  const coldParseMs = rawParse();

  const baseConfig = benchConfig({
    ...process.env,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    REQUEST_TIMEOUT_MS: '600000',
  });
  const { db, drop } = await openDatabase(options.database);
  try {
    await migrate(db);
    const config = await withAuthSecret(baseConfig, db);
    await seed(db, config, wallClock);
    await setCountryParameter(db, 'serviceHours', '0000:0000');
    const app = await buildApp(
      { ...config, dispatch: { ...config.dispatch, dispatcher: false, simulator: false } },
      { db },
    );
    await app.ready();
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const login = await fetch(`${base}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email_address: config.demoEmail, password: config.demoPassword }),
      });
      const tokens = ((await login.json()) as { result: { AccessToken: string; IdToken: string } }).result;
      const headers = {
        authorization: `Bearer ${tokens.AccessToken}|${tokens.IdToken}`,
        'content-type': 'application/json',
      };

      // A server that has read a file before: the parse pool's thread has its reader loaded (decision 054).
      const warmUp = await fetch(`${base}/api/v1/bulk-job/create`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          vendor_id: OUTLET_ID,
          content: bulkWorkbook(5).toString('base64'),
          file_name: 'w.xlsx',
        }),
      });
      if (!warmUp.ok) throw new Error(`warm-up upload answered ${warmUp.status}`);

      const rawParseMs = Math.min(coldParseMs, rawParse());
      const delay = monitorEventLoopDelay({ resolution: 10 });
      let isUploading = true;
      let healthAnswered = 0;
      let healthMaxMs = 0;
      const prober = (async () => {
        while (isUploading) {
          const start = performance.now();
          await fetch(`${base}/health`);
          healthMaxMs = Math.max(healthMaxMs, performance.now() - start);
          healthAnswered++;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      delay.enable();
      const stopUploadProfile = await profilePhase('preprocessing');
      const uploadStart = performance.now();
      const created = await fetch(`${base}/api/v1/bulk-job/create`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ vendor_id: OUTLET_ID, content: file.toString('base64'), file_name: 'bench.xlsx' }),
      });
      const preprocessMs = performance.now() - uploadStart;
      await stopUploadProfile();
      delay.disable();
      isUploading = false;
      await prober;
      const answer = (await created.json()) as {
        body: { bulk_job: { metadata: { bulk_job_id: string }; totals: { orders_to_be_placed: number } } };
      };
      if (!created.ok) throw new Error(`upload answered ${created.status}: ${JSON.stringify(answer).slice(0, 500)}`);
      const jobId = answer.body.bulk_job.metadata.bulk_job_id;

      const stopPlacementProfile = await profilePhase('placement');
      const placeStart = performance.now();
      await fetch(`${base}/api/v1/bulk-job/place-orders/${jobId}`, { method: 'POST', headers, body: '{}' });
      let placed = 0;
      for (;;) {
        const detail = await fetch(`${base}/api/v1/bulk-job/detail/${OUTLET_ID}/${jobId}`, { headers });
        const body = (await detail.json()) as {
          body: { bulk_job: { placement: string; totals: { orders_placed: number } } };
        };
        if (!detail.ok) throw new Error(`job detail answered ${detail.status}: ${JSON.stringify(body).slice(0, 500)}`);
        const job = body.body.bulk_job;
        placed = job.totals.orders_placed;
        if (job.placement === 'DONE') break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const placementSeconds = (performance.now() - placeStart) / 1000;
      await stopPlacementProfile();
      const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e5) / 10;
      return {
        database: options.database,
        rows: options.rows,
        fileBytes: file.length,
        rawParseMs: Math.round(rawParseMs),
        rawParseColdMs: Math.round(coldParseMs),
        preprocessMs: Math.round(preprocessMs),
        ratio: Math.round((preprocessMs / rawParseMs) * 10) / 10,
        eventLoopDelayMs: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
        healthAnswered,
        healthMaxMs: Math.round(healthMaxMs),
        placedOrders: placed,
        placementPerSecond: Math.round((placed / placementSeconds) * 10) / 10,
        loadAverage: Math.round((loadavg()[0] ?? 0) * 10) / 10,
      };
    } finally {
      await app.close();
    }
  } finally {
    await drop();
  }
}

export function formatBulkUpload(result: BulkBenchResult): string {
  return [
    `${result.database}: ${result.rows} rows, ${(result.fileBytes / 1024 / 1024).toFixed(2)} MB`,
    `  raw SheetJS parse ${result.rawParseMs} ms (cold ${result.rawParseColdMs} ms); upload + preprocessing ${result.preprocessMs} ms (${result.ratio}×, goal ≤ 3×)`,
    `  event-loop delay p50 ${result.eventLoopDelayMs.p50} ms, p99 ${result.eventLoopDelayMs.p99} ms (goal < 100), max ${result.eventLoopDelayMs.max} ms`,
    `  /health answered ${result.healthAnswered} times meanwhile, slowest ${result.healthMaxMs} ms`,
    `  placement ${result.placedOrders} orders at ${result.placementPerSecond} orders/s (goal ≥ 300 on PostgreSQL)`,
    `  load average ${result.loadAverage}`,
  ].join('\n');
}
