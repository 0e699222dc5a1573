import type { AppMode } from '@riderdesk/domain/config';
import {
  GuestChallengeAnswerSchema,
  GuestSessionAnswerSchema,
  GuestSessionBodySchema,
} from '@riderdesk/domain/contracts/guest';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimitConfig } from '../../config.ts';
import { keyedError } from '../../errors.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import type { FlagService } from '../flags/service.ts';
import type { GuestService } from './guest-service.ts';

/**
 * spec §1/§6: guests order without an account when APP_MODE is GUEST, or in CLASSIC with the GuestCheckout
 * flag on; never in the embedded partner mode.
 */
export const guestRoutes: FastifyPluginAsyncZod<{
  guests: GuestService;
  flags: FlagService;
  mode: AppMode;
  rateLimit: RateLimitConfig;
}> = async (app, { guests, flags, mode, rateLimit }) => {
  const errors = errorAnswers(400, 403, 429);
  async function assertGuestsWelcome() {
    const isOn = mode === 'GUEST' || (mode === 'CLASSIC' && (await flags.variations()).GuestCheckout === true);
    if (!isOn) throw keyedError(403, 'Forbidden', 'guest.error.unavailable');
  }

  app.get(
    '/guest/challenge',
    {
      schema: {
        tags: ['guest'],
        description: 'A signed proof-of-work challenge to solve before asking for a guest session (decision 080).',
        response: { 200: GuestChallengeAnswerSchema, ...errors },
      },
    },
    async () => {
      await assertGuestsWelcome();
      return { result: guests.challenge() };
    },
  );

  app.post(
    '/guest/session',
    {
      // Counted per IP before the body is even read; skipOnError false: with the shared counters unreachable
      // (REDIS_URL) guest sessions are refused rather than handed out uncounted.
      config: { rateLimit: { max: rateLimit.guestSessionsPerHour, timeWindow: 60 * 60_000, skipOnError: false } },
      schema: {
        tags: ['guest'],
        description: 'A guest session: a token with a numeric exp, tied to a guest vendor of its own (spec §4).',
        body: GuestSessionBodySchema,
        response: { 200: GuestSessionAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await assertGuestsWelcome();
      return { result: await guests.start(request.body) };
    },
  );
};
