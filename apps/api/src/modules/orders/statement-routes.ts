import { OrderListParamsSchema, StatementQuerySchema } from '@riderdesk/domain/contracts/order-list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CALLER_SECURITY, requireCaller } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import type { OrderStatementService } from './statement-service.ts';

// A statement reads a month of orders and lays out a file: a few a minute per client, like the exports.
const STATEMENTS_PER_MINUTE = 10;

export const orderStatementRoutes: FastifyPluginAsyncZod<{ statements: OrderStatementService }> = async (
  app,
  { statements },
) => {
  app.get(
    '/vendor/:vendorId/statement',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: STATEMENTS_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: ['orders'],
        security: CALLER_SECURITY,
        description:
          "Monthly statement: the month's delivered and returned orders (with include_outlets, the outlets' too, each with a subtotal), their fee, discount, VAT number and cash collected, and totals; XLSX in `lang`, PDF in English. At most 10 000 orders.",
        params: OrderListParamsSchema,
        querystring: StatementQuerySchema,
        response: { 200: z.any(), ...errorAnswers(400, 401, 403, 422) },
      },
    },
    async (request, reply) => {
      const file = await statements.file(requireCaller(request), request.params.vendorId, request.query);
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );
};
