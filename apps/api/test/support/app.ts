import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { type AppConfig, loadConfig } from '../../src/config.ts';
import { type Db, openPglite } from '../../src/db/db.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createScratchDatabase } from '../../src/db/scratch-database.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL is set. Use with `describe.each(databases())`. */
export function databases(): DatabaseKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDb {
  db: Db;
  drop(): Promise<void>;
}

/** A fresh, migrated database: PGlite in memory, or a new database on the DATABASE_URL server. */
export async function createTestDb(kind: DatabaseKind): Promise<TestDb> {
  if (kind === 'pglite') {
    const db = await openPglite('memory://');
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  return createScratchDatabase(adminUrl, { prefix: 'rd_test', poolSize: 5 });
}

/** The configuration the tests run with: the real defaults, quiet, with a fixed secret. */
export function testConfig(overrides: Partial<AppConfig> = {}, env: NodeJS.ProcessEnv = {}): AppConfig {
  const result = loadConfig({
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    MAP_TILE_URL: '',
    PUBLIC_URL: 'http://riderdesk.test',
    RATE_LIMIT_AUTH: '1000',
    RATE_LIMIT_GLOBAL: '100000',
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

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  clock: TestClock;
  close(): Promise<void>;
}

export async function buildTestApp(
  kind: DatabaseKind,
  options: { config?: Partial<AppConfig>; env?: NodeJS.ProcessEnv } = {},
): Promise<TestApp> {
  const { db, drop } = await createTestDb(kind);
  const config = testConfig(options.config, options.env);
  const clock = testClock();
  const app = await buildApp(config, { db, now: clock.now });
  await app.ready();
  return {
    app,
    db,
    config,
    clock,
    async close() {
      await app.close();
      await drop();
    },
  };
}
