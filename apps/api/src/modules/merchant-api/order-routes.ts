import {
  ApiFeeEstimateSchema,
  ApiOrderCancelBodySchema,
  ApiOrderCoordinatesSchema,
  ApiOrderCreateBodySchema,
  ApiOrderEstimateBodySchema,
  ApiOrderParamsSchema,
  ApiOrderSchema,
  ApiOrderUpdateBodySchema,
  ApiProofSchema,
  ApiTimeEstimateSchema,
  MerchantApiErrorSchema,
} from '@riderdesk/domain/contracts/merchant-api';
import { PROOF_KINDS } from '@riderdesk/domain/orders/proofs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireApiCaller } from './guard.ts';
import { merchantApiAnswerOf } from './order-errors.ts';
import type { MerchantApiOrderService } from './order-service.ts';

const errors = {
  400: MerchantApiErrorSchema,
  401: MerchantApiErrorSchema,
  404: MerchantApiErrorSchema,
  409: MerchantApiErrorSchema,
  422: MerchantApiErrorSchema,
  /** Over the client's budget of reads or writes (decision 161), with Retry-After. */
  429: MerchantApiErrorSchema,
};

/** pandago's order routes (issue 35, decision 153), mounted at MERCHANT_API_BASE beside the credentials. */
export const merchantApiOrderRoutes: FastifyPluginAsyncZod<{ orders: MerchantApiOrderService }> = async (
  app,
  { orders },
) => {
  // Every refusal answers pandago's `{message}` with its status code; the portal's own answers are untouched.
  app.setErrorHandler((error, request, reply) => {
    const route = request.method === 'POST' ? 'create' : request.method === 'PUT' ? 'update' : 'other';
    const answer = merchantApiAnswerOf(error, route);
    if (!answer) throw error;
    return reply.code(answer.statusCode).send({ message: answer.message });
  });

  app.post(
    '/orders',
    {
      preHandler: [app.requireApiClient],
      schema: {
        tags: ['merchant-api'],
        description:
          'Submits an order. The same client_order_id with the same body replays the first answer; with another body it answers 409.',
        body: ApiOrderCreateBodySchema,
        response: { 201: ApiOrderSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await orders.create(requireApiCaller(request), request.body);
      if (answer.isReplay) reply.header('idempotent-replayed', 'true');
      return reply.code(answer.statusCode).send(answer.body);
    },
  );

  app.get(
    '/orders/:order_id',
    {
      preHandler: [app.requireApiClient],
      schema: { tags: ['merchant-api'], params: ApiOrderParamsSchema, response: { 200: ApiOrderSchema, ...errors } },
    },
    async (request) => orders.get(requireApiCaller(request), request.params.order_id),
  );

  app.put(
    '/orders/:order_id',
    {
      preHandler: [app.requireApiClient],
      schema: {
        tags: ['merchant-api'],
        description: 'Updates an order not yet picked up; PAID cannot become CASH_ON_DELIVERY.',
        params: ApiOrderParamsSchema,
        body: ApiOrderUpdateBodySchema,
        response: { 200: ApiOrderSchema, ...errors },
      },
    },
    async (request) => orders.update(requireApiCaller(request), request.params.order_id, request.body),
  );

  app.delete(
    '/orders/:order_id',
    {
      preHandler: [app.requireApiClient],
      schema: {
        tags: ['merchant-api'],
        description: 'Cancels an order no courier has accepted (spec §4).',
        params: ApiOrderParamsSchema,
        body: ApiOrderCancelBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await orders.cancel(requireApiCaller(request), request.params.order_id, request.body);
      return reply.code(204).send(null);
    },
  );

  // Not in pandago (decision 175): a cash order waiting for its customer, confirmed by the merchant who called them.
  app.post(
    '/orders/:order_id/customer_confirmation',
    {
      preHandler: [app.requireApiClient],
      schema: {
        tags: ['merchant-api'],
        description:
          "Confirms, for its customer, a cash order waiting for the customer's confirmation; a rider is then sent.",
        params: ApiOrderParamsSchema,
        response: { 200: ApiOrderSchema, ...errors },
      },
    },
    async (request) => orders.confirmForCustomer(requireApiCaller(request), request.params.order_id),
  );

  // Estimates (decision 162): POST /orders' body and checks, no order created.
  app.post(
    '/orders/fee',
    {
      preHandler: [app.requireApiClient],
      schema: {
        tags: ['merchant-api'],
        description: 'Estimates the delivery fee of an order with the checks of POST /orders; nothing is created.',
        body: ApiOrderEstimateBodySchema,
        response: { 200: ApiFeeEstimateSchema, ...errors },
      },
    },
    async (request) => orders.estimateFee(requireApiCaller(request), request.body),
  );

  app.post(
    '/orders/time',
    {
      preHandler: [app.requireApiClient],
      schema: {
        tags: ['merchant-api'],
        description: 'Estimates the pickup and delivery times of an order with the checks of POST /orders.',
        body: ApiOrderEstimateBodySchema,
        response: { 200: ApiTimeEstimateSchema, ...errors },
      },
    },
    async (request) => orders.estimateTime(requireApiCaller(request), request.body),
  );

  app.get(
    '/orders/:order_id/coordinates',
    {
      preHandler: [app.requireApiClient],
      schema: {
        tags: ['merchant-api'],
        description: 'The latest position of the courier on an order under way.',
        params: ApiOrderParamsSchema,
        response: { 200: ApiOrderCoordinatesSchema, ...errors },
      },
    },
    async (request) => orders.coordinates(requireApiCaller(request), request.params.order_id),
  );

  for (const kind of PROOF_KINDS) {
    app.get(
      `/orders/proof_of_${kind}/:order_id`,
      {
        preHandler: [app.requireApiClient],
        schema: {
          tags: ['merchant-api'],
          description: `The rider's proof of ${kind} photo, base64-encoded, as a JSON string.`,
          params: ApiOrderParamsSchema,
          response: { 200: ApiProofSchema, ...errors },
        },
      },
      // A string answer would go out as text/plain: pandago's document answers the base64 as a JSON string.
      async (request, reply) => {
        const base64 = await orders.proof(requireApiCaller(request), request.params.order_id, kind);
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(base64));
      },
    );
  }
};
