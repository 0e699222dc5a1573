import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiCaller, MerchantApiService } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    apiClient: ApiCaller | null;
  }
  interface FastifyInstance {
    /** preHandler of the merchant API's routes: a live client's Bearer access token, else 401 (pandago body). */
    requireApiClient: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
  }
}

export function setupApiClientGuard(app: FastifyInstance, merchantApi: MerchantApiService): void {
  app.decorateRequest('apiClient', null);
  app.decorate('requireApiClient', async (request: FastifyRequest, reply: FastifyReply) => {
    request.apiClient = await merchantApi.apiCallerOf(request.headers.authorization);
    // Answered here: the route's handler does not run (an async hook that sent the reply returns it).
    if (request.apiClient) return undefined;
    return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'Unauthorized' });
  });
}

export function requireApiCaller(request: FastifyRequest): ApiCaller {
  if (!request.apiClient) throw new Error('requireApiClient did not run before this route');
  return request.apiClient;
}
