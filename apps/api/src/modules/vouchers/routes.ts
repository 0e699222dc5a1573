import { ApiErrorSchema } from '@riderdesk/domain/contracts/common';
import {
  VoucherDetailsAnswerSchema,
  VoucherParamsSchema,
  VoucherValidateAnswerSchema,
  VoucherValidateBodySchema,
} from '@riderdesk/domain/contracts/vouchers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCaller } from '../../plugins/auth.ts';
import type { VoucherService } from './service.ts';

export const voucherRoutes: FastifyPluginAsyncZod<{ vouchers: VoucherService }> = async (app, { vouchers }) => {
  const security: Record<string, string[]>[] = [{ bearer: [] }, { godroid: [] }];
  const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

  app.post(
    '/voucher/validate',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['vouchers'],
        security,
        body: VoucherValidateBodySchema,
        response: { 200: VoucherValidateAnswerSchema, 409: ApiErrorSchema, ...errors },
      },
    },
    async (request) => ({ result: await vouchers.validate(requireCaller(request), request.body) }),
  );

  app.get(
    '/voucher/:code',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['vouchers'],
        security,
        params: VoucherParamsSchema,
        response: { 200: VoucherDetailsAnswerSchema, 404: ApiErrorSchema, ...errors },
      },
    },
    async (request) => ({ result: await vouchers.details(requireCaller(request), request.params.code) }),
  );
};
