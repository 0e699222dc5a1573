import type { FastifyPluginAsync } from 'fastify';
import type { Registry } from 'prom-client';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { systemRoutes } from './routes.ts';

export { publicConfig } from './routes.ts';

/** Health, metrics and the public configuration the browser starts from. */
export const systemPlugin: FastifyPluginAsync<{ config: AppConfig; db: Db; metrics: Registry }> = async (
  app,
  options,
) => {
  await app.register(systemRoutes, options);
};
