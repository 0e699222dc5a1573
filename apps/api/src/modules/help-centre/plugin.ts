import { EMBEDDED_HELP_CENTRE } from '@riderdesk/domain/paths';
import type { FastifyPluginAsync } from 'fastify';
import { helpCentreHostRoutes, helpCentreTokenRoutes } from './routes.ts';
import type { HelpCentreService } from './service.ts';

/** The help centre token (API), and the embedded help centre host at /help-centre (decision 085). */
export const helpCentrePlugin: FastifyPluginAsync<{
  apiPrefix: string;
  services: { helpCentre: HelpCentreService };
}> = async (app, { apiPrefix, services }) => {
  await app.register(helpCentreTokenRoutes, { prefix: apiPrefix, helpCentre: services.helpCentre });
  await app.register(helpCentreHostRoutes, { prefix: EMBEDDED_HELP_CENTRE, helpCentre: services.helpCentre });
};
