import {
  ApiOutletBodySchema,
  ApiOutletDetailSchema,
  ApiOutletParamsSchema,
  MerchantApiErrorSchema,
} from '@riderdesk/domain/contracts/merchant-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimitConfig } from '../../config.ts';
import { invitationLimiterOf } from '../vendors/invitation-limiter.ts';
import { requireApiCaller } from './guard.ts';
import { outletApiAnswerOf } from './outlet-errors.ts';
import type { MerchantApiOutletService } from './outlet-service.ts';

const errors = {
  400: MerchantApiErrorSchema,
  401: MerchantApiErrorSchema,
  403: MerchantApiErrorSchema,
  404: MerchantApiErrorSchema,
  409: MerchantApiErrorSchema,
  422: MerchantApiErrorSchema,
  429: MerchantApiErrorSchema,
};

/** pandago's outlet routes (issue 35, decision 162), mounted at MERCHANT_API_BASE beside the orders. */
export const merchantApiOutletRoutes: FastifyPluginAsyncZod<{
  outlets: MerchantApiOutletService;
  rateLimit: RateLimitConfig;
}> = async (app, { outlets, rateLimit }) => {
  // The portal's invitation counters: owners invited through the API count with those invited in the portal.
  const limitInvitations = invitationLimiterOf(app, rateLimit);

  app.setErrorHandler((error, _request, reply) => {
    const answer = outletApiAnswerOf(error);
    if (!answer) throw error;
    return reply.code(answer.statusCode).send({ message: answer.message });
  });

  app.get(
    '/outlets/:client_vendor_id',
    {
      preHandler: [app.requireApiClient],
      schema: {
        tags: ['merchant-api'],
        description: 'An outlet of the client, by the id the merchant gave it (or ours, as GET /outletList lists it).',
        params: ApiOutletParamsSchema,
        response: { 200: ApiOutletDetailSchema, ...errors },
      },
    },
    async (request) => outlets.get(requireApiCaller(request), request.params.client_vendor_id),
  );

  app.put(
    '/outlets/:client_vendor_id',
    {
      preHandler: [app.requireApiClient],
      schema: {
        tags: ['merchant-api'],
        description:
          'Edits the outlet of that id, or adds it under the client’s brand: the portal’s collection point rules, and a new outlet takes orders once activated.',
        params: ApiOutletParamsSchema,
        body: ApiOutletBodySchema,
        response: { 200: ApiOutletDetailSchema, ...errors },
      },
    },
    async (request) =>
      outlets.put(requireApiCaller(request), request.params.client_vendor_id, request.body, limitInvitations),
  );
};
