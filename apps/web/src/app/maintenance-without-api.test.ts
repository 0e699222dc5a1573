import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PublicConfig } from '@riderdesk/domain/contracts/deployment';
import type { i18n as I18n } from 'i18next';
import { HttpResponse, http, passthrough } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/fixtures.ts';
import { server } from '../../test/server.ts';
import { STORAGE_KEYS } from '../shared/storage.ts';
import { keepMaintenanceSources, maintenanceWithoutApi } from './maintenance-without-api.ts';

/**
 * Fake remote flag sources on loopback: a static JSON as object storage serves it, and a flag service that
 * never answers. The API is not running at all.
 */
let variations: Record<string, boolean> = {};
const requests: string[] = [];
let storage: Server;
let silent: Server;
const urlOf = (server: Server, path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;

beforeAll(async () => {
  storage = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.setHeader('content-type', 'application/json');
    response.setHeader('access-control-allow-origin', '*');
    response.end(JSON.stringify({ variations }));
  });
  silent = createServer((request) => {
    requests.push(`silent${request.url}`);
  });
  await Promise.all([storage, silent].map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
});
afterAll(async () => {
  silent.closeAllConnections();
  await Promise.all([storage, silent].map((s) => new Promise((resolve) => s.close(resolve))));
});
beforeEach(() => {
  // The fake sources are real servers; the API is not there at all.
  server.use(
    http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()),
    http.all('*/api/v1/*', () => HttpResponse.error()),
  );
});
afterEach(() => {
  window.localStorage.clear();
  requests.length = 0;
});

const i18n = { language: 'ur_alt', t: (key: string) => `ur:${key}` } as unknown as I18n;
const configWith = (urls: string[]): PublicConfig => ({
  ...testConfig,
  flagProviders: [...urls.map((url, i) => ({ name: `REMOTE_${i + 1}`, url })), { name: 'FWF', url: '/api/v1/flags' }],
});

describe('the maintenance flags while the API is down (spec §7)', () => {
  it('reads them from the remote sources kept at the last start, in turn past one that does not answer', async () => {
    variations = { UnplannedMaintenance: true };
    keepMaintenanceSources(configWith([urlOf(silent, '/flags'), urlOf(storage, '/pk/flags.json')]), i18n);
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.maintenanceSources) ?? '{}');
    // Only the sources that do not need the API are kept.
    expect(stored.providers.map((p: { url: string }) => p.url)).toEqual([
      urlOf(silent, '/flags'),
      urlOf(storage, '/pk/flags.json'),
    ]);

    const maintenance = await maintenanceWithoutApi();
    expect(maintenance).toEqual({
      texts: {
        title: 'ur:maintenance.unplanned.title',
        body: 'ur:maintenance.unplanned.body',
        retry: 'ur:maintenance.retry',
      },
      language: 'ur_alt',
      primaryColor: 'pink',
    });
    expect(requests).toEqual(['silent/flags', '/pk/flags.json']);
  });

  it('uses the sources the page names, with English texts when none were kept', async () => {
    variations = { PlannedMaintenance: true };
    const maintenance = await maintenanceWithoutApi([{ name: 'REMOTE_1', url: urlOf(storage, '/pk/flags.json') }]);
    expect(maintenance?.texts.title).toBe('Scheduled maintenance');
  });

  it('leaves the application-load banner to say the rest when no maintenance is on, or no source is known', async () => {
    variations = { PlannedMaintenance: false, UnplannedMaintenance: false };
    keepMaintenanceSources(configWith([urlOf(storage, '/pk/flags.json')]), i18n);
    expect(await maintenanceWithoutApi()).toBeNull();
    window.localStorage.clear();
    expect(await maintenanceWithoutApi([{ name: 'FWF', url: '/api/v1/flags' }])).toBeNull();
  });
});
