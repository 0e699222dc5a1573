import { CONSOLE_API_PREFIX } from '@riderdesk/domain/paths';
import type { FastifyPluginAsync } from 'fastify';
import type { RateLimitConfig } from '../../config.ts';
import { consoleAuditRoutes } from './audit-routes.ts';
import { consoleOperatorRoutes } from './operator-routes.ts';
import { consoleSignInRoutes } from './routes.ts';
import type { OperatorsService } from './service.ts';

/**
 * The operator console's own routes under `${apiPrefix}/console` (issue 36): sign-in, set-up links, the session,
 * operators, the audit log. The guard they use is set up on the root instance (guard.ts `setupConsoleGuard`),
 * as other modules' console routes use it too.
 */
export const operatorsPlugin: FastifyPluginAsync<{
  apiPrefix: string;
  services: { operators: OperatorsService };
  rateLimit: RateLimitConfig;
}> = async (app, { apiPrefix, services, rateLimit }) => {
  const prefix = `${apiPrefix}${CONSOLE_API_PREFIX}`;
  await app.register(consoleSignInRoutes, { prefix, operators: services.operators, rateLimit });
  await app.register(consoleOperatorRoutes, { prefix, operators: services.operators });
  await app.register(consoleAuditRoutes, { prefix, operators: services.operators });
};
