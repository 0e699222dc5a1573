import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Db } from './db/db.ts';
import { createGeocoder } from './modules/geo/create-geocoder.ts';
import type { Geocoder } from './modules/geo/geocoder.ts';
import { geoRoutes } from './modules/geo/routes.ts';
import { geoService } from './modules/geo/service.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { orderService } from './modules/orders/service.ts';
import { FeeSigner } from './modules/pricing/fee-signature.ts';
import { pricingRoutes } from './modules/pricing/routes.ts';
import { pricingService } from './modules/pricing/service.ts';
import { vendorAddressRoutes } from './modules/vendors/address-routes.ts';
import { vendorAddressService } from './modules/vendors/address-service.ts';
import type { VendorService } from './modules/vendors/service.ts';
import { voucherRoutes } from './modules/vouchers/routes.ts';
import { voucherService } from './modules/vouchers/service.ts';

export interface RequestARiderDeps {
  config: AppConfig;
  db: Db;
  now: () => Date;
  vendors: VendorService;
  /** Tests inject one; otherwise GEOCODER_URL chooses (config.geo). */
  geocoder?: Geocoder;
}

/** The "Request a rider" modules: geo, pricing, vouchers, orders and the vendor's pickup address. */
export async function registerRequestARider(app: FastifyInstance, deps: RequestARiderDeps): Promise<void> {
  const { config, db, now, vendors } = deps;
  const geocoder = deps.geocoder ?? createGeocoder(config.geo);
  const signer = new FeeSigner(config.authSecret, now);

  const geo = geoService({ db, config, vendors, geocoder });
  const pricing = pricingService({ db, config, vendors, signer });
  const vouchers = voucherService({ db, config, vendors, signer, now });
  const orders = orderService({ db, config, vendors, pricing, vouchers, signer, now });
  const vendorAddresses = vendorAddressService({ db, config, vendors });

  const prefix = '/api/v1';
  await app.register(geoRoutes, { prefix, geo });
  await app.register(pricingRoutes, { prefix, pricing });
  await app.register(voucherRoutes, { prefix, vouchers });
  await app.register(orderRoutes, { prefix, orders });
  await app.register(vendorAddressRoutes, { prefix, vendorAddresses });
}
