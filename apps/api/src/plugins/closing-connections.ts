import type { FastifyInstance } from 'fastify';

/**
 * A graceful stop waits for the server's connections to end. Node closes the idle ones when the stop begins,
 * but a keep-alive connection whose request is still in flight stays open after its answer, for the
 * keep-alive time-out (72 s in Fastify), past the stop's deadline: the stop then never reached the onClose
 * hooks (jobs handed back, the dispatcher's leadership released). From the stop on, every answer says
 * `Connection: close`, and a connection whose answer had already begun is closed as soon as it is idle.
 */
export function registerClosingConnections(app: FastifyInstance): void {
  let isClosing = false;
  app.addHook('preClose', (done) => {
    isClosing = true;
    // Read by Node when an answer ends on a kept-alive connection: the idle connection then times out at once.
    app.server.keepAliveTimeout = 1;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isClosing) reply.header('connection', 'close');
    done(null, payload);
  });
}
