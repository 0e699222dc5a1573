import type { FastifyPluginAsync } from 'fastify';
import { i18nRoutes } from './routes.ts';

/** The translation catalogues the browser loads at start. */
export const i18nPlugin: FastifyPluginAsync<{ localesDir: string }> = async (app, { localesDir }) => {
  await app.register(i18nRoutes, { localesDir });
};
