import type { FastifyPluginAsync } from 'fastify';
import { scheduleWebhookSweep } from './orphan-sweep.ts';
import { webhookEndpointRoutes } from './routes.ts';
import type { WebhooksService } from './service.ts';

/** The portal's webhook endpoints, registered under the portal's prefix (decision 160), and the delivery sweep. */
export const webhooksPlugin: FastifyPluginAsync<{ services: { webhooks: WebhooksService; now: () => Date } }> = async (
  app,
  { services },
) => {
  scheduleWebhookSweep(app, { webhooks: services.webhooks, now: services.now });
  await app.register(webhookEndpointRoutes, { webhooks: services.webhooks });
};
