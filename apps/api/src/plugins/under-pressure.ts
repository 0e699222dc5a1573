import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { Counter } from 'prom-client';
import type { AppConfig } from '../config.ts';
import { keyedError } from '../errors.ts';

/** What a shed request is told to wait before trying again, in seconds. */
export const SHED_RETRY_AFTER_S = 5;

/**
 * Sheds load before the event loop drowns (@fastify/under-pressure): while the loop's delay or utilisation
 * is past its limit, a request is answered 503 with Retry-After at once, so the instance spends its time on
 * the requests it has already taken instead of queueing more it cannot finish. Routes that must answer
 * whatever the load (liveness) opt out with `config: { pressureHandler: ANSWER_UNDER_PRESSURE }`.
 */
export async function registerUnderPressure(
  app: FastifyInstance,
  settings: AppConfig['pressure'],
  shed: Counter<'reason'>,
): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: settings.maxEventLoopDelayMs,
    maxEventLoopUtilization: settings.maxEventLoopUtilization,
    retryAfter: SHED_RETRY_AFTER_S,
    // A rejection goes through the error handler, so the answer has the API's error shape.
    pressureHandler: async (_request, reply, type) => {
      shed.inc({ reason: type });
      reply.header('retry-after', String(SHED_RETRY_AFTER_S));
      throw keyedError(503, 'ServiceUnavailable', 'error.server-busy');
    },
  });
}

/** A route's pressure handler that lets the request through (liveness answers under any load). */
export const ANSWER_UNDER_PRESSURE = (): void => {};
