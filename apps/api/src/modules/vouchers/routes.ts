import {
  VoucherDetailsAnswerSchema,
  VoucherParamsSchema,
  VoucherValidateAnswerSchema,
  VoucherValidateBodySchema,
} from '@riderdesk/domain/contracts/vouchers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CALLER_SECURITY, requireCaller } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import type { VoucherService } from './service.ts';

export const voucherRoutes: FastifyPluginAsyncZod<{ vouchers: VoucherService }> = async (app, { vouchers }) => {
  const errors = errorAnswers(400, 401, 403);

  app.post(
    '/voucher/validate',
    {
      preHandler: [app.authenticate, app.requireFlag('Voucher')],
      schema: {
        tags: ['vouchers'],
        security: CALLER_SECURITY,
        body: VoucherValidateBodySchema,
        response: { 200: VoucherValidateAnswerSchema, ...errorAnswers(409), ...errors },
      },
    },
    async (request) => ({ result: await vouchers.validate(requireCaller(request), request.body) }),
  );

  app.get(
    '/voucher/:code',
    {
      preHandler: [app.authenticate, app.requireFlag('Voucher')],
      schema: {
        tags: ['vouchers'],
        security: CALLER_SECURITY,
        params: VoucherParamsSchema,
        response: { 200: VoucherDetailsAnswerSchema, ...errorAnswers(404), ...errors },
      },
    },
    async (request) => ({ result: await vouchers.details(requireCaller(request), request.params.code) }),
  );
};
