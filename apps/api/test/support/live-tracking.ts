import { randomBytes, randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { buildApp } from '../../src/app.ts';
import type { Db } from '../../src/db/db.ts';
import type { LiveTrackingOverrides } from '../../src/live-tracking.ts';
import { sha256 } from '../../src/modules/auth/tokens.ts';
import type { DispatchConfig } from '../../src/modules/dispatch/config.ts';
import { setCountryParameter } from '../../src/modules/vendors/repo.ts';
import { createTestDb, type DatabaseKind, testClock, testConfig } from './app.ts';
import { KARACHI_1PM, type Merchant, NEAR, orderBody, postOrder, quoteFee, type RiderApp } from './request-a-rider.ts';

/** Background work off: tests drive the dispatcher and the simulator tick by tick. */
export const QUIET: Partial<DispatchConfig> = {
  dispatcher: false,
  simulator: false,
  simUnreachableProbability: 0,
  simDeclineProbability: 0,
};

export async function buildLiveApp(
  kind: DatabaseKind,
  options: { overrides?: LiveTrackingOverrides; start?: Date; db?: Db } = {},
): Promise<RiderApp & { drop(): Promise<void> }> {
  const created = options.db ? null : await createTestDb(kind);
  const db = options.db ?? created!.db;
  const config = testConfig();
  const clock = testClock(options.start ?? KARACHI_1PM);
  const app = await buildApp(config, { db, now: clock.now, liveTracking: { ...QUIET, ...options.overrides } });
  await app.ready();
  await setCountryParameter(db, 'serviceHours', '0900:2300');
  return {
    app,
    db,
    config,
    clock,
    async close() {
      await app.close();
      await created?.drop();
    },
    drop: async () => created?.drop(),
  };
}

export interface TestRider {
  id: string;
  token: string;
  headers: { authorization: string };
}

export async function createRider(
  db: Db,
  at: { lat: number; lng: number },
  options: { state?: 'AVAILABLE' | 'OFFLINE'; simulated?: boolean; name?: string } = {},
): Promise<TestRider> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db.query<{ id: string }>(
    `insert into riders (name, phone, vehicle, token_hash, latitude, longitude, state, is_simulated)
     values ($1, $2, 'motorbike', $3, $4, $5, $6, $7) returning id::text as id`,
    [
      options.name ?? 'Imran Qureshi',
      `+92300${String(randomInt(10_000_000)).padStart(7, '0')}`,
      sha256(token),
      at.lat,
      at.lng,
      options.state ?? 'AVAILABLE',
      options.simulated ?? false,
    ],
  );
  return { id: row!.id, token, headers: { authorization: `Rider ${token}` } };
}

export async function placeOrder(
  t: RiderApp,
  merchant: Merchant,
  change: (body: ReturnType<typeof orderBody>) => void = () => {},
): Promise<string> {
  const quote = await quoteFee(t, merchant, NEAR);
  const body = orderBody(merchant.vendorId, quote);
  change(body);
  const response = await postOrder(t, merchant, body);
  if (response.statusCode !== 200) throw new Error(`order failed: ${response.body}`);
  return response.json().result.order_id as string;
}

export async function orderOf(t: RiderApp, merchant: Merchant, orderId: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/vendor/${merchant.vendorId}/orders?count=200`,
    headers: merchant.headers,
  });
  if (response.statusCode !== 200) throw new Error(`list failed: ${response.body}`);
  const order = (response.json().result.data as { order_id: string }[]).find((entry) => entry.order_id === orderId);
  if (!order) throw new Error(`order ${orderId} not listed`);
  return order as unknown as Record<string, unknown> & {
    status: string;
    status_history: { status: string; created_at: string }[];
    rider: { id?: string; name: string; phone: string } | null;
    cancel_reason: string | null;
    pickup_eta_minutes: number | null;
    delivery_eta_minutes: number | null;
    latest_arrival_at: string | null;
    tracking_token: string;
  };
}

export function riderCall(
  t: { app: FastifyInstance },
  rider: TestRider,
  orderId: string,
  action: string,
  payload?: Record<string, unknown>,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/rider/orders/${orderId}/${action}`,
    headers: rider.headers,
    ...(payload ? { payload } : {}),
  });
}

/** POST /api/v1/live/ticket with the given headers; the ticket, or the refusal's status. */
export async function liveTicket(app: FastifyInstance, headers: Record<string, string>) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/live/ticket', headers });
  return {
    status: response.statusCode,
    ticket: response.statusCode === 200 ? (response.json().result.ticket as string) : '',
  };
}

export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);
export const proof = (bytes: Buffer = PNG_1PX, contentType = 'image/png') => ({
  proof: { content_type: contentType, data: bytes.toString('base64') },
});

/** A WebSocket client that keeps every message it receives. */
export interface LiveClient {
  socket: WebSocket;
  messages: { event: string; data: Record<string, unknown> }[];
  send(event: string, data?: unknown): void;
  /** Resolves with the first message (already received or later) that matches. */
  waitFor(
    match: (message: { event: string; data: Record<string, unknown> }) => boolean,
    timeoutMs?: number,
  ): Promise<{ event: string; data: Record<string, unknown> }>;
  close(): void;
  /** Resolves with the close code and reason the server sent. */
  closed: Promise<{ code: number; reason: string }>;
}

export async function listenOnRandomPort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as AddressInfo;
  return `127.0.0.1:${address.port}`;
}

/** Opens /live with the Authorization header's value (spec §7 clients) or with a one-time ticket. */
export function connectLive(host: string, credentials: string | { ticket: string }): Promise<LiveClient> {
  const query =
    typeof credentials === 'string'
      ? `authorization=${encodeURIComponent(credentials)}`
      : `ticket=${encodeURIComponent(credentials.ticket)}`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://${host}/live?${query}`);
    const messages: LiveClient['messages'] = [];
    const closed = new Promise<{ code: number; reason: string }>((resolveClose) =>
      socket.once('close', (code, reason) => resolveClose({ code, reason: reason.toString() })),
    );
    const waiters: {
      match: (m: LiveClient['messages'][number]) => boolean;
      resolve: (m: LiveClient['messages'][number]) => void;
    }[] = [];
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString());
      messages.push(message);
      for (const waiter of [...waiters]) {
        if (waiter.match(message)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
    });
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    socket.once('open', () =>
      resolve({
        socket,
        messages,
        send: (event, data) => socket.send(JSON.stringify({ event, data })),
        waitFor(match, timeoutMs = 10_000) {
          const found = messages.find(match);
          if (found) return Promise.resolve(found);
          return new Promise((resolveWait, rejectWait) => {
            const timer = setTimeout(
              () => rejectWait(new Error(`no matching message; got ${JSON.stringify(messages.map((m) => m.event))}`)),
              timeoutMs,
            );
            waiters.push({
              match,
              resolve: (message) => {
                clearTimeout(timer);
                resolveWait(message);
              },
            });
          });
        },
        close: () => socket.close(),
        closed,
      }),
    );
  });
}
