import { type PublicConfig, PublicConfigAnswerSchema } from '@riderdesk/domain/contracts/deployment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Registry } from 'prom-client';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/db.ts';

const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

export function publicConfig(config: AppConfig): PublicConfig {
  const { country, brand, languages, defaultLanguage, defaultPaymentMethod, environment } = config.deployment;
  return {
    country: {
      code: country.code,
      name: country.name,
      currency: country.currency,
      phonePrefix: country.phonePrefix,
      timeZone: country.timeZone,
      mapCentre: country.mapCentre,
      links: country.links,
    },
    brand: { id: brand.id, serviceName: brand.serviceName, primaryColor: brand.primaryColor },
    languages: [...languages],
    defaultLanguage,
    defaultPaymentMethod,
    environment,
    mode: config.mode,
    mapTileUrl: config.mapTileUrl,
    flagProviders: [{ name: 'FWF', url: '/api/v1/flags' }],
    hasDevOutbox: config.hasOutboxPage,
  };
}

export const systemRoutes: FastifyPluginAsyncZod<{ config: AppConfig; db: Db; metrics: Registry }> = async (
  app,
  { config, db, metrics },
) => {
  const answer = { result: publicConfig(config) };
  const noRateLimit = { rateLimit: false as const };

  app.get(
    '/health',
    { config: noRateLimit, schema: { tags: ['system'], response: { 200: HealthSchema, 503: HealthSchema } } },
    async (request, reply) => {
      try {
        await db.query('select 1');
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );

  app.get('/metrics', { config: noRateLimit, schema: { hide: true } }, async (_request, reply) => {
    reply.type(metrics.contentType);
    return metrics.metrics();
  });

  app.get(
    '/api/v1/config',
    { schema: { tags: ['system'], response: { 200: PublicConfigAnswerSchema } } },
    async () => answer,
  );
};
