import {
  ConsoleVoucherCreateBodySchema,
  ConsoleVoucherListSchema,
  ConsoleVoucherParamsSchema,
  ConsoleVoucherPauseBodySchema,
  ConsoleVoucherSchema,
  ConsoleVoucherUpdateBodySchema,
  ConsoleVoucherUsesSchema,
} from '@riderdesk/domain/contracts/console-vouchers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../plugins/errors.ts';
import { CONSOLE_SECURITY, operatorOf } from '../operators/guard.ts';
import type { ConsoleVoucherService } from './console-service.ts';

/** The console's Vouchers page (issue 36): admins and operations. */
export const consoleVoucherRoutes: FastifyPluginAsyncZod<{ vouchers: ConsoleVoucherService }> = async (
  app,
  { vouchers },
) => {
  const tags = ['console'];
  const security = CONSOLE_SECURITY;
  const errors = errorAnswers(400, 401, 403, 404, 409);
  const onRequest = app.requireOperator('operations');

  app.get(
    '/vouchers',
    { onRequest, schema: { tags, security, response: { 200: ConsoleVoucherListSchema, ...errors } } },
    async () => ({ vouchers: await vouchers.list() }),
  );

  app.post(
    '/vouchers',
    {
      onRequest,
      schema: {
        tags,
        security,
        description: 'A new voucher; its validity window is in the country’s time zone.',
        body: ConsoleVoucherCreateBodySchema,
        response: { 201: ConsoleVoucherSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await vouchers.create(operatorOf(request), request.body)),
  );

  app.get(
    '/vouchers/:code',
    {
      onRequest,
      schema: {
        tags,
        security,
        params: ConsoleVoucherParamsSchema,
        response: { 200: ConsoleVoucherSchema, ...errors },
      },
    },
    async (request) => vouchers.get(request.params.code),
  );

  app.put(
    '/vouchers/:code',
    {
      onRequest,
      schema: {
        tags,
        security,
        description: 'A voucher’s settings; its code stays, as its uses are counted by it.',
        params: ConsoleVoucherParamsSchema,
        body: ConsoleVoucherUpdateBodySchema,
        response: { 200: ConsoleVoucherSchema, ...errors },
      },
    },
    async (request) => vouchers.update(operatorOf(request), request.params.code, request.body),
  );

  app.post(
    '/vouchers/:code/pause',
    {
      onRequest,
      schema: {
        tags,
        security,
        description: 'Paused: merchants can no longer apply it; resumed: usable again within its window.',
        params: ConsoleVoucherParamsSchema,
        body: ConsoleVoucherPauseBodySchema,
        response: { 200: ConsoleVoucherSchema, ...errors },
      },
    },
    async (request) => vouchers.setPaused(operatorOf(request), request.params.code, request.body.is_paused),
  );

  app.get(
    '/vouchers/:code/uses',
    {
      onRequest,
      schema: {
        tags,
        security,
        description: 'The orders placed with the voucher, newest first (at most 200).',
        params: ConsoleVoucherParamsSchema,
        response: { 200: ConsoleVoucherUsesSchema, ...errors },
      },
    },
    async (request) => ({ uses: await vouchers.uses(request.params.code) }),
  );
};
