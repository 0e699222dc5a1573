import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { ListenTarget } from '../../db/db.ts';
import { ORDER_CHANGES_CHANNEL } from '../orders/model.ts';

export interface ChangeListener {
  close(): Promise<void>;
}

export interface ListenHandlers {
  onNotice(payload: string): void;
  /** Other channels heard on the same connection, by name (bulk_job_changes). */
  others?: Record<string, (payload: string) => void>;
  /** After a lost connection is back: notices sent meanwhile were missed and must be caught up. */
  onReconnect(): void;
  /** Each time the channels are heard (first and after a reconnect): what waits on every notice may rely on them. */
  onListening?(): void;
  /** The connection is lost: notices are missed until onListening. */
  onLost?(): void;
}

const MAX_BACKOFF_MS = 30_000;

/**
 * LISTEN order_changes on a dedicated connection (ARCHITECTURE.md "Live updates and scale-out"): every API
 * instance hears every committed change, its own and the others'. PGlite delivers notifications to the
 * embedded engine's listeners; on PostgreSQL a lost connection is reopened with backoff.
 */
export async function listenForOrderChanges(
  target: ListenTarget | undefined,
  handlers: ListenHandlers,
  log: FastifyBaseLogger,
): Promise<ChangeListener> {
  if (!target) {
    log.warn('this database cannot LISTEN; live updates are off');
    return { close: async () => {} };
  }
  if (target.kind === 'pglite') {
    const { pglite } = target;
    const unlistens = [await pglite.listen(ORDER_CHANGES_CHANNEL, handlers.onNotice)];
    for (const [channel, onNotice] of Object.entries(handlers.others ?? {})) {
      unlistens.push(await pglite.listen(channel, onNotice));
    }
    handlers.onListening?.();
    return {
      async close() {
        if (!pglite.closed) for (const unlisten of unlistens) await unlisten().catch(() => {});
      },
    };
  }

  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | null = null;

  const scheduleReconnect = (dead: pg.Client) => {
    if (closed || client !== dead) return;
    client = null;
    handlers.onLost?.();
    void dead.end().catch(() => {});
    const delay = Math.min(MAX_BACKOFF_MS, 250 * 2 ** failures);
    failures++;
    retry = setTimeout(() => void connect(true), delay);
    retry.unref();
  };

  async function connect(isReconnect: boolean): Promise<void> {
    if (closed) return;
    const next = new pg.Client({ connectionString: (target as { connectionString: string }).connectionString });
    client = next;
    next.on('notification', (message) => {
      if (!message.payload) return;
      if (message.channel === ORDER_CHANGES_CHANNEL) handlers.onNotice(message.payload);
      else handlers.others?.[message.channel]?.(message.payload);
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'order_changes listener lost its connection');
      scheduleReconnect(next);
    });
    next.on('end', () => scheduleReconnect(next));
    try {
      await next.connect();
      await next.query(`listen ${ORDER_CHANGES_CHANNEL}`);
      for (const channel of Object.keys(handlers.others ?? {})) await next.query(`listen ${channel}`);
      failures = 0;
      handlers.onListening?.();
      if (isReconnect) {
        log.info('order_changes listener reconnected');
        handlers.onReconnect();
      }
    } catch (error) {
      log.warn({ err: error }, 'order_changes listener could not connect');
      scheduleReconnect(next);
    }
  }

  await connect(false);
  return {
    async close() {
      closed = true;
      handlers.onLost?.();
      if (retry) clearTimeout(retry);
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
}
