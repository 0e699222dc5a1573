import { CONSOLE_API_PREFIX, EMBEDDED_HELP_CENTRE } from '@riderdesk/domain/paths';
import type { FastifyPluginAsync } from 'fastify';
import { consoleTicketRoutes } from './console-routes.ts';
import { helpCentreHostRoutes, helpCentreTokenRoutes } from './routes.ts';
import type { HelpCentreService } from './service.ts';
import type { SupportDesk } from './support-desk.ts';

/**
 * The help centre token (API), the embedded help centre host at /help-centre (decision 085), and the console's
 * support queue (decision 182).
 */
export const helpCentrePlugin: FastifyPluginAsync<{
  apiPrefix: string;
  services: { helpCentre: HelpCentreService; supportDesk: SupportDesk };
}> = async (app, { apiPrefix, services }) => {
  await app.register(helpCentreTokenRoutes, { prefix: apiPrefix, helpCentre: services.helpCentre });
  await app.register(helpCentreHostRoutes, {
    prefix: EMBEDDED_HELP_CENTRE,
    helpCentre: services.helpCentre,
    supportDesk: services.supportDesk,
  });
  await app.register(consoleTicketRoutes, {
    prefix: `${apiPrefix}${CONSOLE_API_PREFIX}`,
    supportDesk: services.supportDesk,
  });
};
