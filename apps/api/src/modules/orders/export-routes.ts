import { OrderExportQuerySchema, OrderListParamsSchema } from '@riderdesk/domain/contracts/order-list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CALLER_SECURITY, requireMerchantOrPartner } from '../../plugins/auth.ts';
import type { OrderExportService } from './export-service.ts';

// An export reads up to a quarter of orders: a few per minute per client is plenty for a person.
const EXPORTS_PER_MINUTE = 10;

export const orderExportRoutes: FastifyPluginAsyncZod<{ exports: OrderExportService }> = async (app, { exports }) => {
  app.get(
    '/vendor/:vendorId/orders/export',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: EXPORTS_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: ['orders'],
        security: CALLER_SECURITY,
        description:
          'The orders the history filters select, as CSV (UTF-8 with BOM, streamed) or XLSX (at most 10 000 rows).',
        params: OrderListParamsSchema,
        querystring: OrderExportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await exports.export(requireMerchantOrPartner(request), request.params.vendorId, request.query);
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );
};
