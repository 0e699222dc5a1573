import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { ListenTarget } from '../db/db.ts';

// Any constant works; it only has to be the same for every instance of this application.
const LEADER_LOCK_KEY = 727_020;

export interface Leadership {
  /** Whether this instance runs the background work (dispatcher, simulator) now. */
  isLeader(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Several API instances on one PostgreSQL elect one dispatcher with a session advisory lock held on a
 * dedicated connection: if that instance dies, its connection closes, the lock is released, and the next
 * instance to ask takes over. PGlite is one process, so it always leads.
 */
export function leadership(target: ListenTarget | undefined, log: FastifyBaseLogger): Leadership {
  if (target?.kind !== 'postgres') return { isLeader: async () => true, close: async () => {} };
  let client: pg.Client | null = null;
  let leading = false;
  let closed = false;

  async function connect(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: (target as { connectionString: string }).connectionString });
    next.on('error', (error) => {
      log.warn({ err: error }, 'leadership connection lost');
      if (client === next) {
        client = null;
        leading = false;
      }
    });
    await next.connect();
    return next;
  }

  /**
   * One check at a time: the dispatcher and the simulator ask together, and two checks racing would each
   * open a connection, the lock would be won on one and the other kept, and no instance would ever lead.
   */
  let checking: Promise<boolean> | null = null;

  async function check(): Promise<boolean> {
    try {
      if (!client) {
        const next = await connect();
        // Closed while connecting: this connection must not go on to hold the lock.
        if (closed) {
          await next.end().catch(() => {});
          return false;
        }
        client = next;
      }
      const [row] = (
        await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [LEADER_LOCK_KEY])
      ).rows;
      leading = row?.locked === true;
    } catch (error) {
      log.warn({ err: error }, 'leadership check failed');
      const stale = client;
      client = null;
      leading = false;
      await stale?.end().catch(() => {});
    }
    return leading;
  }

  return {
    isLeader() {
      if (closed) return Promise.resolve(false);
      if (leading && client) return Promise.resolve(true);
      checking ??= check().finally(() => {
        checking = null;
      });
      return checking;
    },
    async close() {
      closed = true;
      leading = false;
      const stale = client;
      client = null;
      await stale?.end().catch(() => {});
    },
  };
}
