import {
  BOARD_LIVE_PATH,
  BOARD_TICKET_PATH,
  BoardSocketQuerySchema,
  BoardTicketSchema,
} from '@riderdesk/domain/contracts/console-board';
import type { FastifyInstance } from 'fastify';
import { authError } from '../../errors.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import { CONSOLE_SECURITY, operatorOf } from '../operators/guard.ts';
import type { LiveHub } from './hub.ts';
import type { LiveSessions } from './sessions.ts';
import type { LiveTickets } from './tickets.ts';

declare module 'fastify' {
  interface FastifyRequest {
    boardSession?: { operatorSessionId: string; expiresAt: Date };
  }
}

/**
 * POST /api/v1/console/board/ticket: the console session's bearer token in, a one-time ticket for the live
 * board's socket out (decision 181). The roles that read the board may follow it.
 */
export async function boardTicketRoute(app: FastifyInstance, { tickets }: { tickets: LiveTickets }): Promise<void> {
  app.post(
    BOARD_TICKET_PATH,
    {
      onRequest: app.requireOperator('operations', 'support'),
      schema: {
        tags: ['console'],
        security: CONSOLE_SECURITY,
        description: `A ticket that opens one WebSocket at ${BOARD_LIVE_PATH}?ticket=… within expires_in seconds.`,
        response: { 200: BoardTicketSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      const { ticket, expiresIn } = await tickets.issueForOperator(operator.sessionId, operator.expiresAt);
      return { ticket, expires_in: expiresIn };
    },
  );
}

/**
 * The live board's socket: every committed change of every order, as the board shows it (`board_update`), from
 * the same LISTEN relay as the merchants' sockets; `board_resync` after the relay missed changes. Honoured as long
 * as the operator's console session, checked as merchants' sessions are (LiveSessions). Registered where the
 * WebSocket plugin is (routes.ts).
 */
export async function boardSocketRoute(
  app: FastifyInstance,
  { tickets, sessions, hub }: { tickets: LiveTickets; sessions: LiveSessions; hub: LiveHub },
): Promise<void> {
  app.get(
    BOARD_LIVE_PATH,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        const query = BoardSocketQuerySchema.safeParse(request.query);
        const session = query.success ? await tickets.redeemForOperator(query.data.ticket) : null;
        if (!session) throw authError(401, 'NotAuthorizedException');
        request.boardSession = session;
      },
    },
    (socket, request) => {
      const { operatorSessionId, expiresAt } = request.boardSession!;
      sessions.addOperator(socket, operatorSessionId, expiresAt);
      hub.followBoard(socket);
      socket.on('message', () => {
        // The board only listens; a ping is answered so a client can tell a dead connection.
        if (sessions.isLive(socket)) socket.send(JSON.stringify({ event: 'pong', data: {} }));
      });
      socket.on('close', () => {
        hub.unsubscribe(socket);
        sessions.remove(socket);
      });
    },
  );
}
