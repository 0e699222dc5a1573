import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import WebSocket from 'ws';
import { DEFAULT_LIVE_CONFIG } from '../../src/modules/live/config.ts';

/** POST /api/v1/live/ticket with the given headers; the ticket, or the refusal's status. */
export async function liveTicket(app: FastifyInstance, headers: Record<string, string>) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/live/ticket', headers });
  return {
    status: response.statusCode,
    ticket: response.statusCode === 200 ? (response.json().result.ticket as string) : '',
  };
}

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

/**
 * Sweeps come from a fake interval: a suite that calls this fakes `setInterval` before its server listens
 * (`vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })`), so no test waits for real time.
 */
export async function closedBySweep(client: LiveClient): Promise<{ code: number; reason: string }> {
  await vi.advanceTimersByTimeAsync(DEFAULT_LIVE_CONFIG.sessionSweepMs);
  return client.closed;
}

export async function listenOnRandomPort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as AddressInfo;
  return `127.0.0.1:${address.port}`;
}

/**
 * Opens /live with the Authorization header's value (spec §7 clients) or with a one-time ticket; `path` another
 * socket of the live module (the console's live board, /live/board).
 */
export function connectLive(
  host: string,
  credentials: string | { ticket: string },
  path = '/live',
): Promise<LiveClient> {
  const query =
    typeof credentials === 'string'
      ? `authorization=${encodeURIComponent(credentials)}`
      : `ticket=${encodeURIComponent(credentials.ticket)}`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://${host}${path}?${query}`);
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
