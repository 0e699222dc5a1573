import type { FastifyPluginAsync } from 'fastify';
import { flagRoutes } from './routes.ts';
import type { FlagService } from './service.ts';

/** Feature flags: the built-in fallback file and the database-backed variations. */
export const flagsPlugin: FastifyPluginAsync<{ services: { flags: FlagService } }> = async (app, { services }) => {
  await app.register(flagRoutes, { flags: services.flags });
};
