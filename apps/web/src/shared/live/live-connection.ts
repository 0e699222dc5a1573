import {
  type BulkJobUpdate,
  LIVE_PATH,
  LIVE_SERVICE_RESTART,
  LIVE_SESSION_ENDED,
  type LiveClientMessage,
  LiveServerMessageSchema,
} from '@riderdesk/domain/contracts/live';
import type { Order } from '@riderdesk/domain/contracts/orders';

export type LiveStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';

/** The part of the browser WebSocket the connection uses, so tests can hand in a fake. */
export interface LiveSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

/**
 * What asking for a socket ticket gave: a ticket; nothing to ask with (not logged in); or the server
 * refused the login's tokens, which then need renewing. Other failures reject.
 */
export type LiveTicketResult = { kind: 'ticket'; ticket: string } | { kind: 'no-session' } | { kind: 'refused' };

export interface LiveConnectionDeps {
  createSocket: (url: string) => LiveSocket;
  /** A one-time ticket for the next socket (POST /api/v1/live/ticket), asked for with the current tokens. */
  requestTicket: () => Promise<LiveTicketResult>;
  /** Refreshes the login's tokens now; false when no session is left to reconnect with (none, or logged out). */
  renewSession: () => Promise<boolean>;
  /** ws(s)://host of the API. */
  socketOrigin: () => string;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  now: () => number;
  /** A number in [0, 1): spreads the reconnects after a server restart (Math.random by default). */
  random?: () => number;
}

type Listeners = {
  order: Set<(order: Order) => void>;
  bulkJob: Set<(update: BulkJobUpdate) => void>;
  flags: Set<() => void>;
  reconnect: Set<() => void>;
  status: Set<() => void>;
};

const OPEN = 1;
export const SESSION_ENDED_CLOSE_CODE = LIVE_SESSION_ENDED.code;
export const SERVICE_RESTART_CLOSE_CODE = LIVE_SERVICE_RESTART.code;
/**
 * A stopping instance closes its sockets with 1012: another instance is there, so the clients come back
 * within this long, each at a random moment so they do not all arrive at once.
 */
export const RESTART_RECONNECT_SPREAD_MS = 1000;
// Reconnect waits grow so a server restart is not hammered by every open tab at once.
export const RECONNECT_DELAYS_MS = [1000, 2000, 4000, 8000, 15_000, 30_000] as const;
// Idle sockets are dropped by proxies after about a minute; a ping keeps ours alive.
export const PING_INTERVAL_MS = 25_000;

/**
 * spec §4/§7 live connection: asks for a one-time ticket before each (re)connect, so no token lands in a
 * URL, subscribes to the selected vendor (again on vendor change and after every reconnect) and hands out
 * order_update events.
 */
