import type { AppMode } from '@riderdesk/domain/config';
import type { FastifyPluginAsync } from 'fastify';
import type { RateLimitConfig } from '../../config.ts';
import type { FlagService } from '../flags/service.ts';
import { guestRoutes } from './guest-routes.ts';
import type { GuestService } from './guest-service.ts';
import { scheduleGuestSweep } from './guest-sweep.ts';
import { authRoutes } from './routes.ts';
import type { AuthService } from './service.ts';

/** Registration, e-mail verification, login and its renewal, logout, password reset (spec §7 auth), guests. */
export const authPlugin: FastifyPluginAsync<{
  services: { auth: AuthService; guests: GuestService; flags: FlagService; now: () => Date };
  rateLimit: RateLimitConfig;
  mode: AppMode;
}> = async (app, { services, rateLimit, mode }) => {
  await app.register(authRoutes, { auth: services.auth, rateLimit });
  await app.register(guestRoutes, { guests: services.guests, flags: services.flags, mode, rateLimit });
  scheduleGuestSweep(app, { guests: services.guests, now: services.now });
};
