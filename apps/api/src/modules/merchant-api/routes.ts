import {
  ApiClientCreateBodySchema,
  ApiClientCreatedSchema,
  ApiClientKeyBodySchema,
  ApiClientKeyParamsSchema,
  ApiClientListSchema,
  ApiClientParamsSchema,
  ApiClientSchema,
  ApiClientSecretBodySchema,
  ApiClientSecretRotatedSchema,
} from '@riderdesk/domain/contracts/merchant-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CALLER_SECURITY, requireUser } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import type { MerchantApiService } from './service.ts';

/** The portal's side: a merchant user manages the API clients of its vendors (Settings → Developers). */
export const apiClientRoutes: FastifyPluginAsyncZod<{ merchantApi: MerchantApiService }> = async (
  app,
  { merchantApi },
) => {
  const tags = ['merchant-api'];
  const errors = errorAnswers(400, 401, 403, 404);

  app.post(
    '/merchant-api/clients',
    {
      preHandler: [app.authenticate],
      schema: {
        tags,
        security: CALLER_SECURITY,
        body: ApiClientCreateBodySchema,
        response: { 201: ApiClientCreatedSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await merchantApi.createClient(requireUser(request), request.body)),
  );

  app.get(
    '/merchant-api/clients',
    {
      preHandler: [app.authenticate],
      schema: { tags, security: CALLER_SECURITY, response: { 200: ApiClientListSchema, ...errors } },
    },
    async (request) => merchantApi.listClients(requireUser(request)),
  );

  app.post(
    '/merchant-api/clients/:clientId/keys',
    {
      preHandler: [app.authenticate],
      schema: {
        tags,
        security: CALLER_SECURITY,
        params: ApiClientParamsSchema,
        body: ApiClientKeyBodySchema,
        response: { 201: ApiClientSchema, ...errorAnswers(409), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await merchantApi.addKey(requireUser(request), request.params.clientId, request.body.public_key_pem)),
  );

  app.post(
    '/merchant-api/clients/:clientId/secret',
    {
      preHandler: [app.authenticate],
      schema: {
        tags,
        security: CALLER_SECURITY,
        description:
          'Rotates the client secret: the new one is in this answer only; the previous one works on for the hours asked.',
        params: ApiClientParamsSchema,
        body: ApiClientSecretBodySchema,
        response: { 201: ApiClientSecretRotatedSchema, ...errorAnswers(409), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await merchantApi.rotateSecret(requireUser(request), request.params.clientId, request.body)),
  );

  app.delete(
    '/merchant-api/clients/:clientId/keys/:keyId',
    {
      preHandler: [app.authenticate],
      schema: {
        tags,
        security: CALLER_SECURITY,
        params: ApiClientKeyParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await merchantApi.revokeKey(requireUser(request), request.params.clientId, request.params.keyId);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/merchant-api/clients/:clientId',
    {
      preHandler: [app.authenticate],
      schema: {
        tags,
        security: CALLER_SECURITY,
        params: ApiClientParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await merchantApi.revokeClient(requireUser(request), request.params.clientId);
      return reply.code(204).send(null);
    },
  );
};
