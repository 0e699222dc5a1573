import type { FastifyInstance } from 'fastify';
import type { Db } from './db/db.ts';
import type { Tokens } from './modules/auth/tokens.ts';
import type { DispatchConfig } from './modules/dispatch/config.ts';
import { type Dispatcher, dispatcher } from './modules/dispatch/dispatcher.ts';
import { leadership } from './infra/leader.ts';
import { type Lifecycle, lifecycleService } from './modules/dispatch/lifecycle.ts';
import { type RiderService, riderService } from './modules/dispatch/rider-service.ts';
import { riderLocationRoutes, riderRoutes } from './modules/dispatch/routes.ts';
import { type FleetSimulator, fleetSimulator } from './modules/dispatch/simulator.ts';
import type { FlagService } from './modules/flags/service.ts';
import { LiveHub } from './modules/live/hub.ts';
import { type ChangeListener, listenForOrderChanges } from './modules/live/listener.ts';
import { liveRoutes } from './modules/live/routes.ts';
import { LiveSessions } from './modules/live/sessions.ts';
import { liveTicketRoutes } from './modules/live/ticket-routes.ts';
import { liveTickets } from './modules/live/tickets.ts';
import { orderCancelService } from './modules/orders/cancel-service.ts';
import { orderListRoutes } from './modules/orders/list-routes.ts';
import { orderListService } from './modules/orders/list-service.ts';
import { publicRoutes } from './modules/public/routes.ts';
import { publicTrackingService } from './modules/public/service.ts';
import type { VendorService } from './modules/vendors/service.ts';

export interface LiveTracking {
  config: DispatchConfig;
  hub: LiveHub;
  lifecycle: Lifecycle;
  riders: RiderService;
  dispatcher: Dispatcher;
  simulator: FleetSimulator;
}

declare module 'fastify' {
  interface FastifyInstance {
    liveTracking: LiveTracking;
  }
}

export type LiveTrackingOverrides = Partial<DispatchConfig> & {
  /** How often live sockets' sessions are checked for revocation (default 20 s); tests shorten it. */
  sessionSweepMs?: number;
  /** How long a live socket's session, once confirmed, is trusted before a push (default 2 s); tests vary it. */
  sessionCheckTtlMs?: number;
};

export interface LiveTrackingDeps {
  db: Db;
  now: () => Date;
  vendors: VendorService;
  flags: FlagService;
  tokens: Tokens;
  /** The environment's settings (AppConfig.dispatch). */
  dispatch: DispatchConfig;
  /** Overrides of the environment's settings (tests, bench). */
  overrides?: LiveTrackingOverrides;
}

/**
 * "Live tracking": dispatch (riders, lifecycle, rider API, simulator, proofs), the order list and cancel,
 * the public tracking pages' data, and the /live WebSocket fed by LISTEN order_changes.
 *
 * The dispatcher and the simulator start when the server listens, not when the app is built: ops commands
 * and tests that only inject requests get no background riders moving their orders.
 */
export async function registerLiveTracking(app: FastifyInstance, deps: LiveTrackingDeps): Promise<void> {
  const { db, now, vendors, flags, tokens } = deps;
  const { sessionSweepMs, sessionCheckTtlMs, ...overrides } = deps.overrides ?? {};
  const config: DispatchConfig = { ...deps.dispatch, ...overrides };
  const lifecycle = lifecycleService({ db, now });
  const riders = riderService({ db, now, lifecycle });
  const leader = leadership(db.listenTarget, app.log);
  const isLeader = () => leader.isLeader();
  const dispatch = dispatcher({ db, now, lifecycle, config, log: app.log, isLeader });
  const simulator = fleetSimulator({ db, riders, config, log: app.log, isLeader });
  const sessions = new LiveSessions({
    db,
    now,
    log: app.log,
    sweepMs: sessionSweepMs,
    checkTtlMs: sessionCheckTtlMs,
    onEnded: (socket) => hub.unsubscribe(socket),
  });
  const hub = new LiveHub(db, app.log, (sockets) => sessions.receivers(sockets));
  app.decorate('liveTracking', { config, hub, lifecycle, riders, dispatcher: dispatch, simulator });

  const prefix = '/api/v1';
  await app.register(riderRoutes, { prefix, db, riders });
  await app.register(riderLocationRoutes, { prefix, db, vendors });
  await app.register(orderListRoutes, {
    prefix,
    db,
    vendors,
    list: orderListService({ db, vendors }),
    cancel: orderCancelService({ db, vendors, flags, lifecycle, now }),
  });
  await app.register(publicRoutes, {
    prefix,
    tracking: publicTrackingService({ db }),
    rateLimit: config.publicRateLimit,
  });
  const tickets = liveTickets({ db, now });
  await app.register(liveTicketRoutes, { db, tokens, tickets });
  await app.register(liveRoutes, { db, tokens, vendors, hub, sessions, tickets });

  let listener: ChangeListener | null = null;
  app.addHook('onReady', async () => {
    // Live updates are a convenience: without them the API still answers (and /health tells the truth).
    listener = await listenForOrderChanges(
      db.listenTarget,
      {
        onNotice: (payload) => hub.notice(payload),
        onReconnect: () =>
          void hub.catchUp().catch((error: unknown) => app.log.error({ err: error }, 'catch-up failed')),
      },
      app.log,
    ).catch((error: unknown) => {
      app.log.error({ err: error }, 'could not LISTEN for order changes; live updates are off');
      return null;
    });
  });
  app.addHook('onListen', async () => {
    sessions.start();
    if (config.dispatcher) dispatch.start();
    if (config.simulator) simulator.start();
  });
  app.addHook('onClose', async () => {
    // The database closes after the app; nothing of ours may still be using it then.
    await sessions.stop();
    await simulator.stop();
    await dispatch.stop();
    await listener?.close();
    await hub.drained();
    hub.closeAll();
    await leader.close();
  });
}
