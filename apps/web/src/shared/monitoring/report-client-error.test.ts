import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api.ts';
import { ChunkLoadError } from '../lazy/retry-import.ts';
import {
  CLIENT_ERROR_REPORTS_PER_PAGE,
  CLIENT_ERRORS_PATH,
  installClientErrorReporting,
  reportClientError,
  resetClientErrorReports,
} from './report-client-error.ts';

describe('browser error reports (spec §9)', () => {
  let uninstall = () => {};
  beforeEach(() => {
    resetClientErrorReports();
    uninstall = installClientErrorReporting();
  });
  afterEach(() => {
    uninstall();
    window.history.replaceState(null, '', '/');
  });

  const reports = async (api: ReturnType<typeof mockApi>, count: number) => {
    await expect.poll(() => api.sent(CLIENT_ERRORS_PATH).length).toBe(count);
    return api.sent(CLIENT_ERRORS_PATH).map((call) => call.body as Record<string, unknown>);
  };

  it('sends an uncaught error with its stack, and the page path without its query', async () => {
    const api = mockApi();
    window.history.replaceState(null, '', '/connect?token=secret#x');
    const error = new TypeError('vendor is undefined');
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
    const [report] = await reports(api, 1);
    expect(report).toMatchObject({ kind: 'error', message: 'TypeError: vendor is undefined', path: '/connect' });
    expect(report?.stack).toContain('vendor is undefined');
  });

  it('names a rejected promise, and a chunk that failed every retry', async () => {
    const api = mockApi();
    const rejection = (reason: unknown) => {
      const event = new Event('unhandledrejection') as PromiseRejectionEvent;
      Object.defineProperty(event, 'reason', { value: reason });
      window.dispatchEvent(event);
    };
    rejection(new Error('fetch failed'));
    rejection(new ChunkLoadError('Could not load a code chunk after 10 retries'));
    const sent = await reports(api, 2);
    expect(sent.map((report) => report.kind)).toEqual(['unhandled-rejection', 'chunk-load']);
  });

  it('sends one report per message and at most a handful per page', async () => {
    const api = mockApi();
    reportClientError('error', new Error('same'));
    reportClientError('error', new Error('same'));
    for (let i = 0; i < CLIENT_ERROR_REPORTS_PER_PAGE + 5; i += 1) reportClientError('error', new Error(`loop ${i}`));
    const sent = await reports(api, CLIENT_ERROR_REPORTS_PER_PAGE);
    expect(sent.filter((report) => report.message === 'Error: same')).toHaveLength(1);
  });
});
