import type { Board } from '@riderdesk/domain/contracts/console-board';
import { BOARD_TICKET_PATH, BoardTicketSchema } from '@riderdesk/domain/contracts/console-board';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiRequestError } from '../../../shared/api/api-error.ts';
import { consoleApi } from '../shared/console-api.ts';
import { boardKeys } from './api/board-keys.ts';
import { type BoardSocketLike, openBoardSocket } from './board-socket.ts';
import { withOrders } from './board-view.ts';

async function requestTicket(): Promise<string | null> {
  try {
    return (await consoleApi.post(BOARD_TICKET_PATH, {}, { schema: BoardTicketSchema, retries: 0 })).ticket;
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

/** Keeps the board's query current from the live channel while the page is open; true while connected. */
export function useBoardLive(): boolean {
  const queryClient = useQueryClient();
  const [isLive, setLive] = useState(false);
  useEffect(() => {
    const socket = openBoardSocket({
      requestTicket,
      createSocket: (url) => new WebSocket(url) as unknown as BoardSocketLike,
      origin: () => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}`,
      onOrders: (orders) =>
        queryClient.setQueryData<Board>(boardKeys.board(), (board) => (board ? withOrders(board, orders) : board)),
      onResync: () => void queryClient.invalidateQueries({ queryKey: boardKeys.board() }),
      onStatus: setLive,
      schedule: (flush) => window.requestAnimationFrame(flush),
      setTimeout: (callback, ms) => window.setTimeout(callback, ms),
      clearTimeout: (handle) => window.clearTimeout(handle as number),
    });
    return () => socket.close();
  }, [queryClient]);
  return isLive;
}
