import websocket from '@fastify/websocket';
import {
  LIVE_ERRORS,
  LIVE_PATH,
  LIVE_SERVICE_RESTART,
  LiveClientMessageSchema,
  LiveSocketQuerySchema,
} from '@riderdesk/domain/contracts/live';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/db.ts';
import { authError } from '../../errors.ts';
import { type CallerSession, sessionFromHeader } from '../../plugins/auth.ts';
import type { Tokens } from '../auth/tokens.ts';
import type { VendorService } from '../vendors/service.ts';
import { boardSocketRoute } from './board-routes.ts';
import { type LiveHub, orderUpdateMessage } from './hub.ts';
import type { LiveSessions } from './sessions.ts';
import type { LiveTickets } from './tickets.ts';

declare module 'fastify' {
  interface FastifyRequest {
    liveSession?: CallerSession;
  }
}

/**
 * spec §7 live connection at /live. The browser cannot set headers on a WebSocket, so it opens the socket
 * with a one-time `ticket` (POST /api/v1/live/ticket); the spec's clients may still send the Authorization
 * header's value in the `authorization` query, checked by the same code as every HTTP call.
 */
export async function liveRoutes(
  app: FastifyInstance,
  {
    db,
    tokens,
    vendors,
    hub,
    sessions,
    tickets,
  }: { db: Db; tokens: Tokens; vendors: VendorService; hub: LiveHub; sessions: LiveSessions; tickets: LiveTickets },
): Promise<void> {
  await app.register(websocket, {
    options: { maxPayload: 16 * 1024 },
    // On close every socket hears 1012 (reconnect now) instead of the library's bare close.
    preClose: async function closeSockets(this: FastifyInstance) {
      for (const client of this.websocketServer.clients) {
        client.close(LIVE_SERVICE_RESTART.code, LIVE_SERVICE_RESTART.reason);
      }
      await new Promise<void>((resolve) => this.websocketServer.close(() => resolve()));
    },
  });

  // The console's live board shares the socket server (decision 181).
  await boardSocketRoute(app, { tickets, sessions, hub });

  app.get(
    LIVE_PATH,
    {
      websocket: true,
      schema: { hide: true },
      // Refused before the upgrade: the client sees 401, never an open socket.
      preValidation: async (request) => {
        const query = LiveSocketQuerySchema.safeParse(request.query);
        const { ticket, authorization } = query.success ? query.data : {};
        if (ticket) {
          const session = await tickets.redeem(ticket);
          if (!session) throw authError(401, 'NotAuthorizedException');
          request.liveSession = session;
          return;
        }
        request.liveSession = await sessionFromHeader(authorization, tokens, db);
      },
    },
    (socket, request) => {
      const session = request.liveSession!;
      const { caller } = session;
      // The hub corks the TCP socket while it writes several changes to it (modules/live/hub.ts #flush). ws
      // keeps its socket in `_socket` (its own field since ws 1); without one the hub writes message by message.
      const tcp = (socket as unknown as { _socket?: { cork(): void; uncork(): void } | null })._socket;
      if (tcp) Object.assign(socket, { cork: () => tcp.cork(), uncork: () => tcp.uncork() });
      sessions.add(socket, session);
      const send = (event: string, data: unknown) => socket.send(JSON.stringify({ event, data }));
      socket.on('message', (raw) => {
        if (!sessions.isLive(socket)) return;
        void (async () => {
          let message: z.infer<typeof LiveClientMessageSchema>;
          try {
            message = LiveClientMessageSchema.parse(JSON.parse(raw.toString()));
          } catch {
            send('error', { message: LIVE_ERRORS.badMessage });
            return;
          }
          if (message.event === 'ping') {
            send('pong', { at: new Date().toISOString() });
            return;
          }
          const { vendor_id: vendorId, since } = message.data;
          // Checked on every subscription, so a vendor unlinked meanwhile is refused.
          const allowed = await vendors.vendorIdsForCaller(caller);
          if (!allowed.includes(vendorId)) {
            send('error', { message: LIVE_ERRORS.forbiddenVendor });
            return;
          }
          // Subscribed before the catch-up query, so nothing committed in between is missed (at worst sent twice).
          hub.subscribe(socket, vendorId, caller.kind === 'user' ? caller.userId : null);
          send('subscribe_ok', { vendor_id: vendorId });
          if (since) {
            for await (const orders of hub.changedSince(vendorId, since)) {
              if ((await sessions.receivers([socket])).length === 0) return;
              for (const order of orders) socket.send(orderUpdateMessage(order));
            }
          }
        })().catch((error: unknown) => {
          request.log.error({ err: error }, 'live message failed');
          send('error', { message: 'error.live.failed' });
        });
      });
      socket.on('close', () => {
        hub.unsubscribe(socket);
        sessions.remove(socket);
      });
    },
  );
}
