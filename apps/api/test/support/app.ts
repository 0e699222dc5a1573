import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { type AppDeps, buildApp, type Services } from '../../src/app.ts';
import { type AppConfig, loadConfig } from '../../src/config.ts';
import { type Db, openPglite } from '../../src/db/db.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createScratchDatabase } from '../../src/db/scratch-database.ts';
import type { DispatchConfig } from '../../src/modules/dispatch/config.ts';
import type { Geocoder } from '../../src/modules/geo/geocoder.ts';
import type { LiveConfig } from '../../src/modules/live/config.ts';
import type { PaymentProvider } from '../../src/modules/payments/provider.ts';
import { setCountryParameter } from '../../src/modules/vendors/repo.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL is set. Use with `describe.each(databases())`. */
export function databases(): DatabaseKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDb {
  db: Db;
  drop(): Promise<void>;
}

let pgliteTemplate: Promise<Blob> | null = null;

/** The run's migrated PGlite data folder (support/database-templates.ts), read once per worker. */
function pgliteTemplateData(): Promise<Blob> | null {
  const file = inject('pgliteTemplate');
  if (!file) return null;
  pgliteTemplate ??= readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteTemplate;
}

/**
 * A fresh, migrated database: PGlite in memory, or a new database on the DATABASE_URL server. Both are copies
 * of the run's migrated templates when the global set-up made them (decision 164).
 */
export async function createTestDb(kind: DatabaseKind): Promise<TestDb> {
  if (kind === 'pglite') {
    const template = pgliteTemplateData();
    const db = await openPglite('memory://', template ? { loadDataDir: await template } : {});
    if (!template) await migrate(db);
    return { db, drop: () => db.close() };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  const template = inject('postgresTemplate') || undefined;
  return createScratchDatabase(adminUrl, { prefix: 'rd_test', poolSize: 5, ...(template ? { template } : {}) });
}

/** Background work off: tests drive the dispatcher and the simulator tick by tick. */
export const QUIET: Partial<DispatchConfig> = {
  dispatcher: false,
  simulator: false,
  simUnreachableProbability: 0,
  simDeclineProbability: 0,
};

/** The configuration the tests run with: the real defaults, quiet, with a fixed secret. */
export function testConfig(overrides: Partial<AppConfig> = {}, env: NodeJS.ProcessEnv = {}): AppConfig {
  const result = loadConfig({
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    MAP_TILE_URL: '',
    PUBLIC_URL: 'http://riderdesk.test',
    RATE_LIMIT_AUTH: '1000',
    RATE_LIMIT_LOGIN_FAILURES_PER_IP: '1000',
    RATE_LIMIT_GLOBAL: '100000',
    // Suites share a busy machine and PGlite blocks the event loop while it migrates: load shedding is
    // tested on its own (operations.test.ts), not left to trip the others.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    MAX_EVENT_LOOP_UTILIZATION: '1',
    ...env,
  });
  if (!result.ok) throw new Error(result.problems.join('\n'));
  const { authSecret } = result.config;
  if (authSecret === null) throw new Error('testConfig needs AUTH_SECRET; a database-kept secret needs loadConfig');
  return { ...result.config, authSecret, ...overrides };
}

export interface TestClock {
  now: () => Date;
  /** Moves the clock forward. */
  advance(ms: number): void;
}

export function testClock(start = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
  };
}

// 13:00 in Karachi on a Tuesday: inside the default service hours 09:00-23:00.
export const KARACHI_1PM = new Date('2026-03-10T08:00:00Z');

/** For tests that place orders: the clock inside the service hours, and those hours set (decision 026). */
export const IN_SERVICE_HOURS = { start: KARACHI_1PM, serviceHours: '0900:2300' } as const;

export interface TestAppOptions {
  kind?: DatabaseKind;
  /** An existing database, left open on close; otherwise a fresh one of `kind`, dropped on close. */
  db?: Db;
  /** Where the app's clock starts; the wall clock (00:30 in Karachi under the test clock) by default. */
  start?: Date;
  /** The serviceHours country parameter to set; the migration's by default. */
  serviceHours?: string;
  geocoder?: Geocoder;
  paymentProvider?: PaymentProvider;
  /** Over QUIET: the dispatcher and the simulator are off unless a test turns them on. */
  dispatch?: Partial<DispatchConfig>;
  live?: Partial<LiveConfig>;
  config?: Partial<AppConfig>;
  env?: NodeJS.ProcessEnv;
  /** Where the log goes (with env LOG_LEVEL set, tests read it). */
  logStream?: { write(line: string): void };
  /** Webhook delivery overrides (a shortened back-off). */
  webhooks?: AppDeps['webhooks'];
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  clock: TestClock;
  services: Services;
  close(): Promise<void>;
}

/** The API, built and ready but not listening, on a test database with a clock the test moves. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const created = options.db ? null : await createTestDb(options.kind ?? 'pglite');
  const db = options.db ?? created!.db;
  const base = testConfig(options.config, options.env);
  const config: AppConfig = {
    ...base,
    dispatch: { ...base.dispatch, ...QUIET, ...options.dispatch },
    live: { ...base.live, ...options.live },
  };
  const clock = testClock(options.start);
  const app = await buildApp(config, {
    db,
    now: clock.now,
    geocoder: options.geocoder,
    ...(options.paymentProvider ? { paymentProvider: options.paymentProvider } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.webhooks ? { webhooks: options.webhooks } : {}),
  });
  await app.ready();
  if (options.serviceHours) await setCountryParameter(db, 'serviceHours', options.serviceHours);
  return {
    app,
    db,
    config,
    clock,
    services: app.services,
    async close() {
      await app.close();
      await created?.drop();
    },
  };
}
