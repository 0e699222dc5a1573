import { mayOperate, type OperatorRole } from '@riderdesk/domain/console/roles';
import { CONSOLE_API_PREFIX } from '@riderdesk/domain/paths';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { forbidden, notSignedIn } from './deps.ts';
import type { ConsoleOperator } from './model.ts';
import type { OperatorsService } from './service.ts';

/** The roles a guard was made for, on the hook itself: the route check below reads them. */
const GRANTED = Symbol('console roles');
type ConsoleGuard = onRequestHookHandler & { [GRANTED]: readonly OperatorRole[] };

/** A console route as the server knows it: its roles, or public (the sign-in and set-up steps). */
export interface ConsoleRoute {
  method: string;
  url: string;
  roles: readonly OperatorRole[] | 'public';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator of a console call, once requireOperator has let it through. */
    operator: (ConsoleOperator & { expiresAt: Date }) | null;
  }
  interface FastifyInstance {
    /**
     * The onRequest hook of every console route: a live console session (else 401) of an operator of one of
     * `roles` (else 403). An admin always passes; no roles is every signed-in operator. It runs before the body
     * is read or validated, so a refused caller learns nothing of the route's input.
     */
    requireOperator: (...roles: OperatorRole[]) => onRequestHookHandler;
    /** Every console route registered, with its roles (the API tests try each with every role). */
    consoleRoutes: ConsoleRoute[];
  }
  interface FastifyContextConfig {
    /** A console route anyone may call (the sign-in and set-up steps): it has no requireOperator. */
    consolePublic?: boolean;
  }
}

/**
 * Sets up the console's guard on the root instance, before any module registers its routes (decision 169). Every
 * route under `${apiPrefix}/console/` must have `onRequest: app.requireOperator(…)` or `config.consolePublic`:
 * a route with neither stops the server at start, so no console route goes unguarded.
 */
export function setupConsoleGuard(app: FastifyInstance, operators: OperatorsService, apiPrefix: string): void {
  const consolePrefix = `${apiPrefix}${CONSOLE_API_PREFIX}/`;
  const routes: ConsoleRoute[] = [];
  app.decorateRequest('operator', null);
  app.decorate('consoleRoutes', routes);
  app.decorate('requireOperator', (...roles: OperatorRole[]) => {
    const guard = async (request: FastifyRequest) => {
      const operator = await operators.operatorOfHeader(request.headers.authorization);
      if (!operator) throw notSignedIn();
      if (!mayOperate(operator.role, roles)) throw forbidden();
      request.operator = operator;
    };
    return Object.assign(guard, { [GRANTED]: roles }) as unknown as ConsoleGuard;
  });
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(consolePrefix) || route.method === 'HEAD') return;
    const method = [route.method].flat().join(',');
    if (route.config?.consolePublic) {
      routes.push({ method, url: route.url, roles: 'public' });
      return;
    }
    const guards = [route.onRequest ?? []].flat().filter((hook) => GRANTED in hook) as ConsoleGuard[];
    if (guards.length !== 1) {
      throw new Error(`console route ${method} ${route.url} needs onRequest: app.requireOperator(…) (decision 169)`);
    }
    routes.push({ method, url: route.url, roles: guards[0]![GRANTED] });
  });
}

/** The operator requireOperator let through; a route without the guard is a programming error. */
export function operatorOf(request: FastifyRequest): ConsoleOperator & { expiresAt: Date } {
  if (!request.operator) throw new Error('requireOperator did not run before this console route');
  return request.operator;
}

/** OpenAPI security of the console's routes (plugins/docs.ts schemes). */
export const CONSOLE_SECURITY: Record<string, string[]>[] = [{ console: [] }];
