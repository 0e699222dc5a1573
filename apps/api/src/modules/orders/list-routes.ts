import { ApiErrorSchema } from '@riderdesk/domain/contracts/common';
import {
  ATTEMPT_CANCEL_MESSAGE,
  OrderCancelAnswerSchema,
  OrderCancelBodySchema,
  OrderListAnswerSchema,
  OrderListParamsSchema,
  OrderListQuerySchema,
  OrderProofParamsSchema,
} from '@riderdesk/domain/contracts/order-list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCaller } from '../../plugins/auth.ts';
import type { OrderCancelService } from './cancel-service.ts';
import type { OrderListService } from './list-service.ts';
import type { OrderService } from './service.ts';

export const orderListRoutes: FastifyPluginAsyncZod<{
  orders: OrderService;
  list: OrderListService;
  cancel: OrderCancelService;
}> = async (app, { orders, list, cancel }) => {
  const security: Record<string, string[]>[] = [{ bearer: [] }, { godroid: [] }];
  const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

  app.get(
    '/vendor/:vendorId/orders',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['orders'],
        security,
        params: OrderListParamsSchema,
        querystring: OrderListQuerySchema,
        response: { 200: OrderListAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      result: await list.list(requireCaller(request), request.params.vendorId, request.query),
    }),
  );

  app.put(
    '/order/cancel',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['orders'],
        security,
        body: OrderCancelBodySchema,
        response: { 200: OrderCancelAnswerSchema, ...errors, 409: ApiErrorSchema },
      },
    },
    async (request) => {
      await cancel.cancel(requireCaller(request), request.body);
      return { result: { message: ATTEMPT_CANCEL_MESSAGE } };
    },
  );

  app.get(
    '/order/:orderId/proofs/:kind',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['orders'],
        security,
        description: 'The proof photo of collection (pickup), delivery or return, as image/jpeg or image/png.',
        params: OrderProofParamsSchema,
      },
    },
    async (request, reply) => {
      const proof = await orders.proof(requireCaller(request), request.params.orderId, request.params.kind);
      return reply
        .type(proof.content_type)
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', `inline; filename="${request.params.orderId}-${request.params.kind}"`)
        .send(proof.bytes);
    },
  );
};
