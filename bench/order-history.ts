// Order history at scale (issue "Order history"): a year of orders over many vendors on PostgreSQL, the
// history page through the API and as bare SQL, a phone search over a month, and a large CSV export.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/api/src/app.ts';
import { wallClock } from '../apps/api/src/clock.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { withAuthSecret } from '../apps/api/src/db/instance-secrets.ts';
import { createScratchDatabase } from '../apps/api/src/db/scratch-database.ts';
import { EXPORT_STEPS } from '../apps/api/src/modules/orders/export-format.ts';
import { historyFilters } from '../apps/api/src/modules/orders/list-service.ts';
import {
  countOrderPage,
  type ExportRecord,
  findExportBatch,
  findOrderPage,
  type OrderPageQuery,
} from '../apps/api/src/modules/orders/repo.ts';
import { seed } from '../apps/api/src/seed/seed.ts';
import { nodeChild, pacedHttp, percentile, successes } from './child-process.ts';
import { pace } from './pace.mjs';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const OUTLET_ID = 'pk-karachi-grill-clifton';
const DAY = 86_400_000;
// The outlet's searches are index look-ups since migration 090 (they read its whole month before, a few per
// second filled the pool): they are fired at this rate.
const OUTLET_SEARCH_RATE = Number(process.env.BENCH_SEARCH_RATE) || 50;
// A complete phone of the outlet's seeded orders ('+92300' and seven digits), typed nationally.
const COMPLETE_PHONE = '0300 0012345';

export interface OrderHistoryOptions {
  /** Orders spread over 12 months and `vendors` vendors. */
  orders: number;
  vendors: number;
  /** Orders of the demo outlet in the last 30 days: the export's rows. */
  exportRows: number;
  rate: number;
  durationSeconds: number;
}

/**
 * A pause before each measured run: a run that saturates the machine leaves queries still running in
 * PostgreSQL after its last request, and they would be counted against the next run.
 */
const SETTLE_MS = 3000;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/**
 * Downloads `url` in a child process, as a browser would (asking for br or gzip, which it decodes), and
 * answers the decoded bytes and line feeds it counted.
 */
async function download(
  url: string,
  authorization: string,
): Promise<{ bytes: number; newlines: number; encoding: string }> {
  const client = `
    const response = await fetch(process.env.URL, { headers: { authorization: process.env.AUTHORIZATION } });
    let bytes = 0, newlines = 0;
    for await (const chunk of response.body) {
      bytes += chunk.byteLength;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) newlines++;
    }
    process.stdout.write(JSON.stringify({ bytes, newlines, encoding: response.headers.get('content-encoding') ?? 'identity' }));`;
  return nodeChild(['--input-type=module', '-e', client], { URL: url, AUTHORIZATION: authorization });
}

/** A full garbage collection where the process allows one (`--expose-gc`). */
const collectGarbage = () => (globalThis as { gc?: () => void }).gc?.();

