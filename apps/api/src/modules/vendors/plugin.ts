import type { FastifyPluginAsync } from 'fastify';
import { vendorAddressRoutes } from './address-routes.ts';
import type { VendorAddressService } from './address-service.ts';
import { vendorRoutes } from './routes.ts';
import type { VendorService } from './service.ts';

/** The caller's vendors and outlets, their pickup address, and the country parameters. */
export const vendorsPlugin: FastifyPluginAsync<{
  services: { vendors: VendorService; vendorAddresses: VendorAddressService };
}> = async (app, { services }) => {
  await app.register(vendorRoutes, { vendors: services.vendors });
  await app.register(vendorAddressRoutes, { vendorAddresses: services.vendorAddresses });
};
