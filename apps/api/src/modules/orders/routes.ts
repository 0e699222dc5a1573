import { ApiErrorSchema } from '@riderdesk/domain/contracts/common';
import {
  OrderAnswerSchema,
  OrderCreateAnswerSchema,
  OrderCreateBodySchema,
  OrderQuerySchema,
  OrderUpdateAnswerSchema,
  OrderUpdateBodySchema,
  OrderUpdateParamsSchema,
} from '@riderdesk/domain/contracts/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { withReadSnapshot } from '../../infra/read-snapshot.ts';
import { CALLER_SECURITY, requireCaller, requireMerchantOrPartner } from '../../plugins/auth.ts';
import { orderBodyFlags } from '../../plugins/flag-guard.ts';
import type { SchemaError } from './admission.ts';
import type { OrderService } from './service.ts';

// Printable ASCII, as UUIDs or any client-made token; long enough for anything sensible.
const IdempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{1,255}$/);
const OrderCreateHeadersSchema = z.object({ 'idempotency-key': z.string().optional() });

/** Only a body failure goes on to the spec §5 chain; a bad path or header is answered as it is. */
function bodySchemaError(error: (Error & { validationContext?: string }) | undefined): SchemaError | null {
  if (!error) return null;
  if (error.validationContext !== 'body') throw error;
  return error as SchemaError;
}

export const orderRoutes: FastifyPluginAsyncZod<{ orders: OrderService }> = async (app, { orders }) => {
  // Spelt out, unlike errorAnswers(), so the create may answer the status code an Idempotency-Key replays.
  const errors = {
    400: ApiErrorSchema,
    401: ApiErrorSchema,
    403: ApiErrorSchema,
    404: ApiErrorSchema,
    409: ApiErrorSchema,
    422: ApiErrorSchema,
  };

  app.post(
    '/order',
    {
      preHandler: [app.authenticate, ...orderBodyFlags(app)],
      // The spec §5 chain answers first with its own keys, so a schema failure is handed to the service.
      attachValidation: true,
      schema: {
        tags: ['orders'],
        security: CALLER_SECURITY,
        description:
          'Places an order. With an Idempotency-Key header, retries with the same body replay the first answer; the same key with another body answers 422 IdempotencyKeyReused.',
        headers: OrderCreateHeadersSchema,
        body: OrderCreateBodySchema,
        response: { 200: OrderCreateAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const rawKey = request.headers['idempotency-key'];
      const key = typeof rawKey === 'string' ? rawKey : null;
      if (key !== null && !IdempotencyKeySchema.safeParse(key).success) {
        throw new AppError(400, 'IdempotencyKeyInvalid', 'IdempotencyKeyInvalid');
      }
      const schemaError = bodySchemaError(request.validationError);
      // One unit of work: the country parameters read with the vendor serve the checks after it (decision 100).
      const answer = await withReadSnapshot(async () => {
        const { vendor, body } = await orders.admitCreate(caller, request.body, schemaError);
        return orders.create(caller, vendor, body, key);
      });
      if (answer.isReplay) reply.header('idempotent-replayed', 'true');
      return reply.code(answer.statusCode).send(answer.body);
    },
  );

  app.get(
    '/order',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['orders'],
        security: CALLER_SECURITY,
        querystring: OrderQuerySchema,
        response: { 200: OrderAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      result: await orders.get(requireCaller(request), request.query.vendorId, request.query.orderId),
    }),
  );

  app.put(
    '/order/:orderId',
    {
      preHandler: app.authenticate,
      attachValidation: true,
      schema: {
        tags: ['orders'],
        security: CALLER_SECURITY,
        params: OrderUpdateParamsSchema,
        body: OrderUpdateBodySchema,
        response: { 200: OrderUpdateAnswerSchema, ...errors },
      },
    },
    async (request) => {
      // Guests request riders and follow them, but do not edit orders (decision 089).
      const caller = requireMerchantOrPartner(request);
      const schemaError = bodySchemaError(request.validationError);
      const { orderId } = request.params;
      const { vendor, body } = await orders.admitUpdate(caller, orderId, request.body, schemaError);
      return { result: await orders.update(vendor, orderId, body) };
    },
  );
};
