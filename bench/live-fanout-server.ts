/**
 * One API instance for bench/live-fanout.ts, in a process of its own (its event loop shared with nothing
 * else): the database's connection string comes in FANOUT_DATABASE_URL, the port it listens on goes back
 * to the parent over IPC; the message 'stop' closes it (so a `--cpu-prof` profile is written).
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { type WebSocket, WebSocketServer } from 'ws';
import { buildApp } from '../apps/api/src/app.ts';
import { openPostgres } from '../apps/api/src/db/db.ts';
import { benchConfig } from './bench-config.ts';

/**
 * The configuration of every process of the bench. The global per-IP limit (600 calls a minute by default)
 * would refuse the 5 000 sockets all opened from 127.0.0.1, so it is raised here, never in the defaults.
 */
export function fanoutConfig(databaseUrl: string) {
  const config = benchConfig({ AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123', DATABASE_URL: databaseUrl });
  return { ...config, dispatch: { ...config.dispatch, dispatcher: false, simulator: false } };
}

/**
 * The anchor: the least a LISTEN → WebSocket relay can do. A bare ws server on the same LISTEN, sending each
 * notice to the sockets of its vendor as a message of the hub's size, with nothing loaded and nothing checked.
 */
async function anchor(url: string, messageBytes: number): Promise<() => Promise<void>> {
  const byVendor = new Map<string, Set<WebSocket>>();
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  const listening = once(server, 'listening');
  server.on('connection', (socket) => {
    let vendorId: string | null = null;
    socket.on('message', (raw) => {
      vendorId = (JSON.parse(raw.toString()) as { data: { vendor_id: string } }).data.vendor_id;
      const sockets = byVendor.get(vendorId) ?? new Set();
      byVendor.set(vendorId, sockets.add(socket));
      socket.send(JSON.stringify({ event: 'subscribe_ok', data: { vendor_id: vendorId } }));
    });
    socket.on('close', () => vendorId !== null && byVendor.get(vendorId)?.delete(socket));
  });
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  listener.on('notification', ({ payload }) => {
    const notice = JSON.parse(payload ?? '{}') as { order_id: string; vendor_id: string; updated_at: string };
    const text = JSON.stringify({
      event: 'order_update',
      data: { order_id: notice.order_id, updated_at: notice.updated_at, padding: '' },
    });
    const message = text.replace('"padding":""', `"padding":"${'x'.repeat(Math.max(0, messageBytes - text.length))}"`);
    for (const socket of byVendor.get(notice.vendor_id) ?? []) socket.send(message);
  });
  await listener.query('listen order_changes');
  await listening;
  process.send?.({ type: 'listening', port: (server.address() as AddressInfo).port });
  return async () => {
    await listener.end();
    for (const socket of server.clients) socket.terminate();
    server.close();
  };
}

async function instance(url: string): Promise<void> {
  if (!process.send) return;
  const db = openPostgres(url, 10);
  const app = await buildApp(fanoutConfig(url), { db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  process.on('message', (message) => {
    if (message !== 'stop') return;
    void (async () => {
      await app.close();
      await db.close();
      process.exit(0);
    })();
  });
  process.send({ type: 'listening', port });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.FANOUT_DATABASE_URL;
  if (!url || !process.send) throw new Error('live-fanout-server is started by bench/live-fanout.ts');
  if (process.env.FANOUT_ANCHOR) {
    const close = await anchor(url, Number(process.env.FANOUT_ANCHOR));
    process.on('message', (message) => {
      if (message === 'stop') void close().then(() => process.exit(0));
    });
  } else await instance(url);
}
