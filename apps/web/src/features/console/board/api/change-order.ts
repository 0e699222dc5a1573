import {
  type Board,
  type BoardOrder,
  BoardOrderSchema,
  type OperatorCancelBody,
} from '@riderdesk/domain/contracts/console-board';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_API, consoleApi } from '../../shared/console-api.ts';
import { withOrder } from '../board-view.ts';
import { boardKeys } from './board-keys.ts';

const orderPath = (orderId: string, action: string) => `${CONSOLE_API}/orders/${encodeURIComponent(orderId)}/${action}`;

/** POST /console/orders/{id}/reassign. Not retried: a repeat would find the order offered already. */
export function reassignOrder({ orderId, riderId }: { orderId: string; riderId: string }) {
  return consoleApi.post(
    orderPath(orderId, 'reassign'),
    { rider_id: riderId },
    { schema: BoardOrderSchema, retries: 0 },
  );
}

/** POST /console/orders/{id}/cancel. Not retried: a repeat would be refused as cancelled already. */
export function cancelOrder({ orderId, body }: { orderId: string; body: OperatorCancelBody }) {
  return consoleApi.post(orderPath(orderId, 'cancel'), body, { schema: BoardOrderSchema, retries: 0 });
}

/** The changed order is written into the board at once; the live channel brings the next changes. */
function useBoardChange<V>(mutationFn: (variables: V) => Promise<BoardOrder>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (order) => {
      queryClient.setQueryData<Board>(boardKeys.board(), (board) => (board ? withOrder(board, order) : board));
      void queryClient.invalidateQueries({ queryKey: [...boardKeys.all, 'free-riders'] });
    },
  });
}

export const useReassignOrder = () => useBoardChange(reassignOrder);
export const useCancelOrder = () => useBoardChange(cancelOrder);
