import { BULK_JOB_CHANGES_CHANNEL, FLAG_CHANGES_CHANNEL } from '@riderdesk/domain/contracts/live';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/db.ts';
import type { DomainMetrics } from '../../infra/metrics.ts';
import type { Tokens } from '../auth/tokens.ts';
import { API_CLIENT_CHANGES_CHANNEL, type CallerCache } from '../merchant-api/caller-cache.ts';
import { ACCESS_REVOKED_CHANNEL } from '../vendors/access-notices.ts';
import type { VendorService } from '../vendors/service.ts';
import { boardTicketRoute } from './board-routes.ts';
import type { LiveHub } from './hub.ts';
import { type ChangeListener, listenForOrderChanges } from './listener.ts';
import { liveRoutes } from './routes.ts';
import type { LiveSessions } from './sessions.ts';
import { liveTicketRoutes } from './ticket-routes.ts';
import type { LiveTickets } from './tickets.ts';

/**
 * The /live WebSocket and its tickets, fed by LISTEN order_changes (ARCHITECTURE.md "Live updates"): every
 * instance hears every committed change and pushes it to the sockets following that vendor.
 */
export const livePlugin: FastifyPluginAsync<{
  db: Db;
  services: {
    tokens: Tokens;
    vendors: VendorService;
    liveHub: LiveHub;
    liveSessions: LiveSessions;
    liveTickets: LiveTickets;
    metrics: Pick<DomainMetrics, 'listenerReconnects'>;
    merchantApi: { callers: CallerCache };
  };
}> = async (app, { db, services }) => {
  const { tokens, vendors, liveHub: hub, liveSessions: sessions, liveTickets: tickets } = services;
  await app.register(liveTicketRoutes, { db, tokens, tickets });
  await app.register(liveRoutes, { db, tokens, vendors, hub, sessions, tickets });
  await boardTicketRoute(app, { tickets });

  let listener: ChangeListener | null = null;
  app.addHook('onReady', async () => {
    // Live updates are a convenience: without them the API still answers (and /health tells the truth).
    listener = await listenForOrderChanges(
      db.listenTarget,
      {
        onNotice: (payload) => hub.notice(payload),
        others: {
          [BULK_JOB_CHANGES_CHANNEL]: (payload) => hub.bulkNotice(payload),
          [ACCESS_REVOKED_CHANNEL]: (payload) => hub.accessRevoked(payload),
          [FLAG_CHANGES_CHANNEL]: () => hub.flagsChanged(),
          // A revoked merchant API client: its cached tokens stop on this instance too (decision 161).
          [API_CLIENT_CHANGES_CHANNEL]: (clientId) => services.merchantApi.callers.forget(clientId),
        },
        onListening: () => services.merchantApi.callers.listening(),
        onLost: () => services.merchantApi.callers.lost(),
        onReconnect: () => {
          services.metrics.listenerReconnects.inc();
          void hub.catchUp().catch((error: unknown) => app.log.error({ err: error }, 'catch-up failed'));
        },
      },
      app.log,
    ).catch((error: unknown) => {
      app.log.error({ err: error }, 'could not LISTEN for order changes; live updates are off');
      return null;
    });
  });
  app.addHook('onListen', async () => {
    sessions.start();
  });
  app.addHook('onClose', async () => {
    await sessions.stop();
    await listener?.close();
    await hub.drained();
    hub.closeAll();
  });
};
