import {
  ATTEMPT_CANCEL_MESSAGE,
  OrderCancelAnswerSchema,
  OrderCancelBodySchema,
  OrderConfirmCashBodySchema,
  OrderListAnswerSchema,
  OrderListParamsSchema,
  OrderListQuerySchema,
  OrderProofParamsSchema,
} from '@riderdesk/domain/contracts/order-list';
import { OrderAnswerSchema } from '@riderdesk/domain/contracts/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CALLER_SECURITY, requireCaller } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import type { OrderCancelService } from './cancel-service.ts';
import type { OrderListService } from './list-service.ts';
import type { OrderService } from './service.ts';

export const orderListRoutes: FastifyPluginAsyncZod<{
  orders: OrderService;
  list: OrderListService;
  cancel: OrderCancelService;
}> = async (app, { orders, list, cancel }) => {
  const errors = errorAnswers(400, 401, 403, 404);

  app.get(
    '/vendor/:vendorId/orders',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['orders'],
        security: CALLER_SECURITY,
        params: OrderListParamsSchema,
        querystring: OrderListQuerySchema,
        response: { 200: OrderListAnswerSchema, ...errors },
      },
      // The page is built field by field to its contract (toOrderView; the tests hold every answer to
      // OrderListAnswerSchema), so it is not checked again against the schema on every request: for 30 or 50
      // orders that check cost more than the query (docs/decisions/090-order-search-trigram-indexes.md).
      serializerCompiler: () => (data) => JSON.stringify(data),
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
        security: CALLER_SECURITY,
        body: OrderCancelBodySchema,
        response: { 200: OrderCancelAnswerSchema, ...errors, ...errorAnswers(409) },
      },
    },
    async (request) => {
      await cancel.cancel(requireCaller(request), request.body);
      return { result: { message: ATTEMPT_CANCEL_MESSAGE } };
    },
  );

  app.put(
    '/order/confirm-cash',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['orders'],
        security: CALLER_SECURITY,
        description: 'Confirms, for its customer, a cash order waiting for them (decision 175).',
        body: OrderConfirmCashBodySchema,
        response: { 200: OrderAnswerSchema, ...errors, ...errorAnswers(409) },
      },
    },
    async (request) => ({ result: await cancel.confirmCash(requireCaller(request), request.body) }),
  );

  app.get(
    '/order/:orderId/proofs/:kind',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['orders'],
        security: CALLER_SECURITY,
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
