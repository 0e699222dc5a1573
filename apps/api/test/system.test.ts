import { mkdirSync, mkdtempSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { FLAG_DEFAULTS } from '@riderdesk/domain/contracts/flags';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openPglite } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { setFlag } from '../src/ops/commands.ts';
import { buildTestApp, databases, type TestApp, testConfig } from './support/app.ts';

const localesDir = mkdtempSync(path.join(tmpdir(), 'rd-locales-'));
writeFileSync(path.join(localesDir, 'en.json'), JSON.stringify({ auth: { NotAuthorizedException: 'Wrong password' } }));
const webDir = mkdtempSync(path.join(tmpdir(), 'rd-web-'));
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><title>Merchant portal</title></head><body><div id="root"></div></body></html>',
);

// prd refuses to start without a mail transport and a geocoder (config.ts); neither is called here.
const PRD_SERVICES = {
  SMTP_URL: 'smtp://127.0.0.1:1',
  GEOCODER_URL: 'http://127.0.0.1:1',
  SMS_PROVIDER: 'off',
  WHATSAPP_PROVIDER: 'off',
};
describe.each(databases())('system routes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      kind,
      config: { localesDir, webDistDir: webDir },
      env: { MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png' },
    });
  });
  afterAll(() => t.close());

  it('answers /health when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('gives the public configuration', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(response.statusCode).toBe(200);
    const { result } = response.json();
    expect(result.country).toMatchObject({ code: 'PK', currency: 'PKR', phonePrefix: '+92', timeZone: 'Asia/Karachi' });
    expect(result.languages).toEqual(['en', 'ur_alt']);
    expect(result.defaultLanguage).toBe('en');
    expect(result.defaultPaymentMethod).toBe('CASH_ON_DELIVERY');
    expect(result.environment).toBe('san');
    expect(result.mode).toBe('CLASSIC');
    expect(result.mapTileUrl).toBe('https://tiles.example.com/{z}/{x}/{y}.png');
    expect(result.flagProviders).toEqual([{ name: 'FWF', url: '/api/v1/flags' }]);
    expect(result.hasDevOutbox).toBe(true);
  });

  it("lists the remote flag sources before the API's own, and lets the browser reach them (spec §7)", async () => {
    const db = await openPglite('memory://');
    await migrate(db);
    const app = await buildApp(
      testConfig({}, { FLAG_PROVIDER_URLS: 'https://flags.example.pk/pk.json, https://backup.example.pk/pk.json' }),
      { db },
    );
    try {
      const response = await app.inject({ method: 'GET', url: '/api/v1/config' });
      expect(response.json().result.flagProviders).toEqual([
        { name: 'REMOTE_1', url: 'https://flags.example.pk/pk.json' },
        { name: 'REMOTE_2', url: 'https://backup.example.pk/pk.json' },
        { name: 'FWF', url: '/api/v1/flags' },
      ]);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toMatch(/connect-src [^;]*https:\/\/flags\.example\.pk [^;]*https:\/\/backup\.example\.pk/);
    } finally {
      await app.close();
      await db.close();
    }
    expect(loadConfig({ AUTH_SECRET: 'x'.repeat(32), FLAG_PROVIDER_URLS: 'ftp://flags.example.pk/pk.json' }).ok).toBe(
      false,
    );
  });

  it('lets the map tiles through the content security policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/img-src [^;]*https:\/\/tiles\.example\.com/);
    expect(csp).toMatch(/connect-src [^;]*ws:/);
  });

  it('sends the security headers on every answer: a success, an unknown path and a refusal', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/v1/config' }),
      t.app.inject({ method: 'GET', url: '/api/v1/no-such-call' }),
      t.app.inject({ method: 'GET', url: '/api/v1/vendors' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 401]);
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toMatch(/default-src 'self'.*frame-ancestors 'self'/);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('serves the flag fallback and the flags overridden by the database', async () => {
    const fallback = await t.app.inject({ method: 'GET', url: '/fwfFallback.json' });
    expect(fallback.json()).toEqual({ variations: FLAG_DEFAULTS });

    await setFlag({ db: t.db, config: t.config }, 'BulkOrderUpload', 'false');
    const flags = await t.app.inject({ method: 'GET', url: '/api/v1/flags' });
    expect(flags.statusCode).toBe(200);
    expect(flags.json().variations).toEqual({ ...FLAG_DEFAULTS, BulkOrderUpload: false });
    // A vendor's flags are read by its own merchants only (flag-enforcement.test.ts).
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/flags?vendor_id=anything' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('serves translations with cache headers and 404 for other locales', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/translations/en.json' });
    expect(en.statusCode).toBe(200);
    expect(en.json()).toEqual({ auth: { NotAuthorizedException: 'Wrong password' } });
    expect(en.headers['cache-control']).toContain('max-age');
    const again = await t.app.inject({
      method: 'GET',
      url: '/translations/en.json',
      headers: { 'if-none-match': String(en.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // Supported but not written yet, and not supported at all.
    expect((await t.app.inject({ method: 'GET', url: '/translations/ur_alt.json' })).statusCode).toBe(404);
    const fr = await t.app.inject({ method: 'GET', url: '/translations/fr.json' });
    expect(fr.statusCode).toBe(404);
    expect(fr.json().code).toBe('NotFound');
  });

  it('exposes metrics and the OpenAPI document', async () => {
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('http_request_duration_seconds');
    const docs = await t.app.inject({ method: 'GET', url: '/docs/json' });
    const paths = Object.keys(docs.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/v1/login', '/api/v1/vendors', '/api/v1/vendor/{id}', '/api/v1/register']),
    );
  });

  it('answers unknown API paths with the error envelope and browser paths with the app', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 404, code: 'NotFound', errors: [] });
    const page = await t.app.inject({ method: 'GET', url: '/order-tracking/pk-1', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const root = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(root.body).toContain('<div id="root">');
  });

  it('puts the public configuration and the translations preload in the page, so the app starts without waiting', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    const inline = /<script type="application\/json" id="app-config">(.*?)<\/script>/.exec(page.body)?.[1];
    expect(inline && JSON.parse(inline)).toEqual(config.json());
    expect(page.body).toContain(
      '<link rel="preload" href="/translations/en.json" as="fetch" crossorigin="anonymous" />',
    );
    expect(page.body).toContain(`<title>${config.json().result.brand.serviceName}</title>`);
    // The same page however it is asked for.
    const file = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(file.body).toBe(page.body);
  });

  it('refuses text a database cannot store in the flag and outbox queries with 400', async () => {
    for (const url of ['/api/v1/flags?vendor_id=%00', '/api/v1/dev/outbox?to=%00', '/api/v1/dev/outbox?limit=0x10']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, code: 'ValidationError' });
    }
  });

  it('answers malformed JSON with the error envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email_address":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400 });
  });
});

