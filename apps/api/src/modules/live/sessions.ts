import { LIVE_SESSION_ENDED } from '@riderdesk/domain/contracts/live';
import type { FastifyBaseLogger } from 'fastify';
import type { CallerSession } from '../../plugins/auth.ts';
import type { LiveConfig } from './config.ts';
import type { LiveSocket } from './hub.ts';

export const SESSION_ENDED = LIVE_SESSION_ENDED;
/** 1013 "try again later": the client reconnects (its token is checked again) and catches up with `since`. */
export const SESSION_UNCONFIRMED = { code: 1013, reason: 'session-unconfirmed' } as const;

interface Tracked {
  /** The credential the socket is re-checked against (credentialKey). */
  credential: string;
  expiresAt: number;
}

interface SessionState {
  /** When the database last said the session was honoured (the injected clock's milliseconds). */
  checkedAt: number;
  sockets: Set<LiveSocket>;
}

/**
 * A socket is honoured only as long as the token that opened it: it is closed when that token expires (checked
 * before every push and on every sweep, no database needed) and when its session is revoked by a logout, a
 * refresh-token reuse or a password reset, or its user disabled — or, for a partner app (GODROID), when its
 * partner token is revoked or its vendor deactivated; for a guest, when its orders are handed over to an
 * account — whichever API instance or operator command ended it.
 *
 * Revocation is looked up per credential (a session, a partner token), not per socket or per push: before a
 * push, the credentials of the target sockets not confirmed within the TTL are checked in one query per kind,
 * and a check already under way is joined rather than repeated, so a burst of pushes to many tabs of one login
 * costs at most one query per TTL.
 */
/** Which of these login sessions are still honoured (the auth module answers; the composition root wires it). */
export type HonouredSessions = (sessionIds: readonly string[]) => Promise<Set<string>>;
/** Which of these partner tokens are still honoured (the auth module answers). */
export type HonouredPartnerTokens = (tokenIds: readonly string[]) => Promise<Set<string>>;
/** Which of these guest sessions are still honoured: unexpired and not handed over (the auth module answers). */
export type HonouredGuestSessions = (guestIds: readonly string[]) => Promise<Set<string>>;
/** Which of these console sessions are still honoured (the operators module answers; the live board's sockets). */
export type HonouredOperatorSessions = (sessionIds: readonly string[]) => Promise<Set<string>>;

interface Honoured {
  sessions: HonouredSessions;
  partnerTokens: HonouredPartnerTokens;
  guestSessions: HonouredGuestSessions;
  operatorSessions: HonouredOperatorSessions;
}

const SESSION = 's:';
const PARTNER_TOKEN = 'p:';
const GUEST_SESSION = 'g:';
const OPERATOR_SESSION = 'o:';

/** The credential a caller's socket is re-checked against. */
function credentialKey(session: CallerSession): string {
  const { caller } = session;
  if (caller.kind === 'user') return `${SESSION}${caller.sessionId}`;
  if (caller.kind === 'godroid') return `${PARTNER_TOKEN}${caller.tokenId}`;
  return `${GUEST_SESSION}${caller.guestId}`;
}

/** Of these credential keys, the honoured ones: one query per kind present. */
async function honouredKeys(keys: readonly string[], honoured: Honoured): Promise<Set<string>> {
  const kinds = [
    [SESSION, honoured.sessions],
    [PARTNER_TOKEN, honoured.partnerTokens],
    [GUEST_SESSION, honoured.guestSessions],
    [OPERATOR_SESSION, honoured.operatorSessions],
  ] as const;
  const answers = await Promise.all(
    kinds.map(async ([prefix, check]) => {
      const ids = keys.filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
      const honouredIds = ids.length > 0 ? await check(ids) : new Set<string>();
      return [...honouredIds].map((id) => `${prefix}${id}`);
    }),
  );
  return new Set(answers.flat());
}

export class LiveSessions {
  readonly #honoured: Honoured;
  readonly #now: () => Date;
  readonly #log: FastifyBaseLogger;
  readonly #sweepMs: number;
  readonly #checkTtlMs: number;
  readonly #onEnded: (socket: LiveSocket) => void;
  readonly #sockets = new Map<LiveSocket, Tracked>();
  readonly #credentials = new Map<string, SessionState>();
  readonly #checking = new Map<string, Promise<void>>();
  #timer: NodeJS.Timeout | null = null;
  #sweeping: Promise<void> | null = null;