export async function benchOrderHistory(options: OrderHistoryOptions) {
  const loaded = loadConfig({
    ...process.env,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'silent',
    MAP_TILE_URL: '',
    RATE_LIMIT_GLOBAL: '1000000',
  });
  if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
  const {
    db,
    drop,
    url: databaseUrl,
  } = await createScratchDatabase(ADMIN_URL, {
    prefix: 'rd_bench_history',
    poolSize: 10,
  });
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(line);
    process.stdout.write(`${line}\n`);
  };
  try {
    const config = await withAuthSecret(loaded.config, db);
    await seed(db, config, wallClock);
    const now = Date.now();
    const started = performance.now();
    await db.query(
      `insert into vendors (vendor_id, name, currency, country_code)
       select 'bench-' || g, 'Bench vendor ' || g, 'PKR', 'PK' from generate_series(1, $1::int) g`,
      [options.vendors],
    );
    // A realistic status mix: mostly delivered, some cancelled, a few returned or still on the way.
    const insertOrders = (count: number, vendorSql: string, spanDays: number) =>
      db.query(
        `insert into orders (order_id, vendor_id, tracking_token, status, created_at, updated_at, currency,
           delivery_fee_minor, distance_m, customer_name, customer_phone, customer_address, customer_latitude,
           customer_longitude, pickup_latitude, pickup_longitude, amount_minor, description, payment_method)
         select 'B' || $4 || '-' || g, ${vendorSql}, md5($4 || g::text),
                (array['DELIVERED','DELIVERED','DELIVERED','DELIVERED','DELIVERED','DELIVERED','DELIVERED',
                       'CANCELLED','CANCELLED','RETURNED_TO_VENDOR','PICKED_UP','STALLED'])[1 + g % 12],
                to_timestamp($2::float8 / 1000) - make_interval(secs => (random() * $3::float8 * 86400)),
                to_timestamp($2::float8 / 1000), 'PKR', 15000 + (g % 20) * 500, 3000,
                'Customer ' || (g % 5000), '+92300' || lpad((g % 9999999)::text, 7, '0'),
                'House ' || (g % 300) || ', Block 5, Clifton', 24.81, 67.03, 24.80, 67.03,
                120000 + (g % 50) * 1000, 'Meal box', 'CASH_ON_DELIVERY'
           from generate_series(1, $1::int) g`,
        [count, now, spanDays, randomBytes(3).toString('hex')],
      );
    // In chunks: one statement must stay inside the pool's statement timeout.
    const SEED_CHUNK = 50_000;
    const insertChunked = async (count: number, vendorSql: string, spanDays: number) => {
      for (let done = 0; done < count; done += SEED_CHUNK) {
        await insertOrders(Math.min(SEED_CHUNK, count - done), vendorSql, spanDays);
      }
    };
    await insertChunked(options.orders, `'bench-' || (1 + g % ${options.vendors})`, 365);
    await insertChunked(options.exportRows, `'${OUTLET_ID}'`, 30);
    // The outlet's orders carry a status history as real ones do (created, accepted, collected, then their
    // status): the list and the export read it.
    await db.query(
      `insert into order_status_history (order_id, status, created_at)
       select o.order_id, s.status, o.created_at + s.n * interval '7 minutes'
         from orders o
         cross join lateral unnest(array['NEW', 'COURIER_ACCEPTED_DELIVERY', 'PICKED_UP', o.status])
              with ordinality as s(status, n)
        where o.vendor_id = $1 and o.order_id like 'B%'`,
      [OUTLET_ID],
    );
    // As autovacuum leaves a table some time after a bulk load: statistics, visibility map, GIN pending lists.
    await db.query('vacuum analyze orders');
    await db.query('vacuum analyze order_status_history');
    await db.query('analyze vendors');
    say(
      `seeded ${options.orders + options.exportRows} orders (${options.vendors} vendors, 12 months) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const monthAgo = new Date(now - 30 * DAY).toISOString();
    const nowIso = new Date(now).toISOString();
    const pageQuery: OrderPageQuery = {
      vendorId: 'bench-7',
      includeOutlets: false,
      isScheduled: false,
      from: monthAgo,
      to: nowIso,
      customerPhone: null,
      statuses: null,
      search: null,
      after: null,
      limit: 31,
    };
    const explain = async (label: string, sql: string, params: unknown[]) => {
      const plan = await db.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers, costs off) ${sql}`,
        params as never,
      );
      say(`EXPLAIN ${label}:\n${plan.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}`);
    };
    await explain(
      'history page (one vendor, a month, newest 31)',
      `select o.order_id from orders o where o.vendor_id = $1 and o.created_at >= $2::timestamptz
         and o.created_at <= $3::timestamptz order by o.created_at desc, o.order_id desc limit 31`,
      ['bench-7', monthAgo, nowIso],
    );
    const searchSql = `select o.order_id from orders o where o.vendor_id = $1 and o.created_at >= $2::timestamptz
         and o.created_at <= $3::timestamptz and (lower(o.order_id) like $4
           or lower(replace(o.customer_name, ' ', '')) like $4
           or translate(o.customer_phone, '+ ()-', '') like $5)
         order by o.created_at desc, o.order_id desc limit 31`;
    await explain('search by part of a phone over a month (a typical vendor)', searchSql, [
      'bench-7',
      monthAgo,
      nowIso,
      '%03001234%',
      '%923001234%',
    ]);
    await explain('search by part of a phone over the outlet’s month (100 000 orders)', searchSql, [
      OUTLET_ID,
      monthAgo,
      nowIso,
      '%03001234%',
      '%923001234%',
    ]);
    // A whole number is compared whole, its orders found across vendors then read by id (decision 101).
    await explain(
      'search by a complete phone over the outlet’s month',
      `select o.order_id from orders o where o.vendor_id = $1 and o.created_at >= $2::timestamptz
         and o.created_at <= $3::timestamptz and o.order_id = any(array(select s.order_id from orders s
           where translate(s.customer_phone, '+ ()-', '') = $5 or lower(s.order_id) like $4
              or lower(replace(s.customer_name, ' ', '')) like $4))
         order by o.created_at desc, o.order_id desc limit 31`,
      [
        OUTLET_ID,
        monthAgo,
        nowIso,
        `%${COMPLETE_PHONE.replaceAll(' ', '')}%`,
        historyFilters({ search: COMPLETE_PHONE }, config.deployment.country).search?.wholePhoneDigits,
      ],
    );

    // The bare query, as the API runs it (the repository on the pg pool), one after another.
    const bare: number[] = [];
    for (let index = 0; index < 2000; index++) {
      const at = performance.now();
      await findOrderPage(db, { ...pageQuery, vendorId: `bench-${1 + (index % options.vendors)}` });
      bare.push(performance.now() - at);
    }
    bare.sort((a, b) => a - b);
    say(
      `bare SQL history page, one after another: p50 ${percentile(bare, 0.5).toFixed(2)} ms, p99 ${percentile(bare, 0.99).toFixed(2)} ms`,
    );

    /**
     * The anchor of the API figures: the same query on the same pool, fired open-loop at the same rate for
     * the same time (at most 20 in flight, as autocannon's connections), in this run.
     */
    const bareAtRate = async (label: string, query: typeof pageQuery, rate: number) => {
      await settle();
      const { latencies, skipped } = await pace({
        rate,
        durationSeconds: options.durationSeconds,
        maxInFlight: 20,
        send: async () => {
          await findOrderPage(db, query);
        },
      });
      latencies.sort((a, b) => a - b);
      const result = {
        p50: percentile(latencies, 0.5),
        p99: percentile(latencies, 0.99),
        perSecond: latencies.length / options.durationSeconds,
      };
      say(
        `bare SQL ${label} at ${rate}/s for ${options.durationSeconds} s: ${result.perSecond.toFixed(0)} q/s, ` +
          `p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms (${skipped} not sent: 20 in flight)`,
      );
      return result;
    };
    const outletPage = { ...pageQuery, vendorId: OUTLET_ID, limit: 31 };
    // The searches as the API builds them from the same text.
    const searchOf = (text: string) => historyFilters({ search: text }, config.deployment.country).search;
    const outletSearch = { ...outletPage, search: searchOf('0300 1234') };
    const barePage = await bareAtRate('history page (30 of the outlet’s month)', outletPage, options.rate);
    const bareSearch = await bareAtRate('phone search over the outlet’s month', outletSearch, OUTLET_SEARCH_RATE);
    const bareCompleteSearch = await bareAtRate(
      'complete-phone search over the outlet’s month',
      { ...outletPage, search: searchOf(COMPLETE_PHONE) },
      OUTLET_SEARCH_RATE,
    );

    const app = await buildApp(
      { ...config, dispatch: { ...config.dispatch, dispatcher: false, simulator: false } },
      { db },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const tokens = await logIn(base, config.demoEmail, config.demoPassword);
      const authorization = `Bearer ${tokens.AccessToken}|${tokens.IdToken}`;
      const range = new URLSearchParams({ from: monthAgo, to: nowIso, count: '30' });
      // The API under the anchor's load: paced evenly at the same rate, at most 20 in flight, from another
      // process (bench/paced-http.mjs; autocannon's rate sends each second's requests in a burst).
      // Each run is warmed up first by 2 s of the same load, unmeasured, as the bare query was by its 2 000 pages
      // one after another: a fresh server's first requests compile its code and prepare its statements.
      const run = async (label: string, path: string, rate: number, anchor: { p50: number; p99: number }) => {
        const load = { url: `${base}${path}`, headers: { authorization }, rate, maxInFlight: 20 };
        await pacedHttp({ ...load, durationSeconds: 2 });
        await settle();
        const result = await pacedHttp({ ...load, durationSeconds: options.durationSeconds });
        const latencies = [...result.latencies].sort((a, b) => a - b);
        const p50 = percentile(latencies, 0.5);
        const p99 = percentile(latencies, 0.99);
        const non2xx = latencies.length - successes(result);
        say(
          `${label} at ${rate}/s for ${options.durationSeconds} s: ${(latencies.length / options.durationSeconds).toFixed(0)} req/s, ` +
            `p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, max ${(latencies.at(-1) ?? 0).toFixed(0)} ms, ` +
            `non-2xx ${non2xx}, errors ${result.errors}, ${result.skipped} not sent (20 in flight); ÷ bare SQL: p50 ` +
            `${(p50 / Math.max(anchor.p50, 0.01)).toFixed(1)}×, p99 ${(p99 / Math.max(anchor.p99, 0.01)).toFixed(1)}×`,
        );
      };
      await run(
        'API history page (30 of a month)',
        `/api/v1/vendor/${OUTLET_ID}/orders?${range}`,
        options.rate,
        barePage,
      );
      range.set('search', '0300 1234');
      await run(
        'API search by phone over a month',
        `/api/v1/vendor/${OUTLET_ID}/orders?${range}`,
        OUTLET_SEARCH_RATE,
        bareSearch,
      );
      range.set('search', COMPLETE_PHONE);
      await run(
        'API search by a complete phone over a month',
        `/api/v1/vendor/${OUTLET_ID}/orders?${range}`,
        OUTLET_SEARCH_RATE,
        bareCompleteSearch,
      );
      // The demo user sees only the demo vendors: a bench vendor's search is measured on the repository.
      await bareAtRate(
        'phone search over a typical vendor’s month',
        { ...pageQuery, search: searchOf('0300 1234') },
        options.rate,
      );

      // Anchors of the export: the same rows read in keyset batches of 500, one after another, nothing
      // written: as history pages (the export's read before decision 103), then as the export reads them.
      const keysetRate = async (read: (after: { at: string; id: string } | null) => Promise<ExportRecord[]>) => {
        const started = performance.now();
        let rows = 0;
        let after: { at: string; id: string } | null = null;
        for (;;) {
          const batch = await read(after);
          rows += batch.length;
          const last = batch.at(-1);
          if (batch.length < 500 || !last) break;
          after = { at: last.cursor_at, id: last.order_id };
        }
        return { rows, perSecond: rows / ((performance.now() - started) / 1000) };
      };
      const pageRead = await keysetRate(
        async (after) => (await findOrderPage(db, { ...outletPage, after, limit: 500 })) as unknown as ExportRecord[],
      );
      say(`bare SQL keyset read as history pages: ${pageRead.rows} rows at ${Math.round(pageRead.perSecond)} rows/s`);
      const exportRead = await keysetRate((after) =>
        findExportBatch(db, { ...outletPage, after, limit: 500 }, config.deployment.country.timeZone, EXPORT_STEPS),
      );
      const anchorRate = exportRead.perSecond;
      say(`bare SQL keyset read as the export reads: ${exportRead.rows} rows at ${Math.round(anchorRate)} rows/s`);

      // Export: every order of the outlet's month as CSV, downloaded by another process (so the server's RSS
      // is its own) that counts the bytes and lines as they arrive. RSS growth is counted from a collected heap
      // (`npm run bench` passes --expose-gc), not from whatever the runs before left behind.
      collectGarbage();
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      }, 20);
      const exportStarted = performance.now();
      const { bytes, newlines, encoding } = await download(
        `${base}/api/v1/vendor/${OUTLET_ID}/orders/export?${new URLSearchParams({ format: 'csv', from: monthAgo, to: nowIso })}`,
        authorization,
      );
      clearInterval(sampler);
      const seconds = (performance.now() - exportStarted) / 1000;
      say(
        `CSV export: ${newlines - 1} rows, ${(bytes / 1e6).toFixed(1)} MB (${encoding}) in ${seconds.toFixed(1)} s = ` +
          `${Math.round((newlines - 1) / seconds)} rows/s (÷ bare export read ${((newlines - 1) / seconds / anchorRate).toFixed(2)}); ` +
          `server RSS growth ${((rssPeak - rssBefore) / 1e6).toFixed(0)} MB; load average ${loadavg()[0]?.toFixed(1)}`,
      );

      // The direct XLSX download (at most 10 000 rows, decision 046): the outlet's last two days, by another
      // process, with the longest block of the server's event loop while it is written (decision 107).
      {
        const from = new Date(now - 2 * DAY).toISOString();
        const rows = await countOrderPage(db, { ...outletPage, from, to: nowIso });
        const delay = monitorEventLoopDelay({ resolution: 10 });
        delay.enable();
        const started = performance.now();
        const { bytes } = await download(
          `${base}/api/v1/vendor/${OUTLET_ID}/orders/export?${new URLSearchParams({ format: 'xlsx', from, to: nowIso })}`,
          authorization,
        );
        const took = (performance.now() - started) / 1000;
        delay.disable();
        say(
          `XLSX download: ${rows} rows, ${(bytes / 1e6).toFixed(1)} MB in ${took.toFixed(1)} s = ${Math.round(rows / took)} rows/s ` +
            `(÷ bare export read ${(rows / took / anchorRate).toFixed(2)}); longest event-loop block ${(delay.max / 1e6).toFixed(0)} ms`,
        );
      }

      // The e-mailed export's file (decision 047), built as its job builds it.
      // The XLSX takes the delivered orders only (7 in 12): the job refuses an XLSX past 100 000 rows.
      for (const format of ['csv', 'xlsx'] as const) {
        const delay = monitorEventLoopDelay({ resolution: 10 });
        collectGarbage();
        const before = process.memoryUsage().rss;
        let peak = before;
        const sampling = setInterval(() => {
          peak = Math.max(peak, process.memoryUsage().rss);
        }, 50);
        delay.enable();
        const at = performance.now();
        const file = await app.services.orderExport.jobFile(
          OUTLET_ID,
          { format, from: monthAgo, to: nowIso, lang: 'en', ...(format === 'xlsx' ? { status: 'DELIVERED' } : {}) },
          async () => {},
        );
        // The job stores each 1 MiB part as it comes (decision 108); here the bytes are only counted.
        let bytes = 0;
        for await (const chunk of file.body) bytes += (chunk as Buffer).length;
        const took = (performance.now() - at) / 1000;
        delay.disable();
        clearInterval(sampling);
        say(
          `e-mailed export file, ${format.toUpperCase()}: ${file.rows()} rows, ${(bytes / 1e6).toFixed(1)} MB in ` +
            `${took.toFixed(1)} s = ${Math.round(file.rows() / took)} rows/s (÷ bare read ${(file.rows() / took / anchorRate).toFixed(2)}); ` +
            `RSS growth ${((peak - before) / 1e6).toFixed(0)} MB; longest event-loop block ${(delay.max / 1e6).toFixed(0)} ms`,
        );
      }
    } finally {
      await app.close();
    }

    // The same CSV download from a server of its own, started as `npm run serve` starts one, so its RSS growth
    // is the export's alone, not on top of what this process's earlier phases left.
    const server = await startServer(databaseUrl);
    try {
      const tokens = await logIn(server.base, config.demoEmail, config.demoPassword);
      const rssBefore = server.rss();
      let rssPeak = rssBefore;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, server.rss());
      }, 20);
      const started = performance.now();
      const { bytes, newlines, encoding } = await download(
        `${server.base}/api/v1/vendor/${OUTLET_ID}/orders/export?${new URLSearchParams({ format: 'csv', from: monthAgo, to: nowIso })}`,
        `Bearer ${tokens.AccessToken}|${tokens.IdToken}`,
      );
      clearInterval(sampler);
      const seconds = (performance.now() - started) / 1000;
      say(
        `CSV export from a fresh server: ${newlines - 1} rows, ${(bytes / 1e6).toFixed(1)} MB (${encoding}) in ` +
          `${seconds.toFixed(1)} s = ${Math.round((newlines - 1) / seconds)} rows/s; its RSS ${(rssBefore / 1e6).toFixed(0)} MB ` +
          `before, growth ${((rssPeak - rssBefore) / 1e6).toFixed(0)} MB`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await drop();
  }
  return lines;
}

