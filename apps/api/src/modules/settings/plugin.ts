import { CONSOLE_API_PREFIX } from '@riderdesk/domain/paths';
import type { FastifyPluginAsync } from 'fastify';
import { consoleSettingsRoutes } from './routes.ts';
import type { PlatformSettings } from './service.ts';

/** The console's Platform settings (issue 36, decision 183) under `${apiPrefix}/console/settings`. */
export const settingsPlugin: FastifyPluginAsync<{
  apiPrefix: string;
  services: { settings: PlatformSettings };
}> = async (app, { apiPrefix, services }) => {
  await app.register(consoleSettingsRoutes, {
    prefix: `${apiPrefix}${CONSOLE_API_PREFIX}`,
    settings: services.settings,
  });
};
