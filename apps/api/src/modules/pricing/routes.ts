import { ApiErrorSchema } from '@riderdesk/domain/contracts/common';
import {
  DeliveryAreaAnswerSchema,
  DeliveryAreaBodySchema,
  DeliveryFeeAnswerSchema,
  DeliveryFeeBodySchema,
  EstimationsAnswerSchema,
  EstimationsBodySchema,
} from '@riderdesk/domain/contracts/pricing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCaller } from '../../plugins/auth.ts';
import type { PricingService } from './service.ts';

export const pricingRoutes: FastifyPluginAsyncZod<{ pricing: PricingService }> = async (app, { pricing }) => {
  const security: Record<string, string[]>[] = [{ bearer: [] }, { godroid: [] }];
  const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

  app.post(
    '/delivery/fee',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['pricing'],
        security,
        description: 'A fee quote signed for 15 minutes; an order must carry fee and signature back unchanged.',
        body: DeliveryFeeBodySchema,
        response: { 200: DeliveryFeeAnswerSchema, 422: ApiErrorSchema, ...errors },
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
        security,
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
        security,
        body: EstimationsBodySchema,
        response: { 200: EstimationsAnswerSchema, ...errors },
      },
    },
    async (request) => ({ result: await pricing.estimate(requireCaller(request), request.body) }),
  );
};
