import { MERCHANT_API_BASE } from '@riderdesk/domain/merchant-api/credentials';
import type { FastifyPluginAsync } from 'fastify';
import type { RateLimitConfig } from '../../config.ts';
import { merchantApiRoutes } from './api-routes.ts';
import { scheduleAuditRetention } from './audit-retention.ts';
import { apiAuditRoutes } from './audit-routes.ts';
import { setupApiClientGuard } from './guard.ts';
import { merchantApiOpenApiRoute } from './openapi-route.ts';
import { merchantApiOrderRoutes } from './order-routes.ts';
import type { MerchantApiOrderService } from './order-service.ts';
import { merchantApiOutletRoutes } from './outlet-routes.ts';
import type { MerchantApiOutletService } from './outlet-service.ts';
import { apiClientRoutes } from './routes.ts';
import type { MerchantApiService } from './service.ts';

/**
 * The portal's management of API clients under the portal's prefix, and the merchant API itself at its own
 * base path beside it (decision 151). The guard (client, budgets, audit; decision 161) is set up here, before
 * the merchant API's routes.
 */
export const merchantApiPlugin: FastifyPluginAsync<{
  apiPrefix: string;
  services: {
    merchantApi: MerchantApiService;
    merchantApiOrders: MerchantApiOrderService;
    merchantApiOutlets: MerchantApiOutletService;
  };
  rateLimit: RateLimitConfig;
}> = async (app, { apiPrefix, services, rateLimit }) => {
  setupApiClientGuard(app, services.merchantApi, rateLimit);
  scheduleAuditRetention(app, services.merchantApi);
  app.addHook('onClose', () => services.merchantApi.audit.close());
  await app.register(apiClientRoutes, { prefix: apiPrefix, merchantApi: services.merchantApi });
  await app.register(apiAuditRoutes, { prefix: apiPrefix, merchantApi: services.merchantApi });
  await app.register(merchantApiRoutes, { prefix: MERCHANT_API_BASE, merchantApi: services.merchantApi });
  await app.register(merchantApiOrderRoutes, { prefix: MERCHANT_API_BASE, orders: services.merchantApiOrders });
  await app.register(merchantApiOutletRoutes, {
    prefix: MERCHANT_API_BASE,
    outlets: services.merchantApiOutlets,
    rateLimit,
  });
  await app.register(merchantApiOpenApiRoute, { prefix: MERCHANT_API_BASE });
};
