// POST /merchant/api/v1/orders (the merchant API, pandago's shape) beside the portal's POST /order, in the same
// run, on the same server and database, under the same load: the same order (the demo outlet, the same customer
// and amount), each request a new order (the portal's by its Idempotency-Key, the API's by its client_order_id).
// The goal (issue 35): the API layer costs at most 10 % more than the portal's route.
import { loadavg } from 'node:os';
import { createScratchDatabase } from '../apps/api/src/db/scratch-database.ts';
import { DEMO_DESTINATION, DEMO_FEE_REQUEST, DEMO_OUTLET_ID, demoOrder } from '../testing/demo-order.ts';
import { type SpawnedServer, spawnServer } from '../testing/server-process.ts';
import { type LoadResult, postLoad } from './order-create.ts';

export interface MerchantApiOrdersOptions {
  /** Requests a second; 0 sends as fast as the connections allow (the maximum rate). */
  rates: number[];
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  /** Each rate runs portal, API, API, portal, … this many pairs, so a drift of the machine's load hits both. */
  rounds: number;
}

type Route = 'portal' | 'api' | 'quote';

export interface RouteRun extends LoadResult {
  route: Route;
  rate: number;
  throughput: number;
  /** Orders the run created in the database (its warm-up's included), to check every 2xx made one. */
  ordersCreated: number;
  /**
   * Transactions the database committed per order created (pg_stat_database.xact_commit over the run and its
   * settling; a statement outside a transaction counts as one): the work of a route, whatever the machine's load.
   */
  transactionsPerOrder: number;
  loadAverage: number;
}

export interface MerchantApiOrdersResult {
  options: MerchantApiOrdersOptions;
  runs: RouteRun[];
}

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const UNIQUE = '__CLIENT_ORDER_ID__';
/** The demo parent vendor: its API client acts for all its outlets. */
const DEMO_PARENT_ID = 'pk-karachi-grill';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startServer(databaseUrl: string): Promise<SpawnedServer> {
  // Order creation alone: no dispatcher or simulated riders working the orders meanwhile, as order-create.
  const server = await spawnServer(databaseUrl, {
    DISPATCHER: 'off',
    SIMULATOR: 'off',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_GLOBAL: '1000000',
    // The per-client budgets are counted as in production, set high enough that the bench's one client is served.
    MERCHANT_API_READS_PER_MINUTE: '1000000',
    MERCHANT_API_WRITES_PER_MINUTE: '1000000',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    MAX_EVENT_LOOP_UTILIZATION: '1',
  });
  for (const started = Date.now(); Date.now() - started < 120_000; await sleep(250)) {
    if (server.child.exitCode !== null) throw new Error(`the server ended:\n${server.output()}`);
    if (await server.isReady()) return server;
  }
  server.child.kill('SIGKILL');
  throw new Error('the server did not become ready within 120 s');
}

