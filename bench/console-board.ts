/**
 * The console's live operations board in a browser (issue 36, decision 181): 2 000 active orders of many vendors
 * and 500 riders moving. Measures the board page's first render and how long each burst of live updates takes to
 * reach the screen, beside an anchor measured in the same run: a plain page without the app that fetches the same
 * JSON, lists the same rows and draws the same points on one canvas, and applies the same bursts.
 *
 * The real server serves the console (its built page, scripts and texts: run `npm run build` first); the board's
 * data and its live socket are answered by the browser's routing (Playwright `route`, `routeWebSocket`), so both
 * pages get exactly the same bytes and the figures are the browser's work, not the database's.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Board, BoardOrder } from '@riderdesk/domain/contracts/console-board';
import { chromium, type Page, type WebSocketRoute } from 'playwright-core';
import { percentile } from './child-process.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const progress = (message: string) => process.stderr.write(`  console-board: ${message}\n`);
const SESSION_KEY = 'riderdesk-console-session';

export interface ConsoleBoardOptions {
  orders: number;
  riders: number;
  /** Bursts of live updates sent, one every `burstEveryMs`. */
  bursts: number;
  burstEveryMs: number;
}

export interface ConsoleBoardFigures {
  firstRenderMs: number[];
  anchorFirstRenderMs: number[];
  update: { p50: number; p99: number; count: number };
  anchorUpdate: { p50: number; p99: number; count: number };
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/** The board's data: `orders` orders over 80 vendors in two cities, `riders` of them with a rider on the way. */
export function syntheticBoard(orders: number, riders: number, now: Date): Board {
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();
  const list: BoardOrder[] = [];
  for (let index = 0; index < orders; index++) {
    const city =
      index % 5 === 0 ? { name: 'Lahore', lat: 31.52, lng: 74.35 } : { name: 'Karachi', lat: 24.86, lng: 67.01 };
    const pickup = {
      lat: city.lat + ((index * 37) % 200) / 1000 - 0.1,
      lng: city.lng + ((index * 53) % 200) / 1000 - 0.1,
    };
    const hasRider = index < riders;
    // A quarter need a person: the board lists them first.
    const exception =
      index % 4 === 0
        ? ((['delayed', 'no_courier', 'rider_unreachable', 'awaiting_acceptance'] as const)[(index % 16) / 4] ??
          'delayed')
        : null;
    list.push({
      order_id: `BENCH-${String(100_000 + index)}`,
      vendor_id: `pk-bench-${index % 80}`,
      status: hasRider ? 'COURIER_ACCEPTED_DELIVERY' : 'WAITING_FOR_TRANSPORT',
      stage: hasRider ? 'COURIER_ACCEPTED_DELIVERY' : 'WAITING_FOR_TRANSPORT',
      group: 'to_collect',
      created_at: at(90 - (index % 90)),
      updated_at: at(1),
      preordered_for: null,
      exception,
      exception_since: exception ? at(index % 60) : null,
      area: city.name,
      merchant: { name: `Bench Kitchen ${index % 80}`, phone: '+922111000000', email: 'ops@bench.pk' },
      pickup,
      dropoff: { lat: pickup.lat + 0.01, lng: pickup.lng + 0.01 },
      customer_address: `House ${index}, Block ${index % 20}`,
      rider: hasRider
        ? {
            id: `rider-${index}`,
            name: `Rider ${index}`,
            phone: '+923000000000',
            position: { ...pickup },
            seen_at: at(0),
          }
        : null,
      can_reassign: true,
      can_cancel: true,
    });
  }
  return { orders: list, now: now.toISOString() };
}

/** The anchor: the same JSON fetched, the same number of rows listed, the same points on one canvas, no app. */
const ANCHOR_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>anchor</title>
<style>body{font:14px sans-serif;margin:0} canvas{display:block} td{padding:4px 8px;border-bottom:1px solid #ddd}</style>
</head><body><canvas id="map" width="1216" height="340"></canvas><table><tbody id="rows"></tbody></table>
<script>
const LISTED = 200;
let board = null;
const byId = new Map();
function project(p) { return [((p.lng - 66.9) / 7.7) * 1216, 340 - ((p.lat - 24.7) / 7.0) * 340]; }
function draw() {
  const ctx = document.getElementById('map').getContext('2d');
  ctx.clearRect(0, 0, 1216, 340);
  for (const o of byId.values()) {
    const [x, y] = project(o.pickup);
    ctx.beginPath(); ctx.arc(x, y, 6, 0, 7); ctx.fillStyle = o.exception ? '#c92a2a' : '#1c7ed6'; ctx.fill();
    if (o.rider && o.rider.position) { const [rx, ry] = project(o.rider.position); ctx.beginPath(); ctx.arc(rx, ry, 4, 0, 7); ctx.fillStyle = '#1f2937'; ctx.fill(); }
  }
}
function list() {
  const rows = [...byId.values()].filter((o) => o.exception).slice(0, LISTED);
  document.getElementById('rows').innerHTML = rows.map((o) =>
    '<tr data-testid="board-row"><td>' + o.order_id + '</td><td>' + o.merchant.name + '</td><td>' + o.exception + '</td><td>' + o.status + '</td><td>' + (o.rider ? o.rider.name : '') + '</td></tr>').join('');
}
fetch('/api/v1/console/board').then((r) => r.json()).then((data) => {
  board = data;
  for (const o of data.orders) byId.set(o.order_id, o);
  list(); draw();
  const socket = new WebSocket(location.origin.replace('http', 'ws') + '/live/board?ticket=anchor-ticket-0000000');
  let scheduled = false;
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.event !== 'board_update') return;
    byId.set(message.data.order_id, message.data);
    if (!scheduled) { scheduled = true; requestAnimationFrame(() => { scheduled = false; list(); draw(); }); }
  };
});
</script></body></html>`;

/**
 * Records in the page, for each burst, the time from its last message's arrival to three frames later: the
 * app's flush (one frame), React's render and Leaflet's canvas redraw (the next) have then reached the screen.
 */
const MEASURE_UPDATES = `(() => {
  window.__updates = [];
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        if (!String(event.data).includes('"burst_end":true')) return;
        const start = performance.now();
        requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => window.__updates.push(performance.now() - start))));
      });
    }
  };
})();`;

/** Milliseconds from navigation to the listed rows and the map's canvas on screen (two frames after they are). */
const FIRST_RENDER = `new Promise((resolve) => {
  const check = () => {
    const rows = document.querySelectorAll('[data-testid="board-row"]').length;
    if (rows >= 200 && document.querySelector('canvas')) {
      requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())));
    } else requestAnimationFrame(check);
  };
  check();
})`;

async function startServer(port: number, dataDir: string) {
  const child = spawn(process.execPath, ['apps/api/dist/main.js'], {
    cwd: REPO,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ENVIRONMENT: 'san',
      SIMULATOR: 'off',
      MAP_TILE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return child;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill();
  throw new Error('the server did not start');
}

/** Answers the board and its socket in the browser; `burst` sends the next burst of rider moves. */
async function routeBoard(page: Page, board: Board, options: ConsoleBoardOptions) {
  const body = JSON.stringify(board);
  await page.route('**/api/v1/console/board', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body }),
  );
  await page.route('**/api/v1/console/board/ticket', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ ticket: 'bench-ticket-0000000000', expires_in: 30 }),
    }),
  );
  await page.route('**/api/v1/console/me', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        operator: { id: 'bench', email: 'bench@riderdesk.test', name: 'Bench Operator', role: 'operations' },
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    }),
  );
  let socket: WebSocketRoute | null = null;
  const opened = new Promise<void>((resolve) => {
    void page.routeWebSocket(/\/live\/board/, (ws) => {
      socket = ws;
      resolve();
    });
  });
  const moving = board.orders.filter((order) => order.rider).slice(0, options.riders);
  let step = 0;
  return {
    opened,
    /** Each rider moves about 30 m; a tenth of the fleet per burst, as 500 riders reporting once a second would. */
    burst() {
      const size = Math.max(1, Math.round(moving.length / 10));
      const slice = moving.slice((step * size) % moving.length, ((step * size) % moving.length) + size);
      step++;
      slice.forEach((order, index) => {
        const position = order.rider!.position!;
        position.lat += 0.0003;
        const message = {
          event: 'board_update',
          data: order,
          ...(index === slice.length - 1 ? { burst_end: true } : {}),
        };
        socket?.send(JSON.stringify(message));
      });
    },
  };
}

export async function benchConsoleBoard(options: ConsoleBoardOptions): Promise<ConsoleBoardFigures> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'riderdesk-bench-board-'));
  progress('starting the server');
  const server = await startServer(port, dataDir);
  progress('server up');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const figures: ConsoleBoardFigures = {
    firstRenderMs: [],
    anchorFirstRenderMs: [],
    update: { p50: 0, p99: 0, count: 0 },
    anchorUpdate: { p50: 0, p99: 0, count: 0 },
  };
  try {
    const runs = 3;
    const appUpdates: number[] = [];
    const anchorUpdates: number[] = [];
    for (let run = 0; run < runs; run++) {
      for (const kind of ['app', 'anchor'] as const) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        await page.addInitScript(MEASURE_UPDATES);
        const session = JSON.stringify({
          token: 'bench-session-token',
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
          operator: { id: 'bench', email: 'bench@riderdesk.test', name: 'Bench Operator', role: 'operations' },
        });
        await page.addInitScript(
          `window.localStorage.setItem(${JSON.stringify(SESSION_KEY)}, ${JSON.stringify(session)});`,
        );
        const board = syntheticBoard(options.orders, options.riders, new Date());
        const live = await routeBoard(page, board, options);
        if (kind === 'anchor') {
          await page.route(`${origin}/bench-anchor`, (route) =>
            route.fulfill({ status: 200, contentType: 'text/html', body: ANCHOR_HTML }),
          );
        }
        await page.goto(kind === 'app' ? `${origin}/console/board` : `${origin}/bench-anchor`);
        // First render: the listed rows and the map's canvas are there, three frames after they first are.
        progress(`${kind} run ${run + 1}: loading`);
        const firstRender = await Promise.race([
          page.evaluate<number>(FIRST_RENDER),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error(`${kind}: no first render within 120 s`)), 120_000),
          ),
        ]);
        progress(`${kind} run ${run + 1}: first render ${firstRender.toFixed(0)} ms`);
        (kind === 'app' ? figures.firstRenderMs : figures.anchorFirstRenderMs).push(firstRender);
        if (kind === 'app') {
          // Every order on the map: the board's busiest view.
          await page.getByText('All', { exact: true }).click();
        }
        await Promise.race([
          live.opened,
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${kind}: no live socket`)), 60_000)),
        ]);
        for (let burst = 0; burst < options.bursts; burst++) {
          live.burst();
          await new Promise((resolve) => setTimeout(resolve, options.burstEveryMs));
        }
        await page.waitForTimeout(500);
        const updates = await page.evaluate<number[]>('window.__updates');
        (kind === 'app' ? appUpdates : anchorUpdates).push(...updates);
        await context.close();
      }
    }
    const summary = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), count: sorted.length };
    };
    figures.update = summary(appUpdates);
    figures.anchorUpdate = summary(anchorUpdates);
    return figures;
  } finally {
    await browser.close();
    server.kill();
    await once(server, 'exit').catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatConsoleBoard(options: ConsoleBoardOptions, figures: ConsoleBoardFigures): string {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const app = median(figures.firstRenderMs);
  const anchor = median(figures.anchorFirstRenderMs);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return [
    `console-board: ${options.orders} orders, ${options.riders} riders moving, ${options.bursts} bursts of ${Math.round(options.riders / 10)} every ${options.burstEveryMs} ms`,
    `  first render: app ${figures.firstRenderMs.map(ms).join(', ')} (median ${ms(app)}); anchor ${figures.anchorFirstRenderMs.map(ms).join(', ')} (median ${ms(anchor)}); ratio ${(app / anchor).toFixed(2)}`,
    `  update, arrival to screen: app p50 ${ms(figures.update.p50)}, p99 ${ms(figures.update.p99)} (${figures.update.count}); anchor p50 ${ms(figures.anchorUpdate.p50)}, p99 ${ms(figures.anchorUpdate.p99)} (${figures.anchorUpdate.count}); p99 ratio ${(figures.update.p99 / figures.anchorUpdate.p99).toFixed(2)}`,
  ].join('\n');
}
