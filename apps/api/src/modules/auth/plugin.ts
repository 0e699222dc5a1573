import type { FastifyPluginAsync } from 'fastify';
import type { RateLimitConfig } from '../../config.ts';
import { authRoutes } from './routes.ts';
import type { AuthService } from './service.ts';

/** Registration, e-mail verification, login and its renewal, logout, password reset (spec §7 auth). */
export const authPlugin: FastifyPluginAsync<{ services: { auth: AuthService }; rateLimit: RateLimitConfig }> = async (
  app,
  { services, rateLimit },
) => {
  await app.register(authRoutes, { auth: services.auth, rateLimit });
};
