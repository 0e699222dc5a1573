import {
  WebhookDeliveryListSchema,
  WebhookDeliveryParamsSchema,
  WebhookDeliverySchema,
  WebhookEndpointCreateBodySchema,
  WebhookEndpointListQuerySchema,
  WebhookEndpointListSchema,
  WebhookEndpointParamsSchema,
  WebhookEndpointSchema,
  WebhookEndpointUpdateBodySchema,
  WebhookEndpointWithSecretSchema,
} from '@riderdesk/domain/contracts/webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CALLER_SECURITY, requireUser } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import type { WebhooksService } from './service.ts';

/**
 * The portal's webhook endpoints (issue 35, Settings → Developers → Webhooks; decision 160): a merchant user
 * manages the endpoints of its vendors. Guests and partner sessions are refused.
 */
export const webhookEndpointRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (
  app,
  { webhooks },
) => {
  const tags = ['webhooks'];
  const errors = errorAnswers(400, 401, 403, 404);
  const base = '/webhooks/endpoints';
  const portal = webhooks.portal;

  app.get(
    base,
    {
      preHandler: [app.authenticate],
      schema: {
        tags,
        security: CALLER_SECURITY,
        querystring: WebhookEndpointListQuerySchema,
        response: { 200: WebhookEndpointListSchema, ...errors },
      },
    },
    async (request) => portal.list(requireUser(request), request.query),
  );

  app.post(
    base,
    {
      preHandler: [app.authenticate],
      schema: {
        tags,
        security: CALLER_SECURITY,
        description: 'Registers an endpoint. Its signing secret is in this answer only.',
        body: WebhookEndpointCreateBodySchema,
        response: { 201: WebhookEndpointWithSecretSchema, ...errorAnswers(409, 422), ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await portal.create(requireUser(request), request.body)),
  );

  app.patch(
    `${base}/:endpointId`,
    {
      preHandler: [app.authenticate],
      schema: {
        tags,
        security: CALLER_SECURITY,
        params: WebhookEndpointParamsSchema,
        body: WebhookEndpointUpdateBodySchema,
        response: { 200: WebhookEndpointSchema, ...errorAnswers(422), ...errors },
      },
    },
    async (request) => portal.update(requireUser(request), request.params.endpointId, request.body),
  );

  app.delete(
    `${base}/:endpointId`,
    {
      preHandler: [app.authenticate],
      schema: {
        tags,
        security: CALLER_SECURITY,
        params: WebhookEndpointParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await portal.remove(requireUser(request), request.params.endpointId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${base}/:endpointId/secret`,
    {
      preHandler: [app.authenticate],
      schema: {
        tags,
        security: CALLER_SECURITY,
        description: 'Replaces the signing secret; the new one is in this answer only.',
        params: WebhookEndpointParamsSchema,
        response: { 200: WebhookEndpointWithSecretSchema, ...errors },
      },
    },
    async (request) => portal.rotateSecret(requireUser(request), request.params.endpointId),
  );

  app.post(
    `${base}/:endpointId/enable`,
    {
      preHandler: [app.authenticate],
      schema: {
        tags,
        security: CALLER_SECURITY,
        description: 'Takes an endpoint disabled after too many failures back into use.',
        params: WebhookEndpointParamsSchema,
        response: { 200: WebhookEndpointSchema, ...errors },
      },
    },
    async (request) => portal.enable(requireUser(request), request.params.endpointId),
  );

  app.get(
    `${base}/:endpointId/deliveries`,
    {
      preHandler: [app.authenticate],
      schema: {
        tags,
        security: CALLER_SECURITY,
        params: WebhookEndpointParamsSchema,
        response: { 200: WebhookDeliveryListSchema, ...errors },
      },
    },
    async (request) => portal.deliveries(requireUser(request), request.params.endpointId),
  );

  app.post(
    `${base}/:endpointId/test`,
    {
      preHandler: [app.authenticate],
      schema: {
        tags,
        security: CALLER_SECURITY,
        description: 'Queues a signed ping to the endpoint.',
        params: WebhookEndpointParamsSchema,
        response: { 202: WebhookDeliverySchema, ...errorAnswers(409), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await portal.sendTest(requireUser(request), request.params.endpointId)),
  );

  app.post(
    `${base}/:endpointId/deliveries/:deliveryId/redeliver`,
    {
      preHandler: [app.authenticate],
      schema: {
        tags,
        security: CALLER_SECURITY,
        description: 'Queues one more attempt of the delivery: the same event, signed anew.',
        params: WebhookDeliveryParamsSchema,
        response: { 202: WebhookDeliverySchema, ...errorAnswers(409), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await portal.redeliver(requireUser(request), request.params.endpointId, request.params.deliveryId)),
  );
};
