// Order history at scale (issue "Order history"): a year of orders over many vendors on PostgreSQL, the
// history page through the API and as bare SQL, a phone search over a month, and a large CSV export.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { buildApp } from '../apps/api/src/app.ts';
import { wallClock } from '../apps/api/src/clock.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { withAuthSecret } from '../apps/api/src/db/instance-secrets.ts';
import { createScratchDatabase } from '../apps/api/src/db/scratch-database.ts';
import { findOrderPage } from '../apps/api/src/modules/orders/repo.ts';
import { seed } from '../apps/api/src/seed/seed.ts';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const OUTLET_ID = 'pk-karachi-grill-clifton';
const DAY = 86_400_000;

export interface OrderHistoryOptions {
  /** Orders spread over 12 months and `vendors` vendors. */
  orders: number;
  vendors: number;
  /** Orders of the demo outlet in the last 30 days: the export's rows. */
  exportRows: number;
  rate: number;
  durationSeconds: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

export async function benchOrderHistory(options: OrderHistoryOptions) {
  const loaded = loadConfig({
    ...process.env,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'silent',
    MAP_TILE_URL: '',
    RATE_LIMIT_GLOBAL: '1000000',
  });
  if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
  const { db, drop } = await createScratchDatabase(ADMIN_URL, { prefix: 'rd_bench_history', poolSize: 10 });
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
    await insertOrders(options.orders, `'bench-' || (1 + g % ${options.vendors})`, 365);
    await insertOrders(options.exportRows, `'${OUTLET_ID}'`, 30);
    await db.query('analyze orders');
    await db.query('analyze vendors');
    say(
      `seeded ${options.orders + options.exportRows} orders (${options.vendors} vendors, 12 months) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const monthAgo = new Date(now - 30 * DAY).toISOString();
    const nowIso = new Date(now).toISOString();
    const pageQuery = {
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
    await explain(
      'search by phone digits over a month',
      `select o.order_id from orders o where o.vendor_id = $1 and o.created_at >= $2::timestamptz
         and o.created_at <= $3::timestamptz and (position($4 in lower(o.order_id)) > 0
           or position($4 in lower(replace(o.customer_name, ' ', ''))) > 0
           or position($5 in translate(o.customer_phone, '+ ()-', '')) > 0)
         order by o.created_at desc, o.order_id desc limit 31`,
      ['bench-7', monthAgo, nowIso, '03001234', '923001234'],
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
      `bare SQL history page: p50 ${percentile(bare, 0.5).toFixed(2)} ms, p99 ${percentile(bare, 0.99).toFixed(2)} ms`,
    );

    const app = await buildApp(
      { ...config, dispatch: { ...config.dispatch, dispatcher: false, simulator: false } },
      { db },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const login = await fetch(`${base}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email_address: config.demoEmail, password: config.demoPassword }),
      });
      const tokens = ((await login.json()) as { result: { AccessToken: string; IdToken: string } }).result;
      const authorization = `Bearer ${tokens.AccessToken}|${tokens.IdToken}`;
      const range = new URLSearchParams({ from: monthAgo, to: nowIso, count: '30' });
      const run = async (label: string, path: string, rate: number) => {
        const result = await autocannon({
          url: base,
          connections: 20,
          overallRate: rate,
          duration: options.durationSeconds,
          requests: [{ method: 'GET', path, headers: { authorization } }],
        });
        say(
          `${label} at ${rate}/s for ${options.durationSeconds} s: ${result.requests.average.toFixed(0)} req/s, ` +
            `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ` +
            `non-2xx ${result.non2xx}, errors ${result.errors}`,
        );
      };
      await run('API history page (30 of a month)', `/api/v1/vendor/${OUTLET_ID}/orders?${range}`, options.rate);
      range.set('search', '0300 1234');
      await run('API search by phone over a month', `/api/v1/vendor/${OUTLET_ID}/orders?${range}`, 100);

      // Export: every order of the outlet's month as CSV, reading the stream as it arrives.
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      }, 50);
      const exportStarted = performance.now();
      const response = await fetch(
        `${base}/api/v1/vendor/${OUTLET_ID}/orders/export?${new URLSearchParams({ format: 'csv', from: monthAgo, to: nowIso })}`,
        { headers: { authorization } },
      );
      let bytes = 0;
      let newlines = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.byteLength;
        for (const byte of chunk) if (byte === 10) newlines++;
      }
      clearInterval(sampler);
      const seconds = (performance.now() - exportStarted) / 1000;
      say(
        `CSV export: ${newlines - 1} rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s = ` +
          `${Math.round((newlines - 1) / seconds)} rows/s; RSS growth ${((rssPeak - rssBefore) / 1e6).toFixed(0)} MB ` +
          `(server and client in one process); load average ${loadavg()[0]?.toFixed(1)}`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await drop();
  }
  return lines;
}
