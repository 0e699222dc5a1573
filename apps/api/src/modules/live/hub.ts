import {
  BulkJobUpdateSchema,
  LIVE_ERRORS,
  LIVE_SERVICE_RESTART,
  type OrderChangeNotice,
  OrderChangeNoticeSchema,
} from '@riderdesk/domain/contracts/live';
import type { Order } from '@riderdesk/domain/contracts/orders';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderRecords } from '../orders/records.ts';
import { AccessRevokedNoticeSchema } from '../vendors/access-notices.ts';

/** The part of a WebSocket the hub uses, so tests and the bench can count what is sent. */
export interface LiveSocket {
  /**
   * A message fanned out to many sockets is encoded once and sent to each as the same bytes, in a text frame
   * (`binary: false`).
   */
  send(data: string | Buffer, options: { binary: boolean }): void;
  /**
   * Hold this socket's writes until as many `uncork` calls as `cork` calls (its TCP socket's cork): the
   * messages of pushes flushed together leave in one write. Optional; without it each message is one write.
   */
  cork?(): void;
  uncork?(): void;
  close(code?: number, reason?: string): void;
  readonly bufferedAmount: number;
}

// A client this far behind is closed; it reconnects and catches up from the database (`since`).
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
const LOAD_CONCURRENCY = 4;
const CATCH_UP_LIMIT = 500;
// A change that could not be loaded is tried again this many times, 1 s, 2 s, … apart (about a minute).
const RELAY_RETRIES = 10;
const RELAY_RETRY_MS = 1000;
const TEXT_FRAME = { binary: false } as const;

/** The sockets that may be pushed to now, out of those given (modules/live/sessions.ts). */
export type Receivers = (sockets: readonly LiveSocket[]) => Promise<LiveSocket[]>;

/** How far before the latest change heard a catch-up looks back (transactions commit out of time order). */
export const CATCH_UP_MARGIN_MS = 60_000;

export const orderUpdateMessage = (order: Order) => JSON.stringify({ event: 'order_update', data: order });

/** An order as the console's live board shows it (decision 181); null when it is gone. */
export type BoardView = (orderId: string) => Promise<unknown | null>;

/**
 * Which socket follows which vendor, and the relay from `order_changes` notices to `order_update` messages:
 * each notice loads the order once, however many sockets follow it. Notices for the same order while it is
 * loading collapse into one reload, so a socket never receives an older state after a newer one.
 */
export class LiveHub {
  readonly #orders: OrderRecords;
  readonly #sent: { inc(count?: number): void };
  readonly #log: FastifyBaseLogger;
  readonly #receivers: Receivers;
  readonly #byVendor = new Map<string, Set<LiveSocket>>();
  readonly #vendorOf = new Map<LiveSocket, string>();
  readonly #userOf = new Map<LiveSocket, string>();
  /** The console's live boards: every order of every vendor (decision 181). */
  readonly #board = new Set<LiveSocket>();
  readonly #boardView: BoardView | null;
  readonly #pending = new Map<string, OrderChangeNotice>();
  readonly #loading = new Set<string>();
  readonly #retries = new Map<string, number>();
  #active = 0;
  #idle: Promise<void> = Promise.resolve();
  #settle: (() => void) | null = null;
  #lastNoticeAt: number | null = null;
  // Pushes waiting for the next flush (see #flush), in the order they were made.
  #outbox: { sockets: LiveSocket[]; bytes: Buffer }[] = [];
  #flushed: Promise<void> | null = null;
  readonly #now: () => Date;

  /**
   * `receivers` is asked before every push; a socket whose session has ended is left out (and closed by it).
   * `now` is the app's clock, the one order times are written with; `sent` counts the messages sent.
   */
  constructor(deps: {
    orders: OrderRecords;
    log: FastifyBaseLogger;
    now: () => Date;
    receivers?: Receivers;
    sent?: { inc(count?: number): void };
    /** How the live board's sockets see an order; without it no socket may follow the board. */
    boardView?: BoardView;
  }) {
    this.#boardView = deps.boardView ?? null;
    this.#orders = deps.orders;
    this.#log = deps.log;
    this.#now = deps.now;
    this.#receivers = deps.receivers ?? (async (sockets) => [...sockets]);
    this.#sent = deps.sent ?? { inc: () => {} };
  }