describe('system routes without a database or in production', () => {
  it('answers 503 on /health when the database is down', async () => {
    const db = await openPglite('memory://');
    await migrate(db);
    const app = await buildApp(testConfig(), { db });
    await db.close();
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
    await app.close();
  });

  it('has no development outbox in prd', async () => {
    const db = await openPglite('memory://');
    await migrate(db);
    const app = await buildApp(testConfig({}, { ...PRD_SERVICES, ENVIRONMENT: 'prd' }), { db });
    expect((await app.inject({ method: 'GET', url: '/api/v1/dev/outbox' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    const config = await app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(config.json().result.hasDevOutbox).toBe(false);
    await app.close();
    await db.close();
  });

  it.each([
    [{ ENVIRONMENT: 'san' }, true],
    [{ ENVIRONMENT: 'stg' }, false],
    [{ ENVIRONMENT: 'stg', OUTBOX_PAGE: 'on' }, true],
    [{ ENVIRONMENT: 'san', OUTBOX_PAGE: 'off' }, false],
    [{ ...PRD_SERVICES, ENVIRONMENT: 'prd', OUTBOX_PAGE: 'on' }, false],
  ])('serves the outbox page with %o: %s', async (env, isServed) => {
    const db = await openPglite('memory://');
    await migrate(db);
    const app = await buildApp(testConfig({}, env), { db });
    const page = await app.inject({ method: 'GET', url: '/api/v1/dev/outbox' });
    expect(page.statusCode).toBe(isServed ? 200 : 404);
    const config = await app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(config.json().result.hasDevOutbox).toBe(isServed);
    await app.close();
    await db.close();
  });
});

describe('the built web app and compressed answers', () => {
  it('serves the build dist points to at start, precompressed, without source maps, and keeps it after a switch', async () => {
    const base = mkdtempSync(path.join(tmpdir(), 'rd-builds-'));
    const write = (build: string, file: string, content: string | Buffer) => {
      mkdirSync(path.dirname(path.join(base, build, file)), { recursive: true });
      writeFileSync(path.join(base, build, file), content);
    };
    const script = 'console.log("first build");'.repeat(200);
    write('one', 'index.html', '<!doctype html><head><title>app</title></head><main>one</main>');
    write('one', 'assets/app-1.js', script);
    write('one', 'assets/app-1.js.br', brotliCompressSync(script));
    write('one', 'assets/app-1.js.map', '{}');
    write('two', 'index.html', '<!doctype html><head><title>app</title></head><main>two</main>');
    const dist = path.join(base, 'dist');
    symlinkSync('one', dist);
    const t = await buildTestApp({ config: { webDistDir: dist } });
    try {
      const compressed = await t.app.inject({
        method: 'GET',
        url: '/assets/app-1.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(compressed.statusCode).toBe(200);
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(script);
      expect((await t.app.inject({ method: 'GET', url: '/assets/app-1.js.map' })).statusCode).toBe(404);

      // The next build is switched in while this server runs: it keeps serving its own.
      unlinkSync(dist);
      symlinkSync('two', dist);
      const page = await t.app.inject({ method: 'GET', url: '/order-tracking', headers: { accept: 'text/html' } });
      expect(page.body).toContain('<main>one</main>');
      expect((await t.app.inject({ method: 'GET', url: '/assets/app-1.js' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('serves the operator console page at /console, and its catalogue beside the merchant one', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'rd-console-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><head><title>app</title></head><main>portal</main>');
    mkdirSync(path.join(dist, 'console', 'assets'), { recursive: true });
    writeFileSync(
      path.join(dist, 'console', 'index.html'),
      '<!doctype html><head><title>Operator console</title></head><main>console</main>',
    );
    writeFileSync(path.join(dist, 'console', 'assets', 'console-1.js'), 'console.log(1);');
    const t = await buildTestApp({ config: { webDistDir: dist } });
    try {
      const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      for (const url of ['/console', '/console/', '/console/operators', '/console/set-up', '/console/audit-log?x=1']) {
        const answer = await page(url);
        expect(answer.statusCode, url).toBe(200);
        expect(answer.body, url).toContain('<main>console</main>');
        expect(answer.body).toContain('<title>Riderdesk · Console</title>');
        expect(answer.body).toContain('href="/translations/console/en.json"');
      }
      // The merchants' pages are not the console's, nor a path that only starts like it.
      for (const url of ['/', '/consoles', '/history']) expect((await page(url)).body, url).toContain('portal');
      expect((await t.app.inject({ method: 'GET', url: '/console/assets/console-1.js' })).body).toBe('console.log(1);');
      const catalogue = await t.app.inject({ method: 'GET', url: '/translations/console/ur_alt.json' });
      expect(catalogue.statusCode).toBe(200);
      expect(catalogue.json().console.title).toBe('آپریٹر کنسول');
      expect((await t.app.inject({ method: 'GET', url: '/translations/console/xx.json' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('compresses API answers above a couple of kilobytes for clients that accept it', async () => {
    const t = await buildTestApp();
    try {
      const docs = await t.app.inject({ method: 'GET', url: '/docs/json', headers: { 'accept-encoding': 'br' } });
      expect(docs.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(docs.rawPayload).toString()).openapi).toBeDefined();
      const small = await t.app.inject({ method: 'GET', url: '/health', headers: { 'accept-encoding': 'br' } });
      expect(small.headers['content-encoding']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe('the page the web app starts from', () => {
  it('cannot be broken out of by a configured value', async () => {
    const { renderIndexHtml } = await import('../src/plugins/web.ts');
    const t = await buildTestApp();
    try {
      const config = (await t.app.inject({ method: 'GET', url: '/api/v1/config' })).json().result;
      const hostile = { ...config, brand: { ...config.brand, serviceName: '</script><script>alert(1)</script>&' } };
      const html = renderIndexHtml('<html><head><title>x</title></head><body></body></html>', hostile);
      expect(html).not.toContain('<script>alert(1)');
      expect(html).toContain('<title>&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#38;</title>');
      expect(html).toMatch(new RegExp(`^<html data-brand-colour="${config.brand.primaryColor}"><head>`));
      const inline = /<script type="application\/json" id="app-config">(.*?)<\/script>/.exec(html)?.[1] ?? '';
      expect(JSON.parse(inline).result.brand.serviceName).toBe(hostile.brand.serviceName);
    } finally {
      await t.close();
    }
  });
});

describe('a public order page', () => {
  it('preloads its order’s answer, taking only a token’s characters from the address', async () => {
    const { withPageData } = await import('../src/plugins/web.ts');
    const html = '<html><head></head><body></body></html>';
    expect(withPageData(html, '/tracking/AbC_12-x?utm=1', '/api/v1')).toContain(
      '<link rel="preload" href="/api/v1/public/tracking/AbC_12-x" as="fetch" crossorigin="anonymous" /></head>',
    );
    expect(withPageData(html, '/delivery-receipt/tok', '/api/v1')).toContain(
      'href="/api/v1/public/delivery-receipt/tok"',
    );
    expect(withPageData(html, '/tracking-c2c/tok/', '/api/v1')).toContain('href="/api/v1/public/tracking-c2c/tok"');
    for (const url of [
      '/',
      '/order-tracking',
      '/tracking/a%22%3E%3Cscript%3E',
      '/tracking/a"><script>',
      '/tracking/',
    ]) {
      expect(withPageData(html, url, '/api/v1'), url).toBe(html);
    }
  });
});
