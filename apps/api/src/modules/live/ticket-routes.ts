import { LIVE_TICKET_PATH, LiveTicketAnswerSchema } from '@riderdesk/domain/contracts/live';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/db.ts';
import { CALLER_SECURITY, sessionFromHeader } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import type { Tokens } from '../auth/tokens.ts';
import type { LiveTickets } from './tickets.ts';

/** POST /api/v1/live/ticket: the usual Authorization header in, a one-time socket ticket out. */
export const liveTicketRoutes: FastifyPluginAsyncZod<{ db: Db; tokens: Tokens; tickets: LiveTickets }> = async (
  app,
  { db, tokens, tickets },
) => {
  app.post(
    LIVE_TICKET_PATH,
    {
      schema: {
        tags: ['live'],
        description:
          'A ticket that opens one WebSocket at /live?ticket=… within expires_in seconds. The socket keeps the ' +
          'session and expiry of the token that asked for it, and closes with 4401 when that session ends.',
        security: CALLER_SECURITY,
        response: { 200: LiveTicketAnswerSchema, ...errorAnswers(401) },
      },
    },
    async (request) => {
      const session = await sessionFromHeader(request.headers.authorization, tokens, db);
      const { ticket, expiresIn } = await tickets.issue(session);
      return { result: { ticket, expires_in: expiresIn } };
    },
  );
};
