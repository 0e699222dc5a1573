import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ERROR_REPORTS_PER_MINUTE } from '../src/modules/monitoring/plugin.ts';
import { buildTestApp, databases, type TestApp } from './support/app.ts';

const URL = '/api/v1/monitoring/client-errors';

/** One figure of the Prometheus text, by name and labels as written; undefined when absent. */
function figure(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(databases())('browser error reports (spec §9) on %s', (kind) => {
  let t: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ kind, env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => logLines.push(line) } });
  });
  afterAll(() => t.close());

  const report = (body: unknown, remoteAddress = '203.0.113.7') =>
    t.app.inject({ method: 'POST', url: URL, payload: body as object, remoteAddress });
  const metrics = async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;

  it('takes a report from anyone, logs it as a warning and counts it by kind on /metrics', async () => {
    const before = figure(await metrics(), 'riderdesk_client_errors_total{kind="chunk-load"}') ?? 0;
    const answer = await report({
      kind: 'chunk-load',
      message: 'Could not load a code chunk after 10 retries',
      stack: 'ChunkLoadError: Could not load a code chunk\n    at retryImport (index.js:1:2)',
      path: '/history/pk-chai-khana',
      build: 'b-2026-12-02',
    });
    expect(answer.statusCode).toBe(204);
    expect(figure(await metrics(), 'riderdesk_client_errors_total{kind="chunk-load"}')).toBe(before + 1);
    const logged = logLines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'browser error reported');
    expect(logged).toMatchObject({
      level: 40,
      clientError: { kind: 'chunk-load', path: '/history/pk-chai-khana', build: 'b-2026-12-02' },
    });
  });

  it('refuses what is not a report, and a page address carrying a query', async () => {
    expect((await report({ kind: 'panic', message: 'x', path: '/' })).statusCode).toBe(400);
    expect((await report({ kind: 'error', message: 'x'.repeat(1001), path: '/' })).statusCode).toBe(400);
    expect((await report({ kind: 'error', message: 'x', path: '/connect?token=secret' })).statusCode).toBe(400);
    expect((await report({ kind: 'error', message: 'x', path: '/', extra: 1 })).statusCode).toBe(400);
  });

  it('limits the reports one address sends a minute', async () => {
    const body = { kind: 'error', message: 'TypeError: x is undefined', path: '/order-tracking' };
    const statuses: number[] = [];
    for (let i = 0; i <= CLIENT_ERROR_REPORTS_PER_MINUTE; i += 1) {
      statuses.push((await report(body, '198.51.100.9')).statusCode);
    }
    expect(statuses.slice(0, CLIENT_ERROR_REPORTS_PER_MINUTE).every((status) => status === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not held back by the first.
    expect((await report(body, '198.51.100.10')).statusCode).toBe(204);
  });
});
