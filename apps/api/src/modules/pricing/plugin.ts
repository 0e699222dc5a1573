import type { FastifyPluginAsync } from 'fastify';
import { pricingRoutes } from './routes.ts';
import type { PricingService } from './service.ts';

/** Signed fee quotes, the delivery area check and the pickup and delivery estimates. */
export const pricingPlugin: FastifyPluginAsync<{ services: { pricing: PricingService } }> = async (
  app,
  { services },
) => {
  await app.register(pricingRoutes, { pricing: services.pricing });
};
