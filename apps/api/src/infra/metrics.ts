import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/**
 * The domain's own figures on /metrics, beside the process defaults and the HTTP histogram: what an
 * operator of several instances watches (orders placed, status changes, live fan-out, the dispatcher's
 * pace, replays, the job backlog). Counters are per instance; a dashboard sums them over instances.
 */
export function domainMetrics(registry: Registry) {
  const registers = [registry];
  return {
    ordersCreated: new Counter({
      name: 'riderdesk_orders_created_total',
      help: 'Orders placed (an Idempotency-Key replay is not counted again)',
      registers,
    }),
    statusChanges: new Counter({
      name: 'riderdesk_order_status_changes_total',
      help: 'Order status changes committed by this instance, by the status reached',
      labelNames: ['status'] as const,
      registers,
    }),
    idempotentReplays: new Counter({
      name: 'riderdesk_idempotent_replays_total',
      help: 'Order creates answered from a stored Idempotency-Key answer',
      registers,
    }),
    liveMessagesSent: new Counter({
      name: 'riderdesk_live_messages_sent_total',
      help: 'order_update messages sent to live sockets (one per socket per change)',
      registers,
    }),
    listenerReconnects: new Counter({
      name: 'riderdesk_listener_reconnects_total',
      help: 'Times the LISTEN order_changes connection was re-established after a loss',
      registers,
    }),
    dispatcherTick: new Histogram({
      name: 'riderdesk_dispatcher_tick_seconds',
      help: 'Duration of one dispatcher pass (offers, expiries, no-courier limits)',
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    }),
    clientErrors: new Counter({
      name: 'riderdesk_client_errors_total',
      help: 'Errors the browsers reported (spec §9), by kind: error, unhandled-rejection, chunk-load, app-load',
      labelNames: ['kind'] as const,
      registers,
    }),
    shedRequests: new Counter({
      name: 'riderdesk_shed_requests_total',
      help: 'Requests answered 503 at once because the event loop was overloaded, by the limit passed',
      labelNames: ['reason'] as const,
      registers,
    }),
  };
}

export type DomainMetrics = ReturnType<typeof domainMetrics>;

/** Figures read when /metrics is scraped, from the live hub and the job queue. */
export function observedGauges(
  registry: Registry,
  sources: {
    liveSockets: () => number;
    queues: () => readonly string[];
    queueDepth: (queue: string) => Promise<{ queued: number; deferred: number; active: number; failed: number }>;
  },
): void {
  new Gauge({
    name: 'riderdesk_live_sockets',
    help: 'Live sockets open on this instance',
    registers: [registry],
    collect() {
      this.set(sources.liveSockets());
    },
  });
  new Gauge({
    name: 'riderdesk_job_queue_depth',
    help: 'Jobs of each queue by state (shared by every instance: the queue is in the database)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      for (const queue of sources.queues()) {
        // A queue that cannot be read (the database is down) is left out of this scrape, not a failed one.
        const depth = await sources.queueDepth(queue).catch(() => null);
        if (!depth) continue;
        for (const [state, count] of Object.entries(depth)) this.set({ queue, state }, count);
      }
    },
  });
}
