import type { FastifyPluginAsync } from 'fastify';
import type { MessagingConfig } from './config.ts';
import { customerMessageRoutes } from './routes.ts';
import type { MessagingService } from './service.ts';
import { messagingWebhookRoutes } from './webhook-routes.ts';

/** The portal's customer-message calls and the providers' callbacks, under the API's prefix (decision 175). */
export const messagingPlugin: FastifyPluginAsync<{
  prefix: string;
  services: { messaging: MessagingService };
  config: MessagingConfig;
  publicUrl: string;
  countryCode: string;
}> = async (app, { services, config, publicUrl, countryCode }) => {
  await app.register(customerMessageRoutes, { messaging: services.messaging });
  await app.register(messagingWebhookRoutes, { messaging: services.messaging, config, publicUrl, countryCode });
};