export function createLiveConnection(deps: LiveConnectionDeps) {
  const listeners: Listeners = {
    order: new Set(),
    bulkJob: new Set(),
    flags: new Set(),
    reconnect: new Set(),
    status: new Set(),
  };
  let socket: LiveSocket | null = null;
  let status: LiveStatus = 'idle';
  let isStarted = false;
  let vendorId: string | null = null;
  let attempt = 0;
  let hasConnectedBefore = false;
  let lastDisconnectAt: number | null = null;
  let retryTimer: unknown = null;
  let pingTimer: unknown = null;
  // The ticket request under way; a stop drops it, so an answer that outlives its run opens nothing.
  let pendingTicket: object | null = null;
  // Counts stops, so a renewal that outlives the run that asked for it does not reconnect.
  let run = 0;

  const setStatus = (next: LiveStatus) => {
    if (status === next) return;
    status = next;
    for (const listener of listeners.status) listener();
  };

  const send = (message: LiveClientMessage) => {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  };

  const subscribe = (since?: string) => {
    if (!vendorId) return;
    send({ event: 'subscribeToVendor', data: since ? { vendor_id: vendorId, since } : { vendor_id: vendorId } });
  };

  const clearTimers = () => {
    if (retryTimer !== null) deps.clearTimeout(retryTimer);
    if (pingTimer !== null) deps.clearTimeout(pingTimer);
    retryTimer = null;
    pingTimer = null;
  };

  const schedulePing = () => {
    pingTimer = deps.setTimeout(() => {
      send({ event: 'ping' });
      schedulePing();
    }, PING_INTERVAL_MS);
  };

  const scheduleReconnect = (after?: number) => {
    if (!isStarted || retryTimer !== null) return;
    const delay = after ?? RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 30_000;
    attempt += 1;
    retryTimer = deps.setTimeout(() => {
      retryTimer = null;
      connect();
    }, delay);
  };

  /** Reconnects only once the tokens are renewed; a refused renewal leaves the connection closed. */
  const reconnectAfterRenewal = () => {
    if (!isStarted) return;
    const renewingFor = run;
    void deps
      .renewSession()
      .catch(() => false)
      .then((isRenewed) => {
        if (isRenewed && isStarted && run === renewingFor && socket === null) connect();
      });
  };

  function connect() {
    if (!isStarted || pendingTicket !== null) return;
    setStatus('connecting');
    const request = {};
    pendingTicket = request;
    const isCurrent = () => {
      if (pendingTicket !== request) return false;
      pendingTicket = null;
      return isStarted && socket === null;
    };
    void deps.requestTicket().then(
      (result) => {
        if (!isCurrent()) return;
        if (result.kind === 'ticket') {
          open(result.ticket);
          return;
        }
        setStatus('disconnected');
        // Tokens the server refuses are renewed first, as after a 4401 close.
        if (result.kind === 'refused') reconnectAfterRenewal();
        else scheduleReconnect();
      },
      () => {
        if (!isCurrent()) return;
        setStatus('disconnected');
        scheduleReconnect();
      },
    );
  }

  function open(ticket: string) {
    const url = `${deps.socketOrigin()}${LIVE_PATH}?${new URLSearchParams({ ticket })}`;
    let current: LiveSocket;
    try {
      current = deps.createSocket(url);
    } catch {
      setStatus('disconnected');
      scheduleReconnect();
      return;
    }
    socket = current;
    current.onopen = () => {
      if (socket !== current) return;
      attempt = 0;
      setStatus('connected');
      const isReconnect = hasConnectedBefore;
      hasConnectedBefore = true;
      // The server replays what changed while we were away; a minute of overlap covers clock skew.
      const since =
        isReconnect && lastDisconnectAt !== null ? new Date(lastDisconnectAt - 60_000).toISOString() : undefined;
      subscribe(since);
      schedulePing();
      if (isReconnect) for (const listener of listeners.reconnect) listener();
    };
    current.onmessage = (event) => {
      if (socket !== current) return;
      let payload: unknown;
      try {
        payload = JSON.parse(String(event.data));
      } catch {
        return;
      }
      const parsed = LiveServerMessageSchema.safeParse(payload);
      if (!parsed.success) return;
      if (parsed.data.event === 'order_update') {
        const order = parsed.data.data;
        for (const listener of listeners.order) listener(order);
      } else if (parsed.data.event === 'bulk_job_update') {
        const update = parsed.data.data;
        for (const listener of listeners.bulkJob) listener(update);
      } else if (parsed.data.event === 'flags_changed') {
        for (const listener of listeners.flags) listener();
      }
    };
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      if (pingTimer !== null) deps.clearTimeout(pingTimer);
      pingTimer = null;
      if (status === 'connected') lastDisconnectAt = deps.now();
      setStatus(isStarted ? 'disconnected' : 'idle');
      if (event.code === SESSION_ENDED_CLOSE_CODE) reconnectAfterRenewal();
      else if (event.code === SERVICE_RESTART_CLOSE_CODE) {
        scheduleReconnect(Math.floor((deps.random ?? Math.random)() * RESTART_RECONNECT_SPREAD_MS));
      } else scheduleReconnect();
    };
    current.onerror = () => {
      // onclose follows every error and handles the reconnect.
    };
  }

  return {
    start() {
      if (isStarted) return;
      isStarted = true;
      attempt = 0;
      connect();
    },
    /** Logout closes the connection (spec §4). */
    stop() {
      isStarted = false;
      pendingTicket = null;
      run += 1;
      hasConnectedBefore = false;
      lastDisconnectAt = null;
      clearTimers();
      const current = socket;
      socket = null;
      current?.close(1000);
      setStatus('idle');
    },
    setVendor(next: string | null) {
      if (vendorId === next) return;
      vendorId = next;
      subscribe();
    },
    getStatus: () => status,
    onOrderUpdate(listener: (order: Order) => void) {
      listeners.order.add(listener);
      return () => listeners.order.delete(listener);
    },
    /** A bulk job's checking or placement moved on (`bulk_job_update`). */
    onBulkJobUpdate(listener: (update: BulkJobUpdate) => void) {
      listeners.bulkJob.add(listener);
      return () => listeners.bulkJob.delete(listener);
    },
    /** A flag changed on the server (maintenance among them): the flags are to be read again now. */
    onFlagsChanged(listener: () => void) {
      listeners.flags.add(listener);
      return () => listeners.flags.delete(listener);
    },
    /** Called after a dropped connection is back, so screens can catch up on what they missed. */
    onReconnect(listener: () => void) {
      listeners.reconnect.add(listener);
      return () => listeners.reconnect.delete(listener);
    },
    onStatusChange(listener: () => void) {
      listeners.status.add(listener);
      return () => listeners.status.delete(listener);
    },
  };
}

export type LiveConnection = ReturnType<typeof createLiveConnection>;