  /** One vendor per socket: the browser subscribes again when the user changes vendor (spec §4 Session). */
  subscribe(socket: LiveSocket, vendorId: string, userId: string | null = null): void {
    this.unsubscribe(socket);
    const sockets = this.#byVendor.get(vendorId) ?? new Set<LiveSocket>();
    sockets.add(socket);
    this.#byVendor.set(vendorId, sockets);
    this.#vendorOf.set(socket, vendorId);
    if (userId !== null) this.#userOf.set(socket, userId);
  }

  /** The console's live board: `board_update` for every change of every order (the operator is checked by the caller). */
  followBoard(socket: LiveSocket): void {
    if (!this.#boardView) throw new Error('this hub has no board view');
    this.#board.add(socket);
  }

  unsubscribe(socket: LiveSocket): void {
    this.#board.delete(socket);
    const vendorId = this.#vendorOf.get(socket);
    if (vendorId === undefined) return;
    this.#vendorOf.delete(socket);
    this.#userOf.delete(socket);
    const sockets = this.#byVendor.get(vendorId);
    sockets?.delete(socket);
    if (sockets?.size === 0) this.#byVendor.delete(vendorId);
  }

  /**
   * A user lost a vendor (an outlet owner removed, on any instance): their sockets following it stop at once and
   * are told, as a subscription to a vendor they may not follow is (the browser may subscribe to another one).
   */
  accessRevoked(payload: string): void {
    let notice: { user_id: string; vendor_id: string };
    try {
      notice = AccessRevokedNoticeSchema.parse(JSON.parse(payload));
    } catch {
      this.#log.warn({ payload }, 'ignored a malformed vendor_access_revoked notice');
      return;
    }
    for (const socket of [...(this.#byVendor.get(notice.vendor_id) ?? [])]) {
      if (this.#userOf.get(socket) !== notice.user_id) continue;
      this.unsubscribe(socket);
      socket.send(JSON.stringify({ event: 'error', data: { message: LIVE_ERRORS.forbiddenVendor } }), TEXT_FRAME);
    }
  }

  /**
   * Orders of the vendor (and of its outlets) changed after `since`, oldest first, in pages: however many
   * changed (a busy outlet during a database restart), none is left out.
   */
  async *changedSince(vendorId: string, since: string): AsyncGenerator<Order[]> {
    let cursor: { since: string; after: string | null } = { since, after: null };
    for (;;) {
      const page = await this.#orders.viewsChangedSince(vendorId, cursor.since, CATCH_UP_LIMIT, cursor.after);
      if (page.length > 0) yield page;
      const last = page.at(-1);
      if (page.length < CATCH_UP_LIMIT || !last) return;
      cursor = { since: last.updated_at, after: last.order_id };
    }
  }

  notice(payload: string): void {
    let notice: OrderChangeNotice;
    try {
      notice = OrderChangeNoticeSchema.parse(JSON.parse(payload));
    } catch {
      this.#log.warn({ payload }, 'ignored a malformed order_changes notice');
      return;
    }
    // Notices come in commit order, which is not always the order of their times: keep the latest.
    const at = Date.parse(notice.updated_at);
    if (!Number.isNaN(at)) this.#lastNoticeAt = Math.max(this.#lastNoticeAt ?? at, at);
    if (!this.#hasFollowers(notice)) return;
    this.#pending.set(notice.order_id, notice);
    this.#pump();
  }

  /**
   * A `bulk_job_changes` notice: pushed as `bulk_job_update` to the sockets following the job's vendor or its
   * parent, as it is (the notice carries the figures, so nothing is loaded).
   */
  bulkNotice(payload: string): void {
    const parsed = BulkJobUpdateSchema.safeParse(
      (() => {
        try {
          return JSON.parse(payload);
        } catch {
          return null;
        }
      })(),
    );
    if (!parsed.success) {
      this.#log.warn({ payload }, 'ignored a malformed bulk_job_changes notice');
      return;
    }
    const update = parsed.data;
    const targets = this.#followers(update.vendor_id, update.parent_vendor_id ?? null);
    if (targets.length === 0) return;
    void this.#sendTo(targets, JSON.stringify({ event: 'bulk_job_update', data: update })).catch((error: unknown) =>
      this.#log.error({ err: error }, 'could not relay a bulk job change'),
    );
  }

  /**
   * A `flag_changes` notice (a flag or maintenance changed on any instance): every socket is told, so each open
   * page reads its flags again now instead of at its next refresh (maintenance within seconds, decision 183).
   */
  flagsChanged(): void {
    const sockets = [...this.#vendorOf.keys()];
    if (sockets.length === 0) return;
    void this.#sendTo(sockets, JSON.stringify({ event: 'flags_changed', data: {} })).catch((error: unknown) =>
      this.#log.error({ err: error }, 'could not relay a flag change'),
    );
  }

  /** After the listener reconnects: push what changed while it was away. */
  async catchUp(): Promise<void> {
    // A change committed after a later-stamped one may not have been announced yet: look back a margin.
    // Sending an order again is harmless (the client keeps the latest state).
    const since = new Date((this.#lastNoticeAt ?? this.#now().getTime()) - CATCH_UP_MARGIN_MS).toISOString();
    // A board follows every vendor: it reads itself again rather than be sent every order changed meanwhile.
    if (this.#board.size > 0) await this.#sendTo([...this.#board], JSON.stringify({ event: 'board_resync', data: {} }));
    for (const vendorId of [...this.#byVendor.keys()]) {
      for await (const page of this.changedSince(vendorId, since)) {
        for (const order of page) await this.#sendTo(this.#followers(vendorId, null), orderUpdateMessage(order));
      }
    }
  }

  /** Resolves once every notice received so far has been pushed (tests, shutdown). */
  drained(): Promise<void> {
    return this.#idle;
  }

  /** Sockets open on this instance (the live-sockets gauge). */
  get socketCount(): number {
    return this.#vendorOf.size + this.#board.size;
  }

  /** On shutdown: 1012 "service restart" tells clients to reconnect at once (to another instance). */
  closeAll(code: number = LIVE_SERVICE_RESTART.code, reason: string = LIVE_SERVICE_RESTART.reason): void {
    for (const socket of [...this.#vendorOf.keys(), ...this.#board]) socket.close(code, reason);
    this.#board.clear();
    this.#byVendor.clear();
    this.#vendorOf.clear();
    this.#userOf.clear();
  }

  #hasFollowers(notice: OrderChangeNotice): boolean {
    return (
      this.#board.size > 0 ||
      this.#byVendor.has(notice.vendor_id) ||
      (notice.parent_vendor_id !== null && this.#byVendor.has(notice.parent_vendor_id))
    );
  }

  #pump(): void {
    if (this.#active === 0 && !this.#settle) {
      this.#idle = new Promise((resolve) => {
        this.#settle = resolve;
      });
    }
    for (const [orderId, notice] of this.#pending) {
      if (this.#active >= LOAD_CONCURRENCY) break;
      if (this.#loading.has(orderId)) continue;
      this.#pending.delete(orderId);
      this.#loading.add(orderId);
      this.#active++;
      void this.#relay(notice).finally(() => {
        this.#loading.delete(orderId);
        this.#active--;
        if (this.#pending.size > 0) this.#pump();
        if (this.#active === 0 && this.#pending.size === 0 && this.#settle) {
          this.#settle();
          this.#settle = null;
        }
      });
    }
    if (this.#active === 0 && this.#pending.size === 0 && this.#settle) {
      this.#settle();
      this.#settle = null;
    }
  }

  async #relay(notice: OrderChangeNotice): Promise<void> {
    try {
      const hasMerchants = this.#followers(notice.vendor_id, notice.parent_vendor_id).length > 0;
      const order = hasMerchants ? await this.#orders.view(notice.order_id) : null;
      const boardOrder = this.#board.size > 0 && this.#boardView ? await this.#boardView(notice.order_id) : null;
      this.#retries.delete(notice.order_id);
      if (order) {
        await this.#sendTo(this.#followers(notice.vendor_id, notice.parent_vendor_id), orderUpdateMessage(order));
      }
      if (boardOrder) await this.#sendTo([...this.#board], JSON.stringify({ event: 'board_update', data: boardOrder }));
    } catch (error) {
      // The change is committed but could not be loaded (the database restarting): try again shortly rather
      // than leave the merchant's screen behind until the next change of that order.
      const attempt = (this.#retries.get(notice.order_id) ?? 0) + 1;
      if (attempt > RELAY_RETRIES) {
        this.#retries.delete(notice.order_id);
        this.#log.error({ err: error, orderId: notice.order_id }, 'could not relay an order change');
        return;
      }
      this.#retries.set(notice.order_id, attempt);
      this.#log.warn({ err: error, orderId: notice.order_id, attempt }, 'relaying an order change again shortly');
      setTimeout(() => {
        // A newer notice for the order, if one came meanwhile, is the one to relay.
        if (!this.#pending.has(notice.order_id)) this.#pending.set(notice.order_id, notice);
        this.#pump();
      }, RELAY_RETRY_MS * attempt).unref();
    }
  }

  /** The sockets following the vendor or its parent, copied: pushing may close (and unsubscribe) some. */
  #followers(vendorId: string, parentVendorId: string | null): LiveSocket[] {
    const own = this.#byVendor.get(vendorId);
    const parents = parentVendorId === null ? undefined : this.#byVendor.get(parentVendorId);
    if (!parents) return own ? [...own] : [];
    if (!own) return [...parents];
    return [...new Set([...own, ...parents])];
  }

  /**
   * The message is serialised once and encoded once, however many sockets receive it: each socket is handed
   * the same bytes (ws frames them without copying). The push is queued and sent on the next turn of the event
   * loop together with every push made in the meantime (#flush).
   */
  async #sendTo(sockets: readonly LiveSocket[], message: string): Promise<void> {
    if (sockets.length === 0) return;
    const receivers = await this.#receivers(sockets);
    const ready: LiveSocket[] = [];
    for (const socket of receivers) {
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        // 1013 "try again later": the client reconnects with `since` and loses nothing.
        socket.close(1013, 'too slow');
        this.unsubscribe(socket);
        continue;
      }
      ready.push(socket);
    }
    if (ready.length === 0) return;
    this.#outbox.push({ sockets: ready, bytes: Buffer.from(message) });
    // Settled once the push is written, so drained() still means "everything heard has been sent".
    this.#flushed ??= new Promise<void>((resolve) =>
      setImmediate(() => {
        try {
          this.#flush();
        } finally {
          resolve();
        }
      }),
    );
    await this.#flushed;
  }

  /**
   * Sends every queued push. A socket's TCP writes are corked from its first message to the last of the flush,
   * so when several changes are ready at once (a busy vendor: the next ones come in while 5 000 sockets are
   * written to) each socket gets them in one system call rather than one per change, in the order they came.
   */
  #flush(): void {
    const pushes = this.#outbox;
    this.#outbox = [];
    this.#flushed = null;
    let sent = 0;
    for (const { sockets, bytes } of pushes) {
      for (const socket of sockets) {
        socket.cork?.();
        socket.send(bytes, TEXT_FRAME);
      }
      sent += sockets.length;
    }
    for (const { sockets } of pushes) for (const socket of sockets) socket.uncork?.();
    if (sent > 0) this.#sent.inc(sent);
  }
}