async function json(response: Response, what: string): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** A client of the demo merchant with a secret (Settings → Developers), and an access token of it. */
async function apiToken(base: string, authorization: string): Promise<string> {
  const created = await json(
    await fetch(`${base}/api/v1/merchant-api/clients`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ vendor_id: DEMO_PARENT_ID, name: 'Bench POS', scope: 'all', with_secret: true }),
    }),
    'POST /merchant-api/clients',
  );
  const { client, client_secret } = (created.result ?? created) as {
    client: { client_id: string };
    client_secret: string;
  };
  const token = await json(
    await fetch(`${base}/merchant/api/v1/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: client.client_id,
        client_secret,
      }).toString(),
    }),
    'POST /oauth2/token',
  );
  return String(token.access_token);
}

/** The portal's demo order in pandago's shape: the same outlet, customer, amount and payment. */
function apiOrderBody(portal: Awaited<ReturnType<typeof demoOrder>>['body'], clientVendorId: string) {
  return {
    client_order_id: UNIQUE,
    sender: { client_vendor_id: clientVendorId },
    recipient: {
      name: portal.customer.name,
      phone_number: portal.customer.phone_number,
      location: {
        address: portal.customer.location.address,
        latitude: DEMO_DESTINATION.lat,
        longitude: DEMO_DESTINATION.lng,
      },
      notes: portal.customer.location.notes,
    },
    amount: portal.order.amount,
    payment_method: portal.order.payment_method,
    description: portal.order.description,
    coldbag_needed: portal.order.cold_bag_needed,
  };
}

export async function benchMerchantApiOrders(options: MerchantApiOrdersOptions): Promise<MerchantApiOrdersResult> {
  const scratch = await createScratchDatabase(ADMIN_URL, { prefix: 'rd_bench_mapi', poolSize: 2 });
  let server: SpawnedServer | null = null;
  try {
    server = await startServer(scratch.url);
    const { base } = server;
    const portal = await demoOrder(base);
    const token = await apiToken(base, portal.authorization);
    // The merchant's own reference of the demo outlet, as the seed gave it.
    const [outlet] = await scratch.db.query<{ client_vendor_id: string }>(
      'select client_vendor_id from vendors where vendor_id = $1',
      [DEMO_OUTLET_ID],
    );
    if (!outlet?.client_vendor_id) throw new Error(`${DEMO_OUTLET_ID} has no client_vendor_id`);
    const routes = {
      portal: {
        url: `${base}/api/v1/order`,
        body: JSON.stringify(portal.body),
        headers: { authorization: portal.authorization },
        idempotencyKeys: true,
      },
      // The quote the portal asks for before each order (the API prices the order within its one call).
      quote: {
        url: `${base}/api/v1/delivery/fee`,
        body: JSON.stringify(DEMO_FEE_REQUEST),
        headers: { authorization: portal.authorization },
        idempotencyKeys: false,
      },
      api: {
        url: `${base}/merchant/api/v1/orders`,
        body: JSON.stringify(apiOrderBody(portal.body, outlet.client_vendor_id)),
        headers: { authorization: `Bearer ${token}` },
        idempotencyKeys: false,
        uniqueToken: UNIQUE,
      },
    };
    const countOrders = async () =>
      (await scratch.db.query<{ n: number }>('select count(*)::int as n from orders'))[0]?.n ?? 0;
    const commits = async () => {
      await scratch.db.query('select pg_stat_clear_snapshot()');
      const [row] = await scratch.db.query<{ n: string }>(
        'select xact_commit::text as n from pg_stat_database where datname = current_database()',
      );
      return Number(row?.n ?? 0);
    };

    const runs: RouteRun[] = [];
    for (const rate of options.rates) {
      for (let round = 0; round < options.rounds; round++) {
        const order: Route[] = round % 2 === 0 ? ['portal', 'quote', 'api'] : ['api', 'quote', 'portal'];
        for (const route of order) {
          const { url, body, headers, ...load } = routes[route] as (typeof routes)['api'] | (typeof routes)['quote'];
          const before = await countOrders();
          const commitsBefore = await commits();
          const result = await postLoad(url, body, headers, { ...options, rate, ...load });
          // Requests still in flight when the load stops finish before the orders are counted.
          await sleep(1000);
          const made = (await countOrders()) - before;
          // A quote makes no order: its calls are what counts.
          const ordersCreated = route === 'quote' ? result.ok + result.warmupOk : made;
          if (route === 'quote' && made !== 0) throw new Error(`quotes made ${made} orders`);
          // Every 2xx made an order; at the maximum rate, requests in flight when autocannon stops (one per
          // connection at most) are made but not counted.
          const answered = result.ok + result.warmupOk;
          if (ordersCreated < answered || ordersCreated > answered + (rate > 0 ? 0 : options.connections)) {
            throw new Error(`${route}: ${ordersCreated} orders for ${answered} answers 2xx`);
          }
          const loadAverage = loadavg()[0] ?? 0;
          // A run that saturated the machine leaves work behind; the next starts after it settles (and the
          // server's connections have reported their commits).
          await sleep(3000);
          runs.push({
            route,
            rate,
            ...result,
            throughput: result.ok / options.durationSeconds,
            ordersCreated,
            transactionsPerOrder: ((await commits()) - commitsBefore) / Math.max(1, ordersCreated),
            loadAverage,
          });
        }
      }
    }
    return { options, runs };
  } finally {
    if (server && server.child.exitCode === null) {
      const exited = new Promise((resolve) => server?.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
    }
    await scratch.drop();
  }
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

export function formatMerchantApiOrders(result: MerchantApiOrdersResult): string {
  const lines = [
    `POST /merchant/api/v1/orders beside the portal's POST /order, ${result.options.durationSeconds} s a run, ${result.options.rounds} rounds`,
  ];
  for (const rate of result.options.rates) {
    for (const run of result.runs.filter((r) => r.rate === rate)) {
      const l = run.latencyMs;
      lines.push(
        `  ${rate > 0 ? `${rate}/s` : 'max'} ${run.route.padEnd(6)}: ${run.throughput.toFixed(1)} ${run.route === 'quote' ? 'quotes' : 'orders'}/s, 2xx ${run.ok}, non-2xx ${run.non2xx}, errors ${run.errors}, ${run.generator === 'paced' ? 'not sent' : 'timeouts'} ${run.timeouts}; p50 ${l.p50} ms, p90 ${l.p90} ms, p99 ${l.p99} ms, max ${l.max} ms; ${run.transactionsPerOrder.toFixed(2)} transactions each; load ${run.loadAverage.toFixed(2)}`,
      );
    }
    const of = (route: Route) => result.runs.filter((run) => run.rate === rate && run.route === route);
    const portal = of('portal');
    const quote = of('quote');
    const api = of('api');
    // What an order costs a route: at the maximum rate the time the server spends on it (1 / throughput), at a
    // fixed rate its median latency; the portal's order with its quote is the sum of both calls.
    const cost = (runs: RouteRun[]) =>
      rate > 0 ? mean(runs.map((run) => run.latencyMs.p50)) : 1 / mean(runs.map((run) => run.throughput));
    const ratio = cost(api) / cost(portal);
    const withQuote = cost(api) / (cost(portal) + cost(quote));
    const p99 = mean(api.map((run) => run.latencyMs.p99)) / mean(portal.map((run) => run.latencyMs.p99));
    const transactions = (runs: RouteRun[]) => mean(runs.map((run) => run.transactionsPerOrder));
    lines.push(
      `  ${rate > 0 ? `${rate}/s` : 'max'}: API ÷ portal's POST /order ${ratio.toFixed(2)} (${rate > 0 ? 'p50 latency' : '1 / throughput'}; p99 ${p99.toFixed(2)}; transactions per order ${transactions(api).toFixed(2)} ÷ ${transactions(portal).toFixed(2)}); goal ≤ 1.10: ${ratio <= 1.1 ? 'met' : 'not met'}`,
      `  ${rate > 0 ? `${rate}/s` : 'max'}: API ÷ portal's quote and order together ${withQuote.toFixed(2)}`,
    );
  }
  return lines.join('\n');
}