  constructor(deps: {
    honoured: HonouredSessions;
    honouredPartnerTokens: HonouredPartnerTokens;
    honouredGuestSessions: HonouredGuestSessions;
    /** Without it (tests of merchants' sockets) no board socket is ever honoured past its first check. */
    honouredOperatorSessions?: HonouredOperatorSessions;
    now: () => Date;
    log: FastifyBaseLogger;
    config: LiveConfig;
    onEnded: (socket: LiveSocket) => void;
  }) {
    this.#honoured = {
      sessions: deps.honoured,
      partnerTokens: deps.honouredPartnerTokens,
      guestSessions: deps.honouredGuestSessions,
      operatorSessions: deps.honouredOperatorSessions ?? (async () => new Set<string>()),
    };
    this.#now = deps.now;
    this.#log = deps.log;
    this.#sweepMs = deps.config.sessionSweepMs;
    this.#checkTtlMs = deps.config.sessionCheckTtlMs;
    this.#onEnded = deps.onEnded;
  }

  /** `session` was just checked against the database (sessionFromHeader), which counts as a confirmation. */
  add(socket: LiveSocket, session: CallerSession): void {
    this.#track(socket, credentialKey(session), session.expiresAt);
  }

  /** A live board's socket: honoured as long as the operator's console session (checked as `add`'s are). */
  addOperator(socket: LiveSocket, operatorSessionId: string, expiresAt: Date): void {
    this.#track(socket, `${OPERATOR_SESSION}${operatorSessionId}`, expiresAt);
  }

  #track(socket: LiveSocket, credential: string, expiresAt: Date): void {
    this.#sockets.set(socket, { credential, expiresAt: expiresAt.getTime() });
    const state = this.#credentials.get(credential);
    if (state) {
      state.sockets.add(socket);
      state.checkedAt = this.#now().getTime();
    } else {
      this.#credentials.set(credential, { checkedAt: this.#now().getTime(), sockets: new Set([socket]) });
    }
  }

  remove(socket: LiveSocket): void {
    const tracked = this.#sockets.get(socket);
    if (!tracked) return;
    this.#sockets.delete(socket);
    const state = this.#credentials.get(tracked.credential);
    state?.sockets.delete(socket);
    if (state?.sockets.size === 0) this.#credentials.delete(tracked.credential);
  }

  /** False, and the socket closed, once its token has expired. */
  isLive(socket: LiveSocket): boolean {
    const tracked = this.#sockets.get(socket);
    if (!tracked) return true;
    if (tracked.expiresAt > this.#now().getTime()) return true;
    this.#close(socket, SESSION_ENDED);
    return false;
  }

  /**
   * The sockets that may be pushed to now; the others are closed. A socket whose session could not be
   * confirmed (the query failed) is closed with 1013 rather than pushed to or silently skipped.
   */
  async receivers(sockets: readonly LiveSocket[]): Promise<LiveSocket[]> {
    // One pass and one clock reading for the whole push: it runs for every socket following a vendor, for every
    // change of that vendor.
    const now = this.#now().getTime();
    const live: LiveSocket[] = [];
    const untracked = new Set<LiveSocket>();
    const due = new Set<string>();
    for (const socket of sockets) {
      const tracked = this.#sockets.get(socket);
      if (!tracked) {
        untracked.add(socket);
        live.push(socket);
        continue;
      }
      if (tracked.expiresAt <= now) {
        this.#close(socket, SESSION_ENDED);
        continue;
      }
      live.push(socket);
      const state = this.#credentials.get(tracked.credential);
      if (state && now - state.checkedAt >= this.#checkTtlMs) due.add(tracked.credential);
    }
    if (due.size === 0) return live;
    try {
      await this.#confirm(due);
    } catch (error) {
      this.#log.error({ err: error }, 'could not confirm live sessions before a push');
      for (const credential of due) {
        for (const socket of [...(this.#credentials.get(credential)?.sockets ?? [])]) {
          this.#close(socket, SESSION_UNCONFIRMED);
        }
      }
    }
    // A socket closed meanwhile (revoked, unconfirmed, or gone) is no longer tracked.
    return live.filter((socket) => untracked.has(socket) || this.#sockets.has(socket));
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

  /** Every socket, pushed to lately or not: expired tokens close, and every session is checked in one query. */
  async sweep(): Promise<void> {
    for (const socket of [...this.#sockets.keys()]) this.isLive(socket);
    await this.#confirm(new Set(this.#credentials.keys()));
  }

  /** Checks the credentials (one query per kind), joining any check of them already under way. */
  async #confirm(credentials: ReadonlySet<string>): Promise<void> {
    const waits: Promise<void>[] = [];
    const toQuery: string[] = [];
    for (const credential of credentials) {
      const underWay = this.#checking.get(credential);
      if (underWay) waits.push(underWay);
      else toQuery.push(credential);
    }
    if (toQuery.length > 0) {
      const checkedAt = this.#now().getTime();
      const check = honouredKeys(toQuery, this.#honoured)
        .then((honoured) => {
          for (const credential of toQuery) {
            const state = this.#credentials.get(credential);
            if (!state) continue;
            if (honoured.has(credential)) state.checkedAt = Math.max(state.checkedAt, checkedAt);
            else for (const socket of [...state.sockets]) this.#close(socket, SESSION_ENDED);
          }
        })
        .finally(() => {
          for (const credential of toQuery)
            if (this.#checking.get(credential) === check) this.#checking.delete(credential);
        });
      for (const credential of toQuery) this.#checking.set(credential, check);
      waits.push(check);
    }
    await Promise.all(waits);
  }

  #close(socket: LiveSocket, { code, reason }: { code: number; reason: string }): void {
    this.remove(socket);
    this.#onEnded(socket);
    socket.close(code, reason);
  }
}
