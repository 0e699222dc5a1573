import { MERCHANT_API_BASE } from '@riderdesk/domain/merchant-api/credentials';
import type { FastifyPluginAsync } from 'fastify';
import { merchantApiRoutes } from './api-routes.ts';
import { setupApiClientGuard } from './guard.ts';
import { apiClientRoutes } from './routes.ts';
import type { MerchantApiService } from './service.ts';

/**
 * The portal's management of API clients under the portal's prefix, and the merchant API itself at its own
 * base path beside it (decision 151). The guard is decorated here, before the merchant API's routes.
 */
export const merchantApiPlugin: FastifyPluginAsync<{
  apiPrefix: string;
  services: { merchantApi: MerchantApiService };
}> = async (app, { apiPrefix, services }) => {
  setupApiClientGuard(app, services.merchantApi);
  await app.register(apiClientRoutes, { prefix: apiPrefix, merchantApi: services.merchantApi });
  await app.register(merchantApiRoutes, { prefix: MERCHANT_API_BASE, merchantApi: services.merchantApi });
};
