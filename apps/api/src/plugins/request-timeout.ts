import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * Answers 503 to a request its handler has not answered within `timeoutMs`: whatever a handler waits
 * for (a database, a geocoder, a lock), the client gets an answer and its connection back. Streams and
 * WebSocket upgrades are answered (or hijacked) early, so they are not cut.
 */
export function registerRequestTimeout(app: FastifyInstance, timeoutMs: number): void {
  const timers = new WeakMap<object, NodeJS.Timeout>();
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.upgrade) return;
    const timer = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent) return;
      request.log.error({ timeoutMs }, 'request timed out');
      const error = new AppError(503, 'RequestTimeout', 'error.request-timeout');
      reply.code(503).header('retry-after', '5').send(error.toJSON());
    }, timeoutMs);
    timer.unref();
    timers.set(request, timer);
  });
  const clear = async (request: object) => {
    clearTimeout(timers.get(request));
    timers.delete(request);
  };
  app.addHook('onResponse', clear);
  app.addHook('onRequestAbort', clear);
}
