import {
  DeliveryAreaAnswerSchema,
  DeliveryAreaBodySchema,
  DeliveryFeeAnswerSchema,
  DeliveryFeeBodySchema,
  EstimationsAnswerSchema,
  EstimationsBodySchema,
} from '@riderdesk/domain/contracts/pricing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CALLER_SECURITY, requireCaller } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import type { PricingService } from './service.ts';

export const pricingRoutes: FastifyPluginAsyncZod<{ pricing: PricingService }> = async (app, { pricing }) => {
  const errors = errorAnswers(400, 401, 403);

  app.post(
    '/delivery/fee',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['pricing'],
        security: CALLER_SECURITY,
        description: 'A fee quote signed for 15 minutes; an order must carry fee and signature back unchanged.',
        body: DeliveryFeeBodySchema,
        response: { 200: DeliveryFeeAnswerSchema, ...errorAnswers(422), ...errors },
      },
    },
    async (request) => ({ result: await pricing.quoteFee(requireCaller(request), request.body) }),
  );

  app.post(
    '/delivery/area/validate',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['pricing'],
        security: CALLER_SECURITY,
        body: DeliveryAreaBodySchema,
        response: { 200: DeliveryAreaAnswerSchema, ...errors },
      },
    },
    async (request) => ({ result: await pricing.validateArea(requireCaller(request), request.body) }),
  );

  app.post(
    '/estimations',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['pricing'],
        security: CALLER_SECURITY,
        body: EstimationsBodySchema,
        response: { 200: EstimationsAnswerSchema, ...errors },
      },
    },
    async (request) => ({ result: await pricing.estimate(requireCaller(request), request.body) }),
  );
};
