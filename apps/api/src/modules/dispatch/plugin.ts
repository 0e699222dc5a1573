import { CONSOLE_API_PREFIX } from '@riderdesk/domain/paths';
import type { FastifyPluginAsync } from 'fastify';
import type { Leadership } from '../../infra/leader.ts';
import type { VendorService } from '../vendors/service.ts';
import type { DispatchConfig } from './config.ts';
import type { FleetConsole } from './console-fleet.ts';
import { consoleFleetRoutes } from './console-routes.ts';
import type { Dispatcher } from './dispatcher.ts';
import type { RiderService } from './rider-service.ts';
import { riderLocationRoutes, riderRoutes } from './routes.ts';
import type { FleetSimulator } from './simulator.ts';

/**
 * Riders and dispatch: the rider API, riders' positions for vendors, the dispatcher and the fleet simulator.
 *
 * The dispatcher and the simulator start when the server listens, not when the app is built: ops commands
 * and tests that only inject requests get no background riders moving their orders (decision 024).
 */
export const dispatchPlugin: FastifyPluginAsync<{
  services: {
    riders: RiderService;
    vendors: VendorService;
    dispatcher: Dispatcher;
    simulator: FleetSimulator;
    leadership: Leadership;
    fleetConsole: FleetConsole;
  };
  config: DispatchConfig;
}> = async (app, { services, config }) => {
  const { riders, vendors, dispatcher, simulator, leadership } = services;
  await app.register(riderRoutes, { riders });
  await app.register(riderLocationRoutes, { riders, vendors });
  // Registered with the API's prefix, so the console's routes are /api/v1/console/… (decision 169).
  await app.register(consoleFleetRoutes, { prefix: CONSOLE_API_PREFIX, fleet: services.fleetConsole });

  app.addHook('onListen', async () => {
    if (config.dispatcher) dispatcher.start();
    if (config.simulator) simulator.start();
  });
  app.addHook('onClose', async () => {
    // The database closes after the app; nothing of ours may still be using it then.
    await simulator.stop();
    await dispatcher.stop();
    await leadership.close();
  });
};
