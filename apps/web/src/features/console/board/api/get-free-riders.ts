import { BoardFreeRidersSchema } from '@riderdesk/domain/contracts/console-board';
import { useQuery } from '@tanstack/react-query';
import { CONSOLE_API, consoleApi } from '../../shared/console-api.ts';
import { boardKeys } from './board-keys.ts';

/** GET /console/board/free-riders: whom the order may be handed to, nearest its pickup first. */
export function getFreeRiders(orderId: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ order_id: orderId });
  return consoleApi.get(`${CONSOLE_API}/board/free-riders?${query}`, { schema: BoardFreeRidersSchema, signal });
}

export const useFreeRiders = (orderId: string) =>
  useQuery({ queryKey: boardKeys.freeRiders(orderId), queryFn: ({ signal }) => getFreeRiders(orderId, signal) });
