import { ClientErrorReportSchema } from '@riderdesk/domain/contracts/client-errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DomainMetrics } from '../../infra/metrics.ts';
import { errorAnswers } from '../../plugins/errors.ts';

/**
 * Reports one address may send per minute: a page stuck in an error loop, or someone posting at will,
 * fills neither the logs nor the counters.
 */
export const CLIENT_ERROR_REPORTS_PER_MINUTE = 20;

/**
 * spec §9: the browser's monitoring events. Open to every visitor (a page fails before anyone logs in),
 * registered under the API prefix, rate-limited per address, written to the log as a warning and counted by kind on /metrics.
 */
export const monitoringPlugin: FastifyPluginAsyncZod<{
  services: { metrics: Pick<DomainMetrics, 'clientErrors'> };
}> = async (app, { services }) => {
  app.post(
    '/monitoring/client-errors',
    {
      config: {
        rateLimit: { max: CLIENT_ERROR_REPORTS_PER_MINUTE, timeWindow: 60_000, skipOnError: false },
      },
      schema: {
        tags: ['monitoring'],
        description:
          'A browser error: uncaught, an unhandled rejection, a chunk that failed to load, or the app-load banner.',
        body: ClientErrorReportSchema,
        response: { 204: z.null(), ...errorAnswers(400, 429) },
      },
    },
    async (request, reply) => {
      const report = request.body;
      services.metrics.clientErrors.inc({ kind: report.kind });
      request.log.warn(
        { clientError: report, userAgent: request.headers['user-agent']?.slice(0, 256) },
        'browser error reported',
      );
      return reply.code(204).send(null);
    },
  );
};
