import {
  InsightsAnswerSchema,
  InsightsExportQuerySchema,
  InsightsParamsSchema,
  InsightsQuerySchema,
} from '@riderdesk/domain/contracts/insights';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CALLER_SECURITY, requireMerchantOrPartner } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import type { InsightsService } from './service.ts';

// As the history export (decision 046): a few files a minute per client is plenty for a person.
const EXPORTS_PER_MINUTE = 10;

export const insightsRoutes: FastifyPluginAsyncZod<{ insights: InsightsService }> = async (app, { insights }) => {
  app.get(
    '/vendor/:vendorId/insights',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['insights'],
        security: CALLER_SECURITY,
        description:
          "A period's figures (days in the country's time zone, at most 92) beside the previous period's, for the " +
          'vendor or, with include_outlets, the vendor and its outlets side by side.',
        params: InsightsParamsSchema,
        querystring: InsightsQuerySchema,
        response: { 200: InsightsAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
      // The answer is built to its contract by the domain's assembleInsights (the API tests hold it to
      // InsightsAnswerSchema), so it is not checked again on every request, as the history page (decision 090).
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => ({
      result: await insights.figures(requireMerchantOrPartner(request), request.params.vendorId, request.query),
    }),
  );

  app.get(
    '/vendor/:vendorId/insights/export',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: EXPORTS_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: ['insights'],
        security: CALLER_SECURITY,
        description: "One chart's numbers as CSV (UTF-8 with BOM) or XLSX, as the page's table shows them.",
        params: InsightsParamsSchema,
        querystring: InsightsExportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await insights.export(requireMerchantOrPartner(request), request.params.vendorId, request.query);
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );
};
