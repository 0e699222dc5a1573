import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('configuration', () => {
  it('defaults to the Pakistan deployment', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-config-'));
    const result = loadConfig({ DATA_DIR: dataDir });
    if (!result.ok) throw new Error(result.problems.join('\n'));
    const { config } = result;
    expect(config.deployment.country.code).toBe('PK');
    expect(config.deployment.languages).toEqual(['en', 'ur_alt']);
    expect(config.deployment.defaultPaymentMethod).toBe('CASH_ON_DELIVERY');
    expect(config.deployment.environment).toBe('san');
    expect(config.deployment.brand.id).toBe('riderdesk');
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.databaseUrl).toBeNull();
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(config.mode).toBe('CLASSIC');
    expect(config.rateLimit.authMax).toBe(10);
    expect(config.demoEmail).toBe('demo@riderdesk.pk');
    expect(config.passwordHashCost).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });

  it('generates the auth secret once, readable by its owner only', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-secret-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    if (!first.ok || !second.ok) throw new Error('config refused');
    const file = path.join(dataDir, 'auth-secret');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.config.authSecret);
    expect(second.config.authSecret).toBe(first.config.authSecret);
  });

  it('turns the map tiles off with an empty MAP_TILE_URL', () => {
    const result = loadConfig({ AUTH_SECRET: 'x'.repeat(32), MAP_TILE_URL: '' });
    expect(result.ok && result.config.mapTileUrl).toBeNull();
  });

  it('lists every problem at once', () => {
    const result = loadConfig({
      COUNTRY: 'XX',
      BRAND: 'nope',
      ENVIRONMENT: 'dev',
      PORT: 'eighty',
      APP_MODE: 'KIOSK',
      AUTH_SECRET: 'short',
    });
    expect(result.ok).toBe(false);
    const problems = result.ok ? '' : result.problems.join('\n');
    for (const name of ['COUNTRY', 'BRAND', 'ENVIRONMENT', 'PORT', 'APP_MODE', 'AUTH_SECRET']) {
      expect(problems).toContain(name);
    }
  });

  it('refuses a language the country does not offer and an unknown payment method', () => {
    const result = loadConfig({ AUTH_SECRET: 'x'.repeat(32), LANGUAGES: 'en,fr', DEFAULT_PAYMENT_METHOD: 'BITCOIN' });
    expect(result.ok).toBe(false);
    const problems = result.ok ? '' : result.problems.join('\n');
    expect(problems).toContain('"fr"');
    expect(problems).toContain('BITCOIN');
  });

  it('stops the server process on a bad configuration (spec §1)', () => {
    const run = spawnSync(path.join(apiDir, '../../node_modules/.bin/tsx'), ['src/main.ts'], {
      cwd: apiDir,
      env: { PATH: process.env.PATH, COUNTRY: 'XX', BRAND: 'nope', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rd-')) },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.status).not.toBeNull();
    expect(run.stderr).toContain('COUNTRY "XX"');
    expect(run.stderr).toContain('BRAND "nope"');
  });
});
