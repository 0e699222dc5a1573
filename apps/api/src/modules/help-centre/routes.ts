import { MerchantTicketsAnswerSchema } from '@riderdesk/domain/contracts/console-support';
import {
  HelpCentreInitAnswerSchema,
  HelpCentreInitBodySchema,
  HelpCentreTokenAnswerSchema,
  HelpCentreTokenParamsSchema,
  SupportOrdersAnswerSchema,
  SupportTicketAnswerSchema,
  SupportTicketBodySchema,
} from '@riderdesk/domain/contracts/help-centre';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CALLER_SECURITY, requireCaller } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import type { HelpCentreService } from './service.ts';
import type { SupportDesk } from './support-desk.ts';

/** GET /vendor/{id}/hc_jwt_token (spec §7), under the API prefix. */
export const helpCentreTokenRoutes: FastifyPluginAsyncZod<{ helpCentre: HelpCentreService }> = async (
  app,
  { helpCentre },
) => {
  app.get(
    '/vendor/:id/hc_jwt_token',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['help centre'],
        security: CALLER_SECURITY,
        params: HelpCentreTokenParamsSchema,
        response: { 200: HelpCentreTokenAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // A token is a credential: never kept by a cache on the way.
      reply.header('cache-control', 'no-store');
      return { result: await helpCentre.tokenFor(requireCaller(request), request.params.id) };
    },
  );
};

/**
 * The embedded default help centre host (spec §7 "{host}/conditions-api/v1/init"), served under
 * /help-centre: the init call, and the calls its frame makes with the frame token.
 */
export const helpCentreHostRoutes: FastifyPluginAsyncZod<{
  helpCentre: HelpCentreService;
  supportDesk: SupportDesk;
}> = async (app, { helpCentre, supportDesk }) => {
  app.post(
    '/conditions-api/v1/init',
    {
      schema: {
        tags: ['help centre'],
        body: HelpCentreInitBodySchema,
        response: { 200: HelpCentreInitAnswerSchema, ...errorAnswers(400, 401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return helpCentre.init(request.body);
    },
  );

  app.get(
    '/api/orders',
    { schema: { tags: ['help centre'], response: { 200: SupportOrdersAnswerSchema, ...errorAnswers(401) } } },
    async (request) => {
      const claims = await helpCentre.frameCaller(request.headers.authorization);
      return { result: { orders: await helpCentre.ordersOf(claims) } };
    },
  );

  app.post(
    '/api/tickets',
    {
      schema: {
        tags: ['help centre'],
        body: SupportTicketBodySchema,
        response: { 200: SupportTicketAnswerSchema, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => {
      const claims = await helpCentre.frameCaller(request.headers.authorization);
      return { result: { ticket_number: await helpCentre.openTicket(claims, request.body) } };
    },
  );

  // The merchant's tickets with support's replies (decision 182); internal notes never leave the console.
  app.get(
    '/api/tickets',
    { schema: { tags: ['help centre'], response: { 200: MerchantTicketsAnswerSchema, ...errorAnswers(401) } } },
    async (request, reply) => {
      const claims = await helpCentre.frameCaller(request.headers.authorization);
      reply.header('cache-control', 'no-store');
      return { result: { tickets: await supportDesk.merchantTickets(claims) } };
    },
  );
};
