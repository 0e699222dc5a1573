import {
  TicketAssignBodySchema,
  TicketDetailSchema,
  TicketMessageBodySchema,
  TicketParamsSchema,
  TicketQueueQuerySchema,
  TicketQueueSchema,
  TicketStatusBodySchema,
} from '@riderdesk/domain/contracts/console-support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../plugins/errors.ts';
import { CONSOLE_SECURITY, operatorOf } from '../operators/guard.ts';
import type { SupportDesk } from './support-desk.ts';

/** The console's Support page (decision 182): admins and the support desk. */
export const consoleTicketRoutes: FastifyPluginAsyncZod<{ supportDesk: SupportDesk }> = async (
  app,
  { supportDesk },
) => {
  const tags = ['console'];
  const errors = errorAnswers(400, 401, 403, 404);
  const supportOnly = app.requireOperator('support');
  const common = { tags, security: CONSOLE_SECURITY };

  app.get(
    '/tickets',
    {
      onRequest: supportOnly,
      schema: { ...common, querystring: TicketQueueQuerySchema, response: { 200: TicketQueueSchema, ...errors } },
    },
    async (request) => supportDesk.queue(request.query.status ?? null),
  );

  app.get(
    '/tickets/:ticketNumber',
    {
      onRequest: supportOnly,
      schema: {
        ...common,
        description: 'A ticket with its replies and internal notes, and the order it is about (read-only).',
        params: TicketParamsSchema,
        response: { 200: TicketDetailSchema, ...errors },
      },
    },
    async (request) => supportDesk.detail(request.params.ticketNumber),
  );

  app.put(
    '/tickets/:ticketNumber/assignee',
    {
      onRequest: supportOnly,
      schema: {
        ...common,
        params: TicketParamsSchema,
        body: TicketAssignBodySchema,
        response: { 200: TicketDetailSchema, ...errors },
      },
    },
    async (request) => supportDesk.assign(operatorOf(request), request.params.ticketNumber, request.body.operator_id),
  );

  app.put(
    '/tickets/:ticketNumber/status',
    {
      onRequest: supportOnly,
      schema: {
        ...common,
        params: TicketParamsSchema,
        body: TicketStatusBodySchema,
        response: { 200: TicketDetailSchema, ...errors },
      },
    },
    async (request) => supportDesk.setStatus(operatorOf(request), request.params.ticketNumber, request.body.status),
  );

  app.post(
    '/tickets/:ticketNumber/replies',
    {
      onRequest: supportOnly,
      schema: {
        ...common,
        description: 'A reply the merchant receives by e-mail and sees in the help centre.',
        params: TicketParamsSchema,
        body: TicketMessageBodySchema,
        response: { 200: TicketDetailSchema, ...errors },
      },
    },
    async (request) => supportDesk.reply(operatorOf(request), request.params.ticketNumber, request.body.body),
  );

  app.post(
    '/tickets/:ticketNumber/notes',
    {
      onRequest: supportOnly,
      schema: {
        ...common,
        description: 'An internal note: operators only, never shown to the merchant.',
        params: TicketParamsSchema,
        body: TicketMessageBodySchema,
        response: { 200: TicketDetailSchema, ...errors },
      },
    },
    async (request) => supportDesk.note(operatorOf(request), request.params.ticketNumber, request.body.body),
  );
};
