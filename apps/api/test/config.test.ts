import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from '../src/config.ts';

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
    expect(config.seedServiceHours).toBeNull();
    expect(config.geo).toEqual({
      geocoderUrl: null,
      geocoderUserAgent: 'Riderdesk/0.1 (+http://localhost:8080)',
      geocoderTimeoutMs: 5000,
      googlePlaces: null,
    });
    expect(config.dispatch).toMatchObject({ dispatcher: true, simulator: true, simSpeed: 10, publicRateLimit: 60 });
  });

  it('turns the event-loop delay check off with 0, and refuses a limit too small to mean anything', () => {
    const read = (value: string) => loadConfig({ MAX_EVENT_LOOP_DELAY_MS: value });
    const off = read('0');
    expect(off.ok && off.config.pressure.maxEventLoopDelayMs).toBe(0);
    const limit = read('250');
    expect(limit.ok && limit.config.pressure.maxEventLoopDelayMs).toBe(250);
    const tooSmall = read('5');
    expect(tooSmall.ok).toBe(false);
    expect(tooSmall.ok ? [] : tooSmall.problems.join('\n')).toMatch(/MAX_EVENT_LOOP_DELAY_MS/);
  });

  it('reads the geocoder, dispatch and simulator settings with the rest', () => {
    const result = loadConfig({
      AUTH_SECRET: 'x'.repeat(32),
      GEOCODER_URL: 'https://nominatim.example.pk',
      GEOCODER_TIMEOUT_MS: '2500',
      DISPATCHER: 'off',
      SIM_SPEED: '60',
      SIM_UNREACHABLE_PROBABILITY: '0',
      SEED_SERVICE_HOURS: '0000:0000',
    });
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.config.geo).toMatchObject({ geocoderUrl: 'https://nominatim.example.pk', geocoderTimeoutMs: 2500 });
    expect(result.config.dispatch).toMatchObject({ dispatcher: false, simSpeed: 60, simUnreachableProbability: 0 });
    expect(result.config.seedServiceHours).toBe('0000:0000');
  });

  it('selects the CyberSource adapter only with its merchant id and signing key', () => {
    const missing = loadConfig({ AUTH_SECRET: 'x'.repeat(32), PAYMENT_PROVIDER: 'cybersource' });
    expect(missing.ok).toBe(false);
    if (!missing.ok) {
      expect(missing.problems).toEqual([
        'CYBERSOURCE_MERCHANT_ID: required when PAYMENT_PROVIDER is cybersource',
        'CYBERSOURCE_KEY_ID: required when PAYMENT_PROVIDER is cybersource',
        'CYBERSOURCE_SECRET_KEY: required when PAYMENT_PROVIDER is cybersource',
      ]);
    }
    const result = loadConfig({
      AUTH_SECRET: 'x'.repeat(32),
      PAYMENT_PROVIDER: 'cybersource',
      CYBERSOURCE_MERCHANT_ID: 'riderdesk_pk',
      CYBERSOURCE_KEY_ID: '08c94330-f618-42a3-b09d-e1e43be5efda',
      CYBERSOURCE_SECRET_KEY: Buffer.from('a shared secret key of the business center').toString('base64'),
    });
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.config.payments).toMatchObject({
      provider: 'cybersource',
      cybersource: { url: 'https://apitest.cybersource.com', merchantId: 'riderdesk_pk', timeoutMs: 15_000 },
    });
    const sandbox = loadConfig({ AUTH_SECRET: 'x'.repeat(32) });
    expect(sandbox.ok && sandbox.config.payments).toMatchObject({ provider: 'sandbox', cybersource: null });
  });

  it('documents every variable in .env.example, whose values start a working server', () => {
    const example = readFileSync(path.join(apiDir, '../../.env.example'), 'utf8');
    const env = Object.fromEntries(
      example
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(Object.keys(env).sort()).toEqual([...CONFIG_VARIABLES].sort());
    const result = loadConfig({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rd-example-')) });
    if (!result.ok) throw new Error(result.problems.join('\n'));
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

  it('starts the clock at CLOCK_AT outside prd, and refuses it in prd', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-config-'));
    const moved = loadConfig({ DATA_DIR: dataDir, CLOCK_AT: '2026-03-10T00:30:00+05:00', REQUEST_TIMEOUT_MS: '5000' });
    if (!moved.ok) throw new Error(moved.problems.join('\n'));
    expect(moved.config.clockStart?.toISOString()).toBe('2026-03-09T19:30:00.000Z');
    expect(moved.config.requestTimeoutMs).toBe(5000);
    const production = loadConfig({ DATA_DIR: dataDir, ENVIRONMENT: 'prd', CLOCK_AT: '2026-03-10T00:30:00+05:00' });
    expect(production.ok).toBe(false);
    if (!production.ok) expect(production.problems.join('\n')).toMatch(/^CLOCK_AT: /m);
    const wall = loadConfig({ DATA_DIR: dataDir });
    expect(wall.ok && wall.config.clockStart).toBeNull();
  });

  it('leaves the secret to the database with DATABASE_URL, writing no file (db/instance-secrets.ts)', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-secret-'));
    const result = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/riderdesk' });
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.config.authSecret).toBeNull();
    expect(existsSync(path.join(dataDir, 'auth-secret'))).toBe(false);
    const given = loadConfig({
      AUTH_SECRET: 'y'.repeat(32),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/riderdesk',
    });
    expect(given.ok && given.config.authSecret).toBe('y'.repeat(32));
  });

  it.each([
    [undefined, false],
    ['false', false],
    // Never every hop: true is one proxy in front, whose appended address is the client's.
    ['true', 1],
    ['on', 1],
    ['0', false],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 127.0.0.1,::1, fd00::/8,loopback', ['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback']],
  ])('reads TRUST_PROXY=%s as %o', (value, expected) => {
    const result = loadConfig({ AUTH_SECRET: 'x'.repeat(32), ...(value === undefined ? {} : { TRUST_PROXY: value }) });
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.config.trustProxy).toEqual(expected);
  });

  it('reads the operator settings, off by default', () => {
    const defaults = loadConfig({ AUTH_SECRET: 'x'.repeat(32) });
    if (!defaults.ok) throw new Error(defaults.problems.join('\n'));
    expect(defaults.config).toMatchObject({ metricsToken: null, operatorToken: null });
    expect(defaults.config.rateLimit.redisUrl).toBeNull();
    const set = loadConfig({
      AUTH_SECRET: 'x'.repeat(32),
      METRICS_TOKEN: 'm'.repeat(32),
      OPERATOR_TOKEN: 'o'.repeat(32),
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    if (!set.ok) throw new Error(set.problems.join('\n'));
    expect(set.config).toMatchObject({ metricsToken: 'm'.repeat(32), operatorToken: 'o'.repeat(32) });
    expect(set.config.rateLimit.redisUrl).toBe('redis://127.0.0.1:6379');
  });

  it('refuses prd without a mail transport and a geocoder, naming both at once; san and stg keep the embedded ones', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-config-'));
    const production = loadConfig({ DATA_DIR: dataDir, ENVIRONMENT: 'prd', SIM_SPEED: 'fast' });
    expect(production.ok).toBe(false);
    const problems = production.ok ? [] : production.problems;
    expect(problems.filter((p) => /^(SMTP_URL|GEOCODER_URL): required in prd/.test(p))).toHaveLength(2);
    expect(problems.join('\n')).toContain('SIM_SPEED');
    const onlyMail = loadConfig({
      DATA_DIR: dataDir,
      ENVIRONMENT: 'prd',
      GEOCODER_URL: 'https://geo.example.pk',
      SMS_PROVIDER: 'off',
      WHATSAPP_PROVIDER: 'off',
    });
    expect(onlyMail.ok ? [] : onlyMail.problems).toEqual([
      'SMTP_URL: required in prd (verification links, reset codes and export e-mails go over it)',
    ]);
    const complete = loadConfig({
      DATA_DIR: dataDir,
      ENVIRONMENT: 'prd',
      SMTP_URL: 'smtp://mail.example.pk:587',
      GEOCODER_URL: 'https://geo.example.pk',
      SMS_PROVIDER: 'off',
      WHATSAPP_PROVIDER: 'off',
    });
    expect(complete.ok).toBe(true);
    for (const environment of ['san', 'stg']) {
      const embedded = loadConfig({ DATA_DIR: dataDir, ENVIRONMENT: environment });
      expect(embedded.ok && [embedded.config.smtpUrl, embedded.config.geo.geocoderUrl]).toEqual([null, null]);
    }
  });

  it('connects customer messages only with every setting of the chosen providers, naming each missing one', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-config-'));
    const prd = {
      DATA_DIR: dataDir,
      ENVIRONMENT: 'prd',
      SMTP_URL: 'smtp://m.example.pk',
      GEOCODER_URL: 'https://g.example.pk',
    };
    const unset = loadConfig(prd);
    expect(unset.ok ? [] : unset.problems.map((problem) => problem.split(':')[0])).toEqual([
      'SMS_PROVIDER',
      'WHATSAPP_PROVIDER',
    ]);
    // In prd the outbox would keep every customer's message where nobody reads it.
    const outbox = loadConfig({ ...prd, SMS_PROVIDER: 'outbox', WHATSAPP_PROVIDER: 'off' });
    expect(outbox.ok ? [] : outbox.problems).toEqual([
      expect.stringMatching(/^SMS_PROVIDER: required in prd, and not outbox/),
    ]);
    const half = loadConfig({
      ...prd,
      SMS_PROVIDER: 'twilio',
      WHATSAPP_PROVIDER: 'cloud',
      TWILIO_AUTH_TOKEN: 't'.repeat(32),
    });
    expect(half.ok ? [] : half.problems.map((problem) => problem.split(':')[0])).toEqual([
      'TWILIO_ACCOUNT_SID',
      'TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID',
      'WHATSAPP_ACCESS_TOKEN',
      'WHATSAPP_PHONE_NUMBER_ID',
      'WHATSAPP_APP_SECRET',
      'WHATSAPP_VERIFY_TOKEN',
      'PUBLIC_URL',
    ]);
    const gateway = loadConfig({ DATA_DIR: dataDir, SMS_PROVIDER: 'gateway', PUBLIC_URL: 'https://rd.example.pk' });
    expect(gateway.ok ? [] : gateway.problems.map((problem) => problem.split(':')[0])).toEqual([
      'SMS_GATEWAY_URL',
      'SMS_GATEWAY_SECRET',
    ]);
    const connected = loadConfig({
      ...prd,
      PUBLIC_URL: 'https://rd.example.pk',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 't'.repeat(32),
      TWILIO_MESSAGING_SERVICE_SID: `MG${'b'.repeat(32)}`,
      WHATSAPP_PROVIDER: 'off',
      MESSAGES_DAILY_CAP: '500',
    });
    if (!connected.ok) throw new Error(connected.problems.join('\n'));
    expect(connected.config.messaging).toMatchObject({
      sms: { provider: 'twilio', apiUrl: 'https://api.twilio.com', from: null },
      whatsapp: { provider: 'off' },
      dailyCapPerMerchant: 500,
    });
    // Outside prd an unset provider is the embedded outbox.
    const sandbox = loadConfig({ DATA_DIR: dataDir });
    expect(sandbox.ok && sandbox.config.messaging).toMatchObject({
      sms: { provider: 'outbox' },
      whatsapp: { provider: 'outbox' },
    });
  });

  it('reads the Google Places key and host for the GoogleAutocomplete flag', () => {
    const off = loadConfig({ AUTH_SECRET: 'x'.repeat(32) });
    expect(off.ok && off.config.geo.googlePlaces).toBeNull();
    const on = loadConfig({ AUTH_SECRET: 'x'.repeat(32), GOOGLE_PLACES_API_KEY: 'AIza'.padEnd(39, 'k') });
    expect(on.ok && on.config.geo.googlePlaces).toEqual({
      apiKey: 'AIza'.padEnd(39, 'k'),
      url: 'https://places.googleapis.com',
    });
  });

  it('takes the external links from configuration, none invented, each checked to be an https URL (spec §1)', () => {
    const none = loadConfig({ AUTH_SECRET: 'x'.repeat(32) });
    expect(none.ok && none.config.deployment.links).toEqual({
      partnerSignUp: null,
      privacy: null,
      apiDocumentation: null,
      deliveryServiceInfo: null,
    });
    const set = loadConfig({
      AUTH_SECRET: 'x'.repeat(32),
      BRAND: 'swiftdrop',
      COUNTRY: 'SG',
      LINK_PRIVACY: 'https://swiftdrop.example.sg/privacy',
      LINK_PARTNER_SIGN_UP: 'https://partners.swiftdrop.example.sg/',
    });
    expect(set.ok && set.config.deployment.links).toEqual({
      partnerSignUp: 'https://partners.swiftdrop.example.sg/',
      privacy: 'https://swiftdrop.example.sg/privacy',
      apiDocumentation: null,
      deliveryServiceInfo: null,
    });
    const bad = loadConfig({
      AUTH_SECRET: 'x'.repeat(32),
      LINK_API_DOCUMENTATION: 'http://riderdesk.example/developers',
      LINK_DELIVERY_SERVICE_INFO: 'javascript:alert(1)',
    });
    expect(bad.ok ? [] : bad.problems).toEqual([
      'LINK_API_DOCUMENTATION "http://riderdesk.example/developers" must be an https URL',
      'LINK_DELIVERY_SERVICE_INFO "javascript:alert(1)" must be an https URL',
    ]);
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
      GEOCODER_URL: 'ftp://geo.example.pk',
      GEOCODER_TIMEOUT_MS: '5',
      DISPATCHER: 'maybe',
      SIM_SPEED: 'fast',
      SIM_UNREACHABLE_PROBABILITY: '2',
      PUBLIC_RATE_LIMIT: '0',
      SEED_SERVICE_HOURS: '2500:0000',
      TRUST_PROXY: '10.0.0.0/99,proxy.example.pk',
      REDIS_URL: 'http://127.0.0.1:6379',
      METRICS_TOKEN: 'short',
      OPERATOR_TOKEN: 'short',
    });
    expect(result.ok).toBe(false);
    const problems = result.ok ? '' : result.problems.join('\n');
    for (const name of [
      'COUNTRY',
      'BRAND',
      'ENVIRONMENT',
      'PORT',
      'APP_MODE',
      'AUTH_SECRET',
      'GEOCODER_URL',
      'GEOCODER_TIMEOUT_MS',
      'DISPATCHER',
      'SIM_SPEED',
      'SIM_UNREACHABLE_PROBABILITY',
      'PUBLIC_RATE_LIMIT',
      'SEED_SERVICE_HOURS',
      'TRUST_PROXY',
      'REDIS_URL',
      'METRICS_TOKEN',
      'OPERATOR_TOKEN',
    ]) {
      expect(problems).toContain(name);
    }
  });

  // spec §9 quotes no prices for Hong Kong or Kuwait: started there, every order would fail to price.
  it.each(['HK', 'KW'])('refuses to start %s, a country without delivery pricing, naming it', (country) => {
    const result = loadConfig({ AUTH_SECRET: 'x'.repeat(32), COUNTRY: country });
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.problems.join('\n')).toContain(`COUNTRY "${country}" has no delivery pricing`);
  });

  it.each(['PK', 'SG', 'MY', 'TH', 'TW', 'BD'])('starts %s, whose prices the spec quotes', (country) => {
    const result = loadConfig({ AUTH_SECRET: 'x'.repeat(32), COUNTRY: country });
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.config.deployment.country.code).toBe(country);
  });

  it('refuses a language the country does not offer and an unknown payment method', () => {
    const result = loadConfig({ AUTH_SECRET: 'x'.repeat(32), LANGUAGES: 'en,fr', DEFAULT_PAYMENT_METHOD: 'BITCOIN' });
    expect(result.ok).toBe(false);
    const problems = result.ok ? '' : result.problems.join('\n');
    expect(problems).toContain('"fr"');
    expect(problems).toContain('BITCOIN');
  });

  it('stops the server process on a bad configuration, naming every bad variable (spec §1)', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-'));
    const run = spawnSync(path.join(apiDir, '../../node_modules/.bin/tsx'), ['src/main.ts'], {
      cwd: apiDir,
      env: { PATH: process.env.PATH, COUNTRY: 'XX', BRAND: 'nope', SIM_SPEED: 'fast', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.status).not.toBeNull();
    expect(run.stderr).toContain('COUNTRY "XX"');
    expect(run.stderr).toContain('BRAND "nope"');
    expect(run.stderr).toContain('SIM_SPEED');
    // Refused before anything started: no database was opened in the data folder.
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });
});
