import { CONSOLE_API_PREFIX } from '@riderdesk/domain/paths';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { RateLimitConfig } from '../../config.ts';
import { vendorAddressRoutes } from './address-routes.ts';
import type { VendorAddressService } from './address-service.ts';
import { consoleVendorRoutes } from './console-routes.ts';
import type { ConsoleVendorService } from './console-service.ts';
import { outletRoutes } from './outlet-routes.ts';
import { OUTLET_ACTIVATION_QUEUE, type OutletService } from './outlet-service.ts';
import { vendorRoutes } from './routes.ts';
import type { VendorService } from './service.ts';

const OutletActivationJobSchema = z.object({ vendor_id: z.string().min(1).max(64) });

/** The caller's vendors and outlets, their collection points, their pickup address, and the country parameters. */
export const vendorsPlugin: FastifyPluginAsync<{
  services: {
    vendors: VendorService;
    vendorAddresses: VendorAddressService;
    outlets: OutletService;
    consoleVendors: ConsoleVendorService;
  };
  rateLimit: RateLimitConfig;
}> = async (app, { services, rateLimit }) => {
  // A new collection point becomes active once geocoded and given its area (decision 055); a geocoder that is
  // down is tried again with backoff for about an hour before the job fails and an operator decides.
  const activation = app.jobs.register(
    OUTLET_ACTIVATION_QUEUE,
    OutletActivationJobSchema,
    (job) => services.outlets.activate(job.vendor_id),
    { retryLimit: 8, retryDelaySeconds: 15, retryBackoff: true, expireInSeconds: 120 },
  );
  services.outlets.useActivationQueue(activation);
  await app.register(vendorRoutes, { vendors: services.vendors });
  await app.register(vendorAddressRoutes, { vendorAddresses: services.vendorAddresses });
  await app.register(outletRoutes, { outlets: services.outlets, rateLimit });
  await app.register(consoleVendorRoutes, { prefix: CONSOLE_API_PREFIX, vendors: services.consoleVendors });
};
