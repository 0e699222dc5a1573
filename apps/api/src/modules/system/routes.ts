import { type PublicConfig, PublicConfigAnswerSchema } from '@riderdesk/domain/contracts/deployment';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Registry } from 'prom-client';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { type Db, ping } from '../../db/db.ts';
import { pendingMigrations, readMigrations } from '../../db/migrate.ts';
import { AppError } from '../../errors.ts';
import { hasBearerToken, isLoopbackRequest } from '../../plugins/client-address.ts';
import { ANSWER_UNDER_PRESSURE, SHED_RETRY_AFTER_S } from '../../plugins/under-pressure.ts';

const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });
const ReadinessSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  /** Why not: the database does not answer, or migrations of this build are not applied yet. */
  reason: z.enum(['database-unavailable', 'migrations-pending', 'overloaded']).optional(),
});

export function publicConfig(config: AppConfig): PublicConfig {
  const { country, brand, languages, defaultLanguage, defaultPaymentMethod, environment, links } = config.deployment;
  return {
    country: {
      code: country.code,
      name: country.name,
      currency: country.currency,
      phonePrefix: country.phonePrefix,
      timeZone: country.timeZone,
      mapCentre: country.mapCentre,
      links,
    },
    brand: { id: brand.id, serviceName: brand.serviceName, primaryColor: brand.primaryColor, termsUrl: brand.termsUrl },
    languages: [...languages],
    defaultLanguage,
    defaultPaymentMethod,
    environment,
    mode: config.mode,
    mapTileUrl: config.mapTileUrl,
    helpCentreUrl: config.helpCentreUrl,
    // spec §7: the remote sources first, which answer while the API does not (maintenance), then the API's own.
    flagProviders: [
      ...config.flagProviderUrls.map((url, index) => ({ name: `REMOTE_${index + 1}`, url })),
      { name: 'FWF', url: '/api/v1/flags' },
    ],
    hasDevOutbox: config.hasOutboxPage,
  };
}

export const systemRoutes: FastifyPluginAsyncZod<{ config: AppConfig; db: Db; metrics: Registry }> = async (
  app,
  { config, db, metrics },
) => {
  const answer = { result: publicConfig(config) };
  const noRateLimit = { rateLimit: false as const };
  // This build's migrations, read once: readiness compares them with what the database has recorded.
  const migrations = await readMigrations();

  // Liveness: the process answers. It says nothing of the database, so a database outage never gets every
  // instance restarted; it answers even while requests are shed under pressure.
  app.get(
    '/health/live',
    {
      config: { ...noRateLimit, pressureHandler: ANSWER_UNDER_PRESSURE },
      schema: { tags: ['system'], response: { 200: HealthSchema } },
    },
    async () => ({ status: 'ok' as const }),
  );

  // Readiness: whether a proxy should send this instance traffic now. Once the instance is closing, Fastify
  // itself answers 503 to every request (return503OnClosing), this one included.
  app.get(
    '/health/ready',
    {
      // Shedding load: not ready for more traffic, said in the probe's own shape.
      config: {
        ...noRateLimit,
        pressureHandler: (_request: FastifyRequest, reply: FastifyReply) =>
          reply
            .code(503)
            .header('retry-after', String(SHED_RETRY_AFTER_S))
            .send({ status: 'not-ready', reason: 'overloaded' }),
      },
      schema: { tags: ['system'], response: { 200: ReadinessSchema, 503: ReadinessSchema } },
    },
    async (request, reply) => {
      const notReady = (reason: 'database-unavailable' | 'migrations-pending') =>
        reply
          .code(503)
          .header('retry-after', '5')
          .send({ status: 'not-ready' as const, reason });
      try {
        if ((await pendingMigrations(db, migrations)).length > 0) return notReady('migrations-pending');
      } catch (error) {
        request.log.error({ err: error }, 'readiness check: database unavailable');
        return notReady('database-unavailable');
      }
      return { status: 'ready' as const };
    },
  );

  app.get(
    '/health',
    {
      config: {
        ...noRateLimit,
        pressureHandler: (_request: FastifyRequest, reply: FastifyReply) =>
          reply.code(503).header('retry-after', String(SHED_RETRY_AFTER_S)).send({ status: 'unavailable' }),
      },
      schema: { tags: ['system'], response: { 200: HealthSchema, 503: HealthSchema } },
    },
    async (request, reply) => {
      try {
        await ping(db);
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );

  // Metrics describe the traffic and the process; with METRICS_TOKEN the scraper sends it as a bearer
  // token, without it only this machine reads them.
  const canReadMetrics = async (request: FastifyRequest) => {
    if (config.metricsToken !== null) {
      if (!hasBearerToken(request, config.metricsToken)) {
        throw new AppError(401, 'NotAuthorizedException', 'NotAuthorizedException');
      }
    } else if (!isLoopbackRequest(request)) {
      throw new AppError(403, 'Forbidden', 'Metrics answer on this machine only, or with METRICS_TOKEN.');
    }
  };
  app.get(
    '/metrics',
    { config: noRateLimit, onRequest: canReadMetrics, schema: { hide: true } },
    async (_request, reply) => {
      reply.type(metrics.contentType);
      return metrics.metrics();
    },
  );

  app.get(
    '/api/v1/config',
    { schema: { tags: ['system'], response: { 200: PublicConfigAnswerSchema } } },
    async () => answer,
  );
};
