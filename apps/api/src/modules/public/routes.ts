import {
  PublicC2cTrackingAnswerSchema,
  PublicReceiptAnswerSchema,
  PublicTrackingAnswerSchema,
  TrackingTokenParamsSchema,
} from '@riderdesk/domain/contracts/public-tracking';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../plugins/errors.ts';
import type { PublicTrackingService } from './service.ts';

/**
 * The public pages' data (spec §2 /tracking, /delivery-receipt, /tracking-c2c), no login. The token is the
 * order's random tracking_token, and the routes are rate limited so tokens cannot be searched for.
 */
export const publicRoutes: FastifyPluginAsyncZod<{ tracking: PublicTrackingService; rateLimit: number }> = async (
  app,
  { tracking, rateLimit },
) => {
  const config = { rateLimit: { max: rateLimit, timeWindow: 60_000 } };
  const errors = errorAnswers(400, 404, 429);
  const tags = ['public'];

  app.get(
    '/public/tracking/:token',
    {
      config,
      schema: { tags, params: TrackingTokenParamsSchema, response: { 200: PublicTrackingAnswerSchema, ...errors } },
    },
    async (request) => ({ result: await tracking.tracking(request.params.token) }),
  );
  app.post(
    '/public/tracking/:token/confirm',
    {
      config,
      schema: {
        tags,
        description: 'The recipient confirms a cash order waiting for them (decision 175), until its time is up.',
        params: TrackingTokenParamsSchema,
        response: { 200: PublicTrackingAnswerSchema, ...errors, ...errorAnswers(409) },
      },
    },
    async (request) => ({ result: await tracking.confirm(request.params.token) }),
  );
  app.get(
    '/public/delivery-receipt/:token',
    {
      config,
      schema: { tags, params: TrackingTokenParamsSchema, response: { 200: PublicReceiptAnswerSchema, ...errors } },
    },
    async (request) => ({ result: await tracking.receipt(request.params.token) }),
  );
  app.get(
    '/public/tracking-c2c/:token',
    {
      config,
      schema: { tags, params: TrackingTokenParamsSchema, response: { 200: PublicC2cTrackingAnswerSchema, ...errors } },
    },
    async (request) => ({ result: await tracking.c2c(request.params.token) }),
  );
};
