import type { FastifyPluginAsync } from 'fastify';
import type { VendorService } from '../vendors/service.ts';
import { flagRoutes } from './routes.ts';
import type { FlagService } from './service.ts';

/** Feature flags: the built-in fallback file and the variations per country and vendor. */
export const flagsPlugin: FastifyPluginAsync<{ services: { flags: FlagService; vendors: VendorService } }> = async (
  app,
  { services },
) => {
  await app.register(flagRoutes, { flags: services.flags, vendors: services.vendors });
};
