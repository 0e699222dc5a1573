import {
  OperatorInviteBodySchema,
  OperatorListSchema,
  OperatorParamsSchema,
  OperatorResetBodySchema,
  OperatorRoleBodySchema,
  OperatorSchema,
} from '@riderdesk/domain/contracts/console-operators';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../plugins/errors.ts';
import { CONSOLE_SECURITY, operatorOf } from './guard.ts';
import type { OperatorsService } from './service.ts';

/** The console's Operators page: admins only. */
export const consoleOperatorRoutes: FastifyPluginAsyncZod<{ operators: OperatorsService }> = async (
  app,
  { operators },
) => {
  const tags = ['console'];
  const errors = errorAnswers(400, 401, 403, 404, 409);
  const adminOnly = app.requireOperator('admin');

  app.get(
    '/operators',
    {
      onRequest: adminOnly,
      schema: { tags, security: CONSOLE_SECURITY, response: { 200: OperatorListSchema, ...errors } },
    },
    async () => operators.listOperators(),
  );

  app.post(
    '/operators',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security: CONSOLE_SECURITY,
        description: 'Invites an operator: the set-up link is e-mailed to them.',
        body: OperatorInviteBodySchema,
        response: { 201: OperatorSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await operators.inviteOperator(operatorOf(request), request.body)),
  );

  app.post(
    '/operators/:operatorId/invitation',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security: CONSOLE_SECURITY,
        description: 'Sends an invited operator a new set-up link; the earlier one stops working.',
        params: OperatorParamsSchema,
        response: { 200: OperatorSchema, ...errors },
      },
    },
    async (request) => operators.reinviteOperator(operatorOf(request), request.params.operatorId),
  );

  app.put(
    '/operators/:operatorId/role',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security: CONSOLE_SECURITY,
        description: 'A new role; the operator’s sessions end, and they sign in again with it.',
        params: OperatorParamsSchema,
        body: OperatorRoleBodySchema,
        response: { 200: OperatorSchema, ...errors },
      },
    },
    async (request) => operators.changeRole(operatorOf(request), request.params.operatorId, request.body.role),
  );

  app.post(
    '/operators/:operatorId/deactivate',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security: CONSOLE_SECURITY,
        description: 'The operator can no longer sign in; their sessions end at once.',
        params: OperatorParamsSchema,
        response: { 200: OperatorSchema, ...errors },
      },
    },
    async (request) => operators.deactivateOperator(operatorOf(request), request.params.operatorId),
  );

  app.post(
    '/operators/:operatorId/reset',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security: CONSOLE_SECURITY,
        description:
          "Resets another operator's password or second factor: their sessions end, a new set-up link is e-mailed.",
        params: OperatorParamsSchema,
        body: OperatorResetBodySchema,
        response: { 200: OperatorSchema, ...errors },
      },
    },
    async (request) => operators.resetCredentials(operatorOf(request), request.params.operatorId, request.body.what),
  );
};
