import { OPERATOR_ROLES, type OperatorRole } from '@riderdesk/domain/console/roles';
import { CONSOLE_API_PREFIX } from '@riderdesk/domain/paths';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupConsoleGuard } from '../src/modules/operators/guard.ts';
import type { OperatorsService } from '../src/modules/operators/service.ts';
import { buildTestApp, databases, type TestApp } from './support/app.ts';
import { CONSOLE_API, operatorOfEachRole, signInOperator, type TestOperator } from './support/console.ts';

const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';
const urlOf = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, PLACEHOLDER_ID);

/**
 * The console's guard (decision 169) on every console route the server has, whichever module added it: without a
 * session 401, with a role the route does not grant 403, before the body is read or checked.
 */
describe.each(databases())('the console guard on %s', (kind) => {
  let t: TestApp;
  let operators: Record<OperatorRole, TestOperator>;

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    operators = await operatorOfEachRole(t);
  });
  afterAll(() => t.close());

  it('knows the console routes, each guarded or public', () => {
    const routes = t.app.consoleRoutes.map((route) => `${route.method} ${route.url}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        `POST ${CONSOLE_API}/sign-in`,
        `GET ${CONSOLE_API}/me`,
        `GET ${CONSOLE_API}/operators`,
        `PUT ${CONSOLE_API}/operators/:operatorId/role`,
        `GET ${CONSOLE_API}/audit-log/export`,
      ]),
    );
    const publicOnes = t.app.consoleRoutes.filter((route) => route.roles === 'public').map((route) => route.url);
    expect(publicOnes.sort()).toEqual(
      ['/sign-in', '/sign-in/code', '/set-up', '/set-up/inspect'].map((path) => `${CONSOLE_API}${path}`).sort(),
    );
  });

  it('refuses every guarded route without a session, with an ended one, and with a role it does not grant', async () => {
    const guarded = t.app.consoleRoutes.filter((route) => route.roles !== 'public');
    expect(guarded.length).toBeGreaterThan(0);
    const ended = await signInOperator(t, operators.admin);
    expect(
      (await t.app.inject({ method: 'POST', url: `${CONSOLE_API}/sign-out`, headers: ended.headers })).statusCode,
    ).toBe(204);
    for (const route of guarded) {
      const request = {
        method: route.method as 'GET',
        url: urlOf(route.url),
        payload: route.method === 'GET' ? undefined : {},
      };
      for (const headers of [
        {},
        { authorization: 'Bearer not-a-session' },
        { authorization: 'Basic abc' },
        ended.headers,
      ]) {
        const response = await t.app.inject({ ...request, headers });
        expect(response.statusCode, `${route.method} ${route.url} without a session`).toBe(401);
        expect(response.json().errors[0].meta.translation_key).toBe('console.error.not-signed-in');
      }
      for (const role of OPERATOR_ROLES) {
        const isGranted = role === 'admin' || route.roles.length === 0 || route.roles.includes(role);
        if (isGranted) continue;
        const response = await t.app.inject({ ...request, headers: operators[role].headers });
        expect(response.statusCode, `${route.method} ${route.url} as ${role}`).toBe(403);
        expect(response.json().errors[0].meta.translation_key).toBe('console.error.forbidden');
      }
    }
  });

  it('does not take a merchant token, nor a console token on the merchant routes', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: operators.admin.headers });
    expect(me.statusCode).toBe(401);
  });
});

describe('a console route without the guard', () => {
  const operators = { operatorOfHeader: async () => null } as unknown as OperatorsService;

  it('stops the server at start', async () => {
    const app = Fastify();
    setupConsoleGuard(app, operators, '/api/v1');
    expect(() => app.get(`/api/v1${CONSOLE_API_PREFIX}/open`, async () => ({ ok: true }))).toThrow(
      /console route GET \/api\/v1\/console\/open needs onRequest: app.requireOperator/,
    );
    await app.close();
  });

  it('starts with the guard, or when declared public', async () => {
    const app = Fastify();
    setupConsoleGuard(app, operators, '/api/v1');
    app.get(`/api/v1${CONSOLE_API_PREFIX}/guarded`, { onRequest: app.requireOperator('finance') }, async () => ({}));
    app.post(`/api/v1${CONSOLE_API_PREFIX}/open`, { config: { consolePublic: true } }, async () => ({}));
    // Outside the console's prefix nothing is asked.
    app.get('/api/v1/elsewhere', async () => ({}));
    await app.ready();
    expect(app.consoleRoutes).toEqual([
      { method: 'GET', url: `/api/v1${CONSOLE_API_PREFIX}/guarded`, roles: ['finance'] },
      { method: 'POST', url: `/api/v1${CONSOLE_API_PREFIX}/open`, roles: 'public' },
    ]);
    await app.close();
  });
});