/** Logs in as the demo user, again while a loaded server sheds the request (503 from under-pressure). */
async function logIn(base: string, email: string, password: string): Promise<{ AccessToken: string; IdToken: string }> {
  for (let attempt = 0; ; attempt++) {
    const login = await fetch(`${base}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email_address: email, password }),
    });
    const tokens = ((await login.json()) as { result?: { AccessToken: string; IdToken: string } }).result;
    if (tokens) return tokens;
    if (attempt >= 20) throw new Error(`login answered ${login.status}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * The API in a process of its own on the bench's database, with `npm run serve`'s V8 flags (its source through
 * tsx, as the bench runs it), background work off; answers once it is ready.
 */
async function startServer(
  databaseUrl: string,
): Promise<{ base: string; rss: () => number; stop: () => Promise<void> }> {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const main = fileURLToPath(new URL('../apps/api/src/main.ts', import.meta.url));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-bench-server-'));
  const child = spawn(process.execPath, ['--max-semi-space-size=32', '--import', 'tsx', main], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      MAP_TILE_URL: '',
      RATE_LIMIT_GLOBAL: '1000000',
      DISPATCHER: 'off',
      SIMULATOR: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    const ready = await fetch(`${base}/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (attempt >= 120 || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error('the bench server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    base,
    // Resident set size from /proc (Linux), in bytes.
    rss: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
