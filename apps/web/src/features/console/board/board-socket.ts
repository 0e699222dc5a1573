import { BOARD_LIVE_PATH, type BoardOrder, BoardOrderSchema } from '@riderdesk/domain/contracts/console-board';

/** The part of a WebSocket the board uses (tests hand in a fake). */
export interface BoardSocketLike {
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  close(): void;
}

export interface BoardSocketDeps {
  /** A one-time ticket (POST /console/board/ticket); null when the console session is gone. */
  requestTicket: () => Promise<string | null>;
  createSocket: (url: string) => BoardSocketLike;
  origin: () => string;
  /** Changed orders, several at once: applied to the board in one pass. */
  onOrders: (orders: BoardOrder[]) => void;
  /** The relay missed changes, or the socket was away: read the whole board again. */
  onResync: () => void;
  onStatus: (isLive: boolean) => void;
  /** When a batch of changes is applied: the next frame in a browser. */
  schedule: (flush: () => void) => void;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const MAX_BACKOFF_MS = 30_000;
// 4401: the console session ended; the console's API client sends the operator to sign in on its next call.
const SESSION_ENDED = 4401;

/**
 * The live board's socket (decision 181): opened with a one-time ticket, it hears `board_update` for every change
 * of every order and hands them on in batches, one per frame, so a burst of changes costs one re-render. It
 * reconnects with backoff and then has the board read again, so nothing missed while away stays stale.
 */
export function openBoardSocket(deps: BoardSocketDeps): { close(): void } {
  let socket: BoardSocketLike | null = null;
  let stopped = false;
  let failures = 0;
  let retry: unknown = null;
  let pending = new Map<string, BoardOrder>();
  let isScheduled = false;
  let wasOpen = false;

  const flush = () => {
    isScheduled = false;
    if (pending.size === 0 || stopped) return;
    const orders = [...pending.values()];
    pending = new Map();
    deps.onOrders(orders);
  };

  const reconnectLater = () => {
    if (stopped) return;
    const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** failures);
    failures++;
    retry = deps.setTimeout(() => void connect(), delay);
  };

  async function connect() {
    if (stopped) return;
    let ticket: string | null;
    try {
      ticket = await deps.requestTicket();
    } catch {
      reconnectLater();
      return;
    }
    if (!ticket || stopped) return;
    const url = `${deps.origin()}${BOARD_LIVE_PATH}?${new URLSearchParams({ ticket })}`;
    const opened = deps.createSocket(url);
    socket = opened;
    opened.onopen = () => {
      failures = 0;
      deps.onStatus(true);
      // Back after a gap: what changed meanwhile is read from the database.
      if (wasOpen) deps.onResync();
      wasOpen = true;
    };
    opened.onmessage = (event) => {
      let message: { event?: string; data?: unknown };
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (message.event === 'board_resync') {
        deps.onResync();
        return;
      }
      if (message.event !== 'board_update') return;
      const parsed = BoardOrderSchema.safeParse(message.data);
      if (!parsed.success) return;
      pending.set(parsed.data.order_id, parsed.data);
      if (!isScheduled) {
        isScheduled = true;
        deps.schedule(flush);
      }
    };
    opened.onclose = (event) => {
      if (socket === opened) socket = null;
      deps.onStatus(false);
      if (event.code === SESSION_ENDED) return;
      reconnectLater();
    };
  }

  void connect();
  return {
    close() {
      stopped = true;
      if (retry !== null) deps.clearTimeout(retry);
      socket?.close();
      socket = null;
    },
  };
}
