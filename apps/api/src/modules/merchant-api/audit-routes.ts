import { ApiAuditListSchema, ApiAuditQuerySchema } from '@riderdesk/domain/contracts/merchant-api-audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CALLER_SECURITY, requireUser } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import type { MerchantApiService } from './service.ts';

/** The portal's audit trail of the merchant API (Settings → Developers): the calls of the caller's clients. */
export const apiAuditRoutes: FastifyPluginAsyncZod<{ merchantApi: MerchantApiService }> = async (
  app,
  { merchantApi },
) => {
  app.get(
    '/merchant-api/audit',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['merchant-api'],
        security: CALLER_SECURITY,
        description: "The merchant API's calls of the caller's clients, newest first; next_cursor pages on.",
        querystring: ApiAuditQuerySchema,
        response: { 200: ApiAuditListSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => merchantApi.listAudit(requireUser(request), request.query),
  );
};
