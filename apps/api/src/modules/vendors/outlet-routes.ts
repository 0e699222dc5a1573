import {
  AcceptInvitationAnswerSchema,
  AcceptInvitationBodySchema,
  InvitationAnswerSchema,
  InvitationQuerySchema,
  OutletAnswerSchema,
  OutletBodySchema,
  OutletParamsSchema,
} from '@riderdesk/domain/contracts/outlets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimitConfig } from '../../config.ts';
import { CALLER_SECURITY, requireCaller } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import { type InvitationLimiter, type OutletService, tooManyInvitations } from './outlet-service.ts';

const DAY_MS = 24 * 60 * 60_000;

/** spec §7 POST /outlet and PUT /outlet/{vendorId}, and the invitation link an owner without an account gets. */
export const outletRoutes: FastifyPluginAsyncZod<{ outlets: OutletService; rateLimit: RateLimitConfig }> = async (
  app,
  { outlets, rateLimit },
) => {
  // Invitation tokens are guessed no faster than passwords (the same per-IP limit as the auth calls).
  const perIp = { rateLimit: { max: rateLimit.authMax, timeWindow: rateLimit.authWindowMs, skipOnError: false } };

  // Invitations are e-mails a merchant makes us send: counted per merchant and per address on the shared counters
  // (REDIS_URL), refused rather than let through uncounted when those are unreachable. A counter is keyed by what
  // it counts, not by the request.
  const counter = (prefix: string, max: number) =>
    app.createRateLimit({
      max,
      timeWindow: DAY_MS,
      skipOnError: false,
      // The global limit's allow list reads a request's URL; these counters count addresses, never requests.
      allowList: () => false,
      keyGenerator: (keyed) => `${prefix}:${(keyed as unknown as { key: string }).key}`,
    });
  const perMerchant = counter('invitations-by', rateLimit.invitationsPerMerchantPerDay);
  const perAddress = counter('invitations-to', rateLimit.invitationsPerAddressPerDay);
  const count = (limit: typeof perMerchant, key: string) =>
    limit({ key, routeOptions: { config: {} } } as unknown as Parameters<typeof perMerchant>[0]);
  const isOver = (status: Awaited<ReturnType<typeof count>>) => 'isExceeded' in status && status.isExceeded;
  const limitInvitations: InvitationLimiter = async (merchantId, emails) => {
    for (const email of emails) {
      const [byMerchant, toAddress] = await Promise.all([count(perMerchant, merchantId), count(perAddress, email)]);
      if (isOver(byMerchant) || isOver(toAddress)) throw tooManyInvitations();
    }
  };
  app.post(
    '/outlet',
    {
      preHandler: [app.authenticate, app.requireFlag('AddVendorOutlet')],
      schema: {
        tags: ['vendors'],
        security: CALLER_SECURITY,
        body: OutletBodySchema,
        response: { 200: OutletAnswerSchema, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    async (request) => ({ result: await outlets.create(requireCaller(request), request.body, limitInvitations) }),
  );

  app.put(
    '/outlet/:vendorId',
    {
      preHandler: [app.authenticate, app.requireFlag('EditVendorOutlet')],
      schema: {
        tags: ['vendors'],
        security: CALLER_SECURITY,
        params: OutletParamsSchema,
        body: OutletBodySchema,
        response: { 200: OutletAnswerSchema, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    async (request) => ({
      result: await outlets.update(requireCaller(request), request.params.vendorId, request.body, limitInvitations),
    }),
  );

  // POST, not GET: the token travels in the body, never in a URL a log could keep.
  app.post(
    '/outlet/invitation',
    {
      config: perIp,
      schema: {
        tags: ['vendors'],
        body: InvitationQuerySchema,
        response: { 200: InvitationAnswerSchema, ...errorAnswers(400, 404, 429) },
      },
    },
    async (request) => ({ result: await outlets.lookupInvitation(request.body.token) }),
  );

  app.post(
    '/outlet/invitation/accept',
    {
      config: perIp,
      schema: {
        tags: ['vendors'],
        body: AcceptInvitationBodySchema,
        response: { 200: AcceptInvitationAnswerSchema, ...errorAnswers(400, 404, 429) },
      },
    },
    async (request) => ({ result: await outlets.acceptInvitation(request.body.token, request.body.password) }),
  );
};
