import type { AppMode } from '@riderdesk/domain/config';
import { ForgotPasswordBodySchema } from '@riderdesk/domain/contracts/auth';
import type { FastifyPluginAsync } from 'fastify';
import type { RateLimitConfig } from '../../config.ts';
import type { FlagService } from '../flags/service.ts';
import { guestRoutes } from './guest-routes.ts';
import type { GuestService } from './guest-service.ts';
import { scheduleGuestSweep } from './guest-sweep.ts';
import { authRoutes } from './routes.ts';
import { type AuthService, RESET_MAIL_QUEUE } from './service.ts';

/** Registration, e-mail verification, login and its renewal, logout, password reset (spec §7 auth), guests. */
export const authPlugin: FastifyPluginAsync<{
  services: { auth: AuthService; guests: GuestService; flags: FlagService; now: () => Date };
  rateLimit: RateLimitConfig;
  mode: AppMode;
}> = async (app, { services, rateLimit, mode }) => {
  // A reset code is looked up, stored and mailed by the queue's worker, not by the request (decision 137).
  const resetMails = app.jobs.register(
    RESET_MAIL_QUEUE,
    ForgotPasswordBodySchema,
    (job) => services.auth.sendResetCode(job.email_address),
    // The payload is an e-mail address: kept one day, not the queue's default week.
    { retryLimit: 3, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 120, keepSeconds: 24 * 60 * 60 },
  );
  services.auth.useResetMailQueue(resetMails);
  await app.register(authRoutes, { auth: services.auth, rateLimit });
  await app.register(guestRoutes, { guests: services.guests, flags: services.flags, mode, rateLimit });
  scheduleGuestSweep(app, { guests: services.guests, now: services.now });
};
