/**
 * Lighthouse (mobile settings, Debian's Chromium) on the pages a first visit lands on: the login page `/`,
 * `/order-tracking` (a visitor without a session is sent to the login page) and a customer's public
 * tracking link. The built app (`npm run build`) is started on a fresh embedded database and each page is
 * measured `BENCH_LH_RUNS` times; the median run is reported.
 *
 * The anchor, measured in the same run with the same settings and interleaved with the pages, is a static
 * page served by the same server: the brand's heading in the same stylesheet, without any script. It scores
 * what the machine allows a page with no JavaScript to score; on a loaded machine Lighthouse's simulated
 * CPU multiplies whatever the machine's own slowness adds, so compare a page's score with the anchor's.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const API_MAIN = path.join(ROOT, 'apps/api/dist/main.js');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const DEMO_EMAIL = process.env.DEMO_EMAIL ?? 'demo@riderdesk.pk';
const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Riderdesk#2026';
const DEMO_VENDOR = 'pk-karachi-grill-clifton';
const ANCHOR_FILE = 'lighthouse-anchor.html';

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  transferKb: number;
  benchmarkIndex: number;
  /** The element Lighthouse took as the largest contentful paint (its selector). */
  lcpElement: string;
}

export interface LighthouseResult {
  page: string;
  runs: number;
  median: LighthouseRun;
  /** The anchor's median performance score in the same run. */
  anchorPerformance: number;
}

const median = <T>(runs: T[], by: (run: T) => number): T => {
  const sorted = [...runs].sort((a, b) => by(a) - by(b));
  return sorted[Math.floor(sorted.length / 2)] as T;
};

async function waitForReady(origin: string, server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${origin}/health/ready`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not become ready within 60 s');
}

/** The public tracking token of one of the demo outlet's seeded orders, as its merchant would share it. */
async function demoTrackingToken(origin: string): Promise<string> {
  const login = await fetch(`${origin}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_address: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  const tokens = ((await login.json()) as { result: { AccessToken: string; IdToken: string } }).result;
  const orders = await fetch(`${origin}/api/v1/vendor/${DEMO_VENDOR}/orders`, {
    headers: { authorization: `Bearer ${tokens.AccessToken}|${tokens.IdToken}` },
  });
  const { result } = (await orders.json()) as { result: { data: { tracking_token: string }[] } };
  const token = result.data[0]?.tracking_token;
  if (!token) throw new Error('the demo outlet has no order to track');
  return token;
}

/** A page with the app's stylesheet and the brand's heading, no script: what the machine allows. */
function writeAnchor(distDir: string): string {
  const assets = readdirSync(path.join(distDir, 'assets'));
  const css = assets.filter((file) => file.endsWith('.css') && /^(vendor|index)-/.test(file));
  const file = path.join(distDir, ANCHOR_FILE);
  writeFileSync(
    file,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Anchor</title>${css.map((name) => `<link rel="stylesheet" href="/assets/${name}">`).join('')}</head>
<body><main style="padding:32px 16px"><h1 style="font-size:34px">A rider at your door in minutes</h1>
<p>Request a rider, follow the delivery live and pay as you go.</p></main></body></html>`,
  );
  return file;
}

/** The selector of the largest paint's element, from the audit's table of items. */
function lcpElementOf(details: unknown): string {
  const found = JSON.stringify(details ?? null).match(/"selector":"([^"]*)"/);
  return found?.[1] ?? '?';
}

async function measure(url: string, port: number): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    speedIndexMs: audit('speed-index'),
    transferKb: audit('total-byte-weight') / 1024,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lcpElement: lcpElementOf(lhr.audits['largest-contentful-paint-element']?.details),
  };
}

export async function benchLighthouse({ runs, port }: { runs: number; port: number }): Promise<LighthouseResult[]> {
  if (!existsSync(API_MAIN) || !existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error('build the app first: npm run build');
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rd-lighthouse-'));
  const anchorFile = writeAnchor(WEB_DIST);
  const origin = `http://127.0.0.1:${port}`;
  // The embedded database, as `npm start` runs it.
  const { DATABASE_URL: _postgres, ...env } = process.env;
  const server = spawn(process.execPath, [API_MAIN], {
    cwd: path.dirname(path.dirname(API_MAIN)),
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    await waitForReady(origin, server);
    const pages: [string, string][] = [
      ['/', `${origin}/`],
      ['/order-tracking', `${origin}/order-tracking`],
      ['/tracking/{token}', `${origin}/tracking/${await demoTrackingToken(origin)}`],
    ];
    const anchorRuns: LighthouseRun[] = [];
    const pageRuns = new Map<string, LighthouseRun[]>(pages.map(([name]) => [name, []]));
    // Interleaved, so a burst of load on the machine touches the anchor and the pages alike.
    for (let run = 0; run < runs; run++) {
      anchorRuns.push(await measure(`${origin}/${ANCHOR_FILE}`, chrome.port));
      for (const [name, url] of pages) pageRuns.get(name)?.push(await measure(url, chrome.port));
    }
    const anchorPerformance = median(anchorRuns, (run) => run.performance).performance;
    return pages.map(([name]) => {
      const measured = pageRuns.get(name) ?? [];
      return {
        page: name,
        runs: measured.length,
        median: median(measured, (run) => run.performance),
        anchorPerformance,
      };
    });
  } finally {
    chrome.kill();
    server.kill();
    rmSync(anchorFile, { force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatLighthouse(results: LighthouseResult[]): string {
  const lines = [
    '| page | performance (median) | anchor | ratio | accessibility | FCP | LCP | TBT | CLS | Speed Index | transfer | benchmarkIndex |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const { page, median: run, anchorPerformance } of results) {
    lines.push(
      `| ${page} | ${run.performance} | ${anchorPerformance} | ${(run.performance / anchorPerformance).toFixed(2)} | ${run.accessibility} | ${(run.fcpMs / 1000).toFixed(1)} s | ${(run.lcpMs / 1000).toFixed(1)} s | ${Math.round(run.tbtMs)} ms | ${run.cls.toFixed(3)} | ${(run.speedIndexMs / 1000).toFixed(1)} s | ${Math.round(run.transferKb)} KiB | ${Math.round(run.benchmarkIndex)} |`,
    );
  }
  lines.push('', 'largest contentful paint (median run):');
  for (const { page, median: run } of results) lines.push(`  ${page}: ${run.lcpElement}`);
  return lines.join('\n');
}
