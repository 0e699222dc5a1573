import type { FastifyPluginAsync } from 'fastify';
import { publicRoutes } from './routes.ts';
import type { PublicTrackingService } from './service.ts';

/** The public tracking pages' data, reached by an order's tracking token, no login. */
export const publicPlugin: FastifyPluginAsync<{
  services: { publicTracking: PublicTrackingService };
  /** Calls per IP per minute, so tokens cannot be searched for. */
  rateLimit: number;
}> = async (app, { services, rateLimit }) => {
  await app.register(publicRoutes, { tracking: services.publicTracking, rateLimit });
};
