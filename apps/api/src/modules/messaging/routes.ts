import {
  CustomerMessagePreviewAnswerSchema,
  CustomerMessageSettingsAnswerSchema,
  CustomerMessageSettingsBodySchema,
  CustomerMessageSettingsQuerySchema,
  OrderMessagesAnswerSchema,
  OrderMessagesParamsSchema,
  OrderMessagesQuerySchema,
} from '@riderdesk/domain/contracts/customer-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CALLER_SECURITY, requireCaller, requireUser } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import type { MessagingService } from './service.ts';

/**
 * The portal's customer-message calls (issue 37, decision 175): an outlet's settings and their preview, for a
 * merchant user; an order's messages and replies, for any caller who sees the order (the order detail).
 */
export const customerMessageRoutes: FastifyPluginAsyncZod<{ messaging: MessagingService }> = async (
  app,
  { messaging },
) => {
  const tags = ['customer-messages'];
  const errors = errorAnswers(400, 401, 403);
  const { portal } = messaging;

  app.get(
    '/customer-messages/settings',
    {
      preHandler: [app.authenticate],
      schema: {
        tags,
        security: CALLER_SECURITY,
        querystring: CustomerMessageSettingsQuerySchema,
        response: { 200: CustomerMessageSettingsAnswerSchema, ...errors },
      },
    },
    async (request) => ({ result: await portal.settings(requireUser(request), request.query.vendor_id) }),
  );

  app.put(
    '/customer-messages/settings',
    {
      preHandler: [app.authenticate],
      schema: {
        tags,
        security: CALLER_SECURITY,
        description: "Saves an outlet's triggers, channels, language and quiet hours.",
        body: CustomerMessageSettingsBodySchema,
        response: { 200: CustomerMessageSettingsAnswerSchema, ...errorAnswers(422), ...errors },
      },
    },
    async (request) => ({ result: await portal.save(requireUser(request), request.body) }),
  );

  app.get(
    '/customer-messages/preview',
    {
      preHandler: [app.authenticate],
      schema: {
        tags,
        security: CALLER_SECURITY,
        querystring: CustomerMessageSettingsQuerySchema,
        response: { 200: CustomerMessagePreviewAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      result: { previews: await portal.preview(requireUser(request), request.query.vendor_id) },
    }),
  );

  app.get(
    '/customer-messages/orders/:orderId',
    {
      preHandler: [app.authenticate],
      schema: {
        tags,
        security: CALLER_SECURITY,
        params: OrderMessagesParamsSchema,
        querystring: OrderMessagesQuerySchema,
        response: { 200: OrderMessagesAnswerSchema, ...errorAnswers(404), ...errors },
      },
    },
    async (request) => ({
      result: await portal.ofOrder(requireCaller(request), request.params.orderId, request.query.vendor_id),
    }),
  );
};
