import { Readable } from 'node:stream';
import { AuditFiltersSchema, AuditPageSchema, AuditQuerySchema } from '@riderdesk/domain/contracts/console-audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CSV_TYPE } from '../../infra/spreadsheet.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import { CONSOLE_SECURITY } from './guard.ts';
import type { OperatorsService } from './service.ts';

const EXPORTS_PER_MINUTE = 10;

/** The console's audit log: admins search it and export it (decision 170). */
export const consoleAuditRoutes: FastifyPluginAsyncZod<{ operators: OperatorsService }> = async (
  app,
  { operators },
) => {
  const tags = ['console'];
  const errors = errorAnswers(400, 401, 403);
  const adminOnly = app.requireOperator('admin');

  app.get(
    '/audit-log',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security: CONSOLE_SECURITY,
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, ...errors },
      },
    },
    async (request) => operators.searchAuditLog(request.query),
  );

  app.get(
    '/audit-log/export',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security: CONSOLE_SECURITY,
        description:
          'The entries the filters select as CSV (UTF-8 with BOM, streamed, newest first), formulas neutralised.',
        querystring: AuditFiltersSchema,
      },
      // An export reads up to AUDIT_EXPORT_MAX entries: a few a minute is plenty for a person.
      config: { rateLimit: { max: EXPORTS_PER_MINUTE, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const day = operators.now().toISOString().slice(0, 10);
      return reply
        .type(CSV_TYPE)
        .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(operators.exportAuditLog(request.query)));
    },
  );
};
