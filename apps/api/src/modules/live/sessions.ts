import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import type { CallerSession } from '../../plugins/auth.ts';
import { findHonouredSessionIds } from '../auth/repo.ts';
import type { LiveSocket } from './hub.ts';

/** The close a client sees when its login ends: 4000-4999 are the application's own codes (RFC 6455 §7.4.2). */
export const SESSION_ENDED = { code: 4401, reason: 'session-ended' } as const;
/** How often revoked sessions are looked for: a logout reaches its sockets within this long. */
export const DEFAULT_SESSION_SWEEP_MS = 20_000;

interface Tracked {
  sessionId: string | null;
  expiresAt: number;
}

/**
 * A socket is honoured only as long as the token that opened it: it is closed when that token expires
 * (checked before every push and on every sweep, no database needed) and when its session is revoked by a
 * logout, a refresh-token reuse or a password reset, or its user disabled (one query per sweep for all
 * sockets, whichever API instance ended the session).
 */
export class LiveSessions {
  readonly #db: Db;
  readonly #now: () => Date;
  readonly #log: FastifyBaseLogger;
  readonly #sweepMs: number;
  readonly #onEnded: (socket: LiveSocket) => void;
  readonly #sockets = new Map<LiveSocket, Tracked>();
  #timer: NodeJS.Timeout | null = null;
  #sweeping: Promise<void> | null = null;

  constructor(deps: {
    db: Db;
    now: () => Date;
    log: FastifyBaseLogger;
    sweepMs?: number;
    onEnded: (socket: LiveSocket) => void;
  }) {
    this.#db = deps.db;
    this.#now = deps.now;
    this.#log = deps.log;
    this.#sweepMs = deps.sweepMs ?? DEFAULT_SESSION_SWEEP_MS;
    this.#onEnded = deps.onEnded;
  }

  add(socket: LiveSocket, session: CallerSession): void {
    this.#sockets.set(socket, {
      sessionId: session.caller.kind === 'user' ? session.caller.sessionId : null,
      expiresAt: session.expiresAt.getTime(),
    });
  }

  remove(socket: LiveSocket): void {
    this.#sockets.delete(socket);
  }

  /** False, and the socket closed, once its token has expired. */
  isLive(socket: LiveSocket): boolean {
    const tracked = this.#sockets.get(socket);
    if (!tracked) return true;
    if (tracked.expiresAt > this.#now().getTime()) return true;
    this.#end(socket);
    return false;
  }

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => {
      this.#sweeping ??= this.sweep()
        .catch((error: unknown) => this.#log.error({ err: error }, 'live session sweep failed'))
        .finally(() => {
          this.#sweeping = null;
        });
    }, this.#sweepMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#sweeping;
  }

  async sweep(): Promise<void> {
    const bySession = new Map<string, LiveSocket[]>();
    for (const [socket, tracked] of this.#sockets) {
      if (!this.isLive(socket) || tracked.sessionId === null) continue;
      const sockets = bySession.get(tracked.sessionId) ?? [];
      sockets.push(socket);
      bySession.set(tracked.sessionId, sockets);
    }
    if (bySession.size === 0) return;
    const honoured = await findHonouredSessionIds(this.#db, [...bySession.keys()]);
    for (const [sessionId, sockets] of bySession) {
      if (honoured.has(sessionId)) continue;
      for (const socket of sockets) if (this.#sockets.has(socket)) this.#end(socket);
    }
  }

  #end(socket: LiveSocket): void {
    this.#sockets.delete(socket);
    this.#onEnded(socket);
    socket.close(SESSION_ENDED.code, SESSION_ENDED.reason);
  }
}
