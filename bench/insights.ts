// Insights at scale (issue 39): a parent with 20 outlets and a year of orders on PostgreSQL, their rollups built by
// the repair command, then the page through the API beside the bare rollup reads it is made of, in the same run.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { previousPeriod } from '@riderdesk/domain/insights/figures';
import { buildApp } from '../apps/api/src/app.ts';
import { wallClock } from '../apps/api/src/clock.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { withAuthSecret } from '../apps/api/src/db/instance-secrets.ts';
import { createScratchDatabase } from '../apps/api/src/db/scratch-database.ts';
import {
  durationRollups,
  finishedRollups,
  hourRollups,
  unfinishedOrders,
} from '../apps/api/src/modules/insights/repo.ts';
import { rebuild } from '../apps/api/src/modules/insights/workflows/rollups.ts';
import { createUser } from '../apps/api/src/ops/commands.ts';
import { percentile } from './child-process.ts';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DAY = 86_400_000;
const PARENT = 'bench-parent';
const PASSWORD = 'Bench#Insights2026';

export interface InsightsBenchOptions {
  /** Orders over the last 365 days, spread over the outlets. */
  orders: number;
  outlets: number;
  /** Requests per measured series, one after another. */
  runs: number;
}

const dayOf = (time: number) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Karachi',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(time);

