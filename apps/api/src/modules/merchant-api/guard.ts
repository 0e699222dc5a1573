import { callKindOf, RATE_WINDOW_MS } from '@riderdesk/domain/merchant-api/limits';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitConfig } from '../../config.ts';
import { keyedCounter } from '../../plugins/keyed-counters.ts';
import type { ApiCaller, MerchantApiService } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    apiClient: ApiCaller | null;
  }
  interface FastifyInstance {
    /**
     * preHandler of the merchant API's routes: a live client's Bearer access token, else 401 (pandago body);
     * then the client's budget of reads or writes, else 429 with Retry-After (decision 161).
     */
    requireApiClient: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
  }
}

export function setupApiClientGuard(
  app: FastifyInstance,
  merchantApi: MerchantApiService,
  limits: Pick<RateLimitConfig, 'merchantApiReadsPerMinute' | 'merchantApiWritesPerMinute'>,
): void {
  // The portal's counters (plugins/security.ts): in Redis with REDIS_URL, shared by every instance, else in this
  // process. Keyed by the client, not the address. With Redis unreachable a call is let through uncounted, as the
  // general limit does: a merchant's integration is not stopped by our outage.
  const budget = (kind: 'read' | 'write', max: number) =>
    keyedCounter(app, { name: `merchant-api:${kind}`, max, timeWindow: RATE_WINDOW_MS, skipOnError: true });
  const budgets = {
    read: budget('read', limits.merchantApiReadsPerMinute),
    write: budget('write', limits.merchantApiWritesPerMinute),
  };

  app.decorateRequest('apiClient', null);
  app.decorate('requireApiClient', async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = await merchantApi.apiCallerOf(request.headers.authorization);
    // Answered here: the route's handler does not run (an async hook that sent the reply returns it).
    if (!caller) return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'Unauthorized' });
    request.apiClient = caller;
    const counted = await budgets[callKindOf(request.method)].hit(caller.clientId);
    reply.header('x-ratelimit-limit', counted.max).header('x-ratelimit-remaining', counted.remaining);
    if (!counted.isOver) return undefined;
    return reply
      .code(429)
      .header('retry-after', Math.max(1, counted.retryAfterS))
      .send({ message: 'Too many requests: retry after the time in Retry-After (seconds)' });
  });

  // Every call of a known client joins the audit trail, its refusals (429, 4xx) included. The route is the
  // pattern the call matched, never its URL with ids; the batch is written off the request's path.
  app.addHook('onResponse', async (request, reply) => {
    const caller = request.apiClient;
    if (!caller) return;
    merchantApi.audit.push({
      at: new Date(merchantApi.now().getTime() - Math.round(reply.elapsedTime)),
      client_id: caller.clientId,
      method: request.method,
      route: request.routeOptions.url ?? 'unknown',
      status: reply.statusCode,
      latency_ms: Math.round(reply.elapsedTime),
    });
  });
}

export function requireApiCaller(request: FastifyRequest): ApiCaller {
  if (!request.apiClient) throw new Error('requireApiClient did not run before this route');
  return request.apiClient;
}
