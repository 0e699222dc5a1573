import { BoardSchema } from '@riderdesk/domain/contracts/console-board';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONSOLE_API, consoleApi } from '../../shared/console-api.ts';
import { boardKeys } from './board-keys.ts';

// Between live updates the whole board is read again this often: ages move on and a missed change is caught up.
const BOARD_REFRESH_MS = 30_000;

/** GET /console/board: every order in flight, exceptions first. */
export function getBoard(signal?: AbortSignal) {
  return consoleApi.get(`${CONSOLE_API}/board`, { schema: BoardSchema, signal });
}

export const boardQueryOptions = () =>
  queryOptions({
    queryKey: boardKeys.board(),
    queryFn: ({ signal }) => getBoard(signal),
    refetchInterval: BOARD_REFRESH_MS,
  });

export const useBoard = () => useQuery(boardQueryOptions());
