import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { ListenTarget } from '../../db/db.ts';
import { ORDER_CHANGES_CHANNEL } from '../orders/model.ts';
import { ACCESS_REVOKED_CHANNEL } from '../vendors/access-notices.ts';

export interface ChangeListener {
  close(): Promise<void>;
}

export interface ListenHandlers {
  onNotice(payload: string): void;
  /** A user lost a vendor (vendors/access-notices.ts). */
  onAccessRevoked?(payload: string): void;
  /** After a lost connection is back: notices sent meanwhile were missed and must be caught up. */
  onReconnect(): void;
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
    const unlisten = await pglite.listen(ORDER_CHANGES_CHANNEL, handlers.onNotice);
    const unlistenAccess = await pglite.listen(ACCESS_REVOKED_CHANNEL, (payload) =>
      handlers.onAccessRevoked?.(payload),
    );
    return {
      async close() {
        if (!pglite.closed) await unlisten().catch(() => {});
        if (!pglite.closed) await unlistenAccess().catch(() => {});
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
      if (message.channel === ORDER_CHANGES_CHANNEL && message.payload) handlers.onNotice(message.payload);
      if (message.channel === ACCESS_REVOKED_CHANNEL && message.payload) handlers.onAccessRevoked?.(message.payload);
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'order_changes listener lost its connection');
      scheduleReconnect(next);
    });
    next.on('end', () => scheduleReconnect(next));
    try {
      await next.connect();
      await next.query(`listen ${ORDER_CHANGES_CHANNEL}`);
      await next.query(`listen ${ACCESS_REVOKED_CHANNEL}`);
      failures = 0;
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
      if (retry) clearTimeout(retry);
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
}
