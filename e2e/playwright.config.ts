import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { FAKE_CYBERSOURCE } from '../testing/fake-cybersource.ts';
import { e2eClock } from './support/clock.ts';
import { PARTNER_TOKEN } from './support/partner.ts';

const port = Number(process.env.E2E_PORT ?? 8181);
const nightPort = port + 1;
// The embedded partner mode (APP_MODE=GODROID) is chosen at start-up, so it has a server of its own.
const partnerPort = port + 2;
// Card payment through CyberSource (decision 096): a server with that provider and the fake CyberSource it
// calls. They start only when a run asks for the cybersource journey (its file or project), being two more
// servers the other journeys do not need.
const cybersourcePort = port + 3;
const fakeCybersourcePort = port + 4;
// The whole suite (no file named) runs it too; E2E_CYBERSOURCE=0 leaves it out, =1 forces it in.
const namedSpecs = process.argv.filter((arg) => /\.spec\.ts$/.test(arg) || arg.startsWith('tests/'));
const withCybersource =
  process.env.E2E_CYBERSOURCE === '1' ||
  (process.env.E2E_CYBERSOURCE !== '0' &&
    (namedSpecs.length === 0 || process.argv.some((arg) => /cybersource/.test(arg))));
// Workers re-read this file; the environment keeps them on the servers' data folders and clock.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'riderdesk-e2e-'));
process.env.E2E_NIGHT_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'riderdesk-e2e-night-'));
process.env.E2E_PARTNER_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'riderdesk-e2e-partner-'));
const clock = e2eClock();

export const baseURL = `http://127.0.0.1:${port}`;
export const nightBaseURL = `http://127.0.0.1:${nightPort}`;
export const partnerBaseURL = `http://127.0.0.1:${partnerPort}`;
export const cybersourceBaseURL = `http://127.0.0.1:${cybersourcePort}`;
const fakeCybersourceURL = `http://127.0.0.1:${fakeCybersourcePort}`;
process.env.E2E_CYBERSOURCE_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'riderdesk-e2e-cybersource-'));

const serverEnv = {
  HOST: '127.0.0.1',
  ENVIRONMENT: 'san',
  MAP_TILE_URL: '',
  // Request lines would bury a failure's own output; warnings and errors still show.
  LOG_LEVEL: 'warn',
  SIM_SPEED: process.env.SIM_SPEED ?? '60',
  // Deterministic journeys: every customer answers.
  SIM_UNREACHABLE_PROBABILITY: '0',
  // Chromium shares the machine's cores with both servers: a stall it causes is not the product's
  // overload, so load shedding waits for a longer one than in production (1 s).
  MAX_EVENT_LOOP_DELAY_MS: '5000',
  // The console's journeys set up and sign in a dozen operators from this one address within minutes; the
  // per-address limit of its sign-in and set-up steps (10 in 15 minutes) is a production guard, tested by the API
  // suites, not something the journeys are about.
  RATE_LIMIT_AUTH: '1000',
  // 00:30 in Karachi: the browsers' clocks are set to match (support/fixtures.ts).
  CLOCK_AT: clock.startAt,
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: './test-results',
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 800 } },
      grepInvert: /@mobile/,
      testIgnore: /(night|partner|cybersource)\.spec\.ts/,
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'] },
      grep: /@mobile/,
      testIgnore: /(night|partner|cybersource)\.spec\.ts/,
    },
    ...(withCybersource
      ? [
          {
            name: 'cybersource',
            use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 800 }, baseURL: cybersourceBaseURL },
            testMatch: /cybersource\.spec\.ts/,
          },
        ]
      : []),
    {
      name: 'partner',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 800 }, baseURL: partnerBaseURL },
      testMatch: /partner\.spec\.ts/,
      grepInvert: /@mobile/,
    },
    {
      name: 'partner-mobile',
      use: { ...devices['Pixel 7'], baseURL: partnerBaseURL },
      testMatch: /partner\.spec\.ts/,
      grep: /@mobile/,
    },
    {
      // A second server with the default service hours (09:00-23:00), closed at its 00:30.
      name: 'night',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 800 }, baseURL: nightBaseURL },
      testMatch: /night\.spec\.ts/,
    },
  ],
  webServer: [
    {
      command: 'npm start -w @riderdesk/api',
      cwd: '..',
      url: `${baseURL}/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      // The service is open around the clock here, so journeys can request riders at 00:30.
      env: { ...serverEnv, PORT: String(port), DATA_DIR: process.env.E2E_DATA_DIR, SEED_SERVICE_HOURS: '0000:0000' },
    },
    {
      command: 'npm start -w @riderdesk/api',
      cwd: '..',
      url: `${nightBaseURL}/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        ...serverEnv,
        PORT: String(nightPort),
        DATA_DIR: process.env.E2E_NIGHT_DATA_DIR,
        // Its own embedded database, even when the main server runs on PostgreSQL.
        DATABASE_URL: '',
        SIMULATOR: 'off',
      },
    },
    {
      command: 'npm start -w @riderdesk/api',
      cwd: '..',
      url: `${partnerBaseURL}/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        ...serverEnv,
        PORT: String(partnerPort),
        DATA_DIR: process.env.E2E_PARTNER_DATA_DIR,
        DATABASE_URL: '',
        APP_MODE: 'GODROID',
        DEMO_PARTNER_TOKEN: PARTNER_TOKEN,
        SEED_SERVICE_HOURS: '0000:0000',
      },
    },
    ...(withCybersource
      ? [
          {
            command: 'npx tsx testing/fake-cybersource-server.ts',
            cwd: '..',
            url: `${fakeCybersourceURL}/microform/bundle/v2/flex-microform.min.js`,
            timeout: 60_000,
            reuseExistingServer: false,
            stdout: 'pipe' as const,
            stderr: 'pipe' as const,
            env: { FAKE_CYBERSOURCE_PORT: String(fakeCybersourcePort) },
          },
          {
            command: 'npm start -w @riderdesk/api',
            cwd: '..',
            url: `${cybersourceBaseURL}/health`,
            timeout: 120_000,
            reuseExistingServer: false,
            stdout: 'pipe' as const,
            stderr: 'pipe' as const,
            env: {
              ...serverEnv,
              PORT: String(cybersourcePort),
              PUBLIC_URL: cybersourceBaseURL,
              DATA_DIR: process.env.E2E_CYBERSOURCE_DATA_DIR,
              DATABASE_URL: '',
              SEED_SERVICE_HOURS: '0000:0000',
              PAYMENT_PROVIDER: 'cybersource',
              CYBERSOURCE_URL: fakeCybersourceURL,
              CYBERSOURCE_MERCHANT_ID: FAKE_CYBERSOURCE.merchantId,
              CYBERSOURCE_KEY_ID: FAKE_CYBERSOURCE.keyId,
              CYBERSOURCE_SECRET_KEY: FAKE_CYBERSOURCE.secretKey,
              CYBERSOURCE_WEBHOOK_KEY_ID: FAKE_CYBERSOURCE.webhookKeyId,
              CYBERSOURCE_WEBHOOK_KEY: FAKE_CYBERSOURCE.webhookKey,
            },
          },
        ]
      : []),
  ],
});