export async function benchInsights(options: InsightsBenchOptions): Promise<void> {
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const loaded = loadConfig({
    ...process.env,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'silent',
    MAP_TILE_URL: '',
    RATE_LIMIT_GLOBAL: '1000000',
    RATE_LIMIT_AUTH: '1000',
    // The page is measured one request after another: load shedding is not what this run is about.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    MAX_EVENT_LOOP_UTILIZATION: '1',
  });
  if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
  const { db, drop } = await createScratchDatabase(ADMIN_URL, { prefix: 'rd_bench_insights', poolSize: 10 });
  try {
    const config = await withAuthSecret(loaded.config, db);
    const timeZone = config.deployment.country.timeZone;
    const started = performance.now();
    await db.query(
      `insert into vendors (vendor_id, name, currency, country_code, is_parent) values ($1, 'Bench parent', 'PKR', 'PK', true)`,
      [PARENT],
    );
    await db.query(
      `insert into vendors (vendor_id, name, currency, country_code, parent_vendor_id)
       select 'bench-outlet-' || g, 'Bench outlet ' || lpad(g::text, 2, '0'), 'PKR', 'PK', $2
         from generate_series(1, $1::int) g`,
      [options.outlets, PARENT],
    );
    const now = Date.now();
    // A realistic mix: mostly delivered, some cancelled for a few reasons, some returned, a handful on the way.
    const SEED_CHUNK = 50_000;
    for (let done = 0; done < options.orders; done += SEED_CHUNK) {
      const count = Math.min(SEED_CHUNK, options.orders - done);
      const tag = randomBytes(3).toString('hex');
      await db.query(
        `insert into orders (order_id, vendor_id, tracking_token, status, created_at, updated_at, currency,
           delivery_fee_minor, discount_minor, voucher_code, distance_m, customer_name, customer_phone, customer_address,
           customer_latitude, customer_longitude, pickup_latitude, pickup_longitude, amount_minor, description,
           payment_method, cancel_reason, requested_eta_minutes)
         select 'I' || $4 || '-' || g, 'bench-outlet-' || (1 + g % $5::int), md5($4 || g::text), s.status,
                c.at, c.at, 'PKR', 15000 + (g % 20) * 500, case when g % 9 = 0 then 5000 else 0 end,
                case when g % 9 = 0 then 'SAVE50' end, 3000, 'Customer', '+923001234567', 'House 1, Clifton',
                24.81, 67.03, 24.80, 67.03, 120000 + (g % 50) * 1000, 'Meal box',
                case when g % 3 = 0 then 'PAID' else 'CASH_ON_DELIVERY' end,
                case when s.status = 'CANCELLED' then (array['mistake_error','no_courier','unreachable','delivery_eta_too_long'])[1 + g % 4] end,
                25 + g % 20
           from generate_series(1, $1::int) g
           -- 0 * g ties the draw to each row: an uncorrelated lateral is evaluated once.
           cross join lateral (select to_timestamp($2::float8 / 1000) - make_interval(secs => (random() + 0 * g) * $3::float8 * 86400) as at) c
           cross join lateral (select (array['DELIVERED','DELIVERED','DELIVERED','DELIVERED','DELIVERED','DELIVERED',
                  'DELIVERED','DELIVERED','CANCELLED','CANCELLED','RETURNED_TO_VENDOR','DELIVERED'])[1 + g % 12] as status) s`,
        [count, now, 365, tag, options.outlets],
      );
    }
    // Each order's steps as the rollups read them: the rider at the outlet, the pickup, the end. An outlet at a
    // time: one statement must stay inside the pool's statement timeout.
    for (let outlet = 1; outlet <= options.outlets; outlet++) {
      await db.query(
        `insert into order_status_history (order_id, status, created_at)
         select o.order_id, s.status, o.created_at + s.minutes * interval '1 minute'
           from orders o
           cross join lateral (values ('NEW', 0), ('NEAR_VENDOR', 8 + (hashtext(o.order_id) & 7)),
                                      ('PICKED_UP', 12 + (hashtext(o.order_id) & 7)),
                                      (o.status, 20 + (hashtext(o.order_id) & 31))) s(status, minutes)
          where o.vendor_id = $1`,
        [`bench-outlet-${outlet}`],
      );
    }
    await db.query('vacuum analyze orders');
    await db.query('vacuum analyze order_status_history');
    say(
      `seeded ${options.orders} orders (${options.outlets} outlets, 12 months) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const rebuilding = performance.now();
    const report = await rebuild({ db, timeZone, now: wallClock });
    await db.query('vacuum analyze insights_daily');
    await db.query('vacuum analyze insights_hourly');
    await db.query('vacuum analyze insights_durations');
    const [rows] = await db.query<{ daily: number; hourly: number; durations: number }>(
      `select (select count(*) from insights_daily)::int as daily, (select count(*) from insights_hourly)::int as hourly,
              (select count(*) from insights_durations)::int as durations`,
    );
    say(
      `insights-rebuild: ${report.orders} finished orders of ${report.vendors} vendors in ${((performance.now() - rebuilding) / 1000).toFixed(1)} s; rollup rows: ${rows!.daily} daily, ${rows!.hourly} hourly, ${rows!.durations} durations`,
    );

    const user = await createUser(
      { db, config },
      { email: 'bench@insights.pk', password: PASSWORD, vendorIds: [PARENT] },
    );
    void user;
    const app = await buildApp(config, { db, now: wallClock });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email_address: 'bench@insights.pk', password: PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`login answered ${login.statusCode}: ${login.body}`);
    const tokens = login.json().result as { AccessToken: string; IdToken: string };
    const headers = { authorization: `Bearer ${tokens.AccessToken}|${tokens.IdToken}` };
    const vendorIds = [PARENT, ...Array.from({ length: options.outlets }, (_, index) => `bench-outlet-${index + 1}`)];

    const series = async (label: string, run: () => Promise<unknown>) => {
      for (let index = 0; index < 10; index++) await run();
      const times: number[] = [];
      for (let index = 0; index < options.runs; index++) {
        const at = performance.now();
        await run();
        times.push(performance.now() - at);
      }
      times.sort((a, b) => a - b);
      say(
        `${label}: p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (${options.runs} one after another)`,
      );
      return percentile(times, 0.99);
    };

    for (const days of [7, 30, 92]) {
      const end = dayOf(now - DAY);
      const start = dayOf(now - days * DAY);
      const period = { start, end };
      const previous = previousPeriod(period, timeZone);
      const bounds = { vendorIds, previousStart: previous.start, start, end };
      const bare = await series(
        `bare rollup reads, ${days} days + the ${days} before, parent + ${options.outlets} outlets`,
        () =>
          Promise.all([
            finishedRollups(db, bounds),
            durationRollups(db, bounds),
            hourRollups(db, bounds),
            unfinishedOrders(db, { vendorIds, from: new Date(now - 2 * days * DAY), to: new Date(now), timeZone }),
          ]),
      );
      const page = await series(`GET /insights (API, include_outlets), ${days} days`, async () => {
        const response = await app.inject({
          method: 'GET',
          url: `/api/v1/vendor/${PARENT}/insights?start=${start}&end=${end}&include_outlets=true`,
          headers,
        });
        if (response.statusCode !== 200) throw new Error(`insights answered ${response.statusCode}: ${response.body}`);
      });
      say(`  page p99 / bare p99: ${(page / bare).toFixed(2)}`);
    }
    say(
      `load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
    await app.close();
  } finally {
    await drop();
  }
}
