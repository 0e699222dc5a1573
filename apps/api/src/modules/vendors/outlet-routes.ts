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
import { invitationLimiterOf } from './invitation-limiter.ts';
import type { OutletService } from './outlet-service.ts';

/** spec §7 POST /outlet and PUT /outlet/{vendorId}, and the invitation link an owner without an account gets. */
export const outletRoutes: FastifyPluginAsyncZod<{ outlets: OutletService; rateLimit: RateLimitConfig }> = async (
  app,
  { outlets, rateLimit },
) => {
  // Invitation tokens are guessed no faster than passwords (the same per-IP limit as the auth calls).
  const perIp = { rateLimit: { max: rateLimit.authMax, timeWindow: rateLimit.authWindowMs, skipOnError: false } };

  const limitInvitations = invitationLimiterOf(app, rateLimit);

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
