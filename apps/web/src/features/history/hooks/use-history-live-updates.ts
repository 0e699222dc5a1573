import { startOfTodayInZone } from '@riderdesk/domain/date-presets';
import { isHistoryOrder } from '@riderdesk/domain/order-history';
import { useQueryClient } from '@tanstack/react-query';
import { orderKeys } from '../../../shared/api/query-keys.ts';
import { useLiveEvents } from '../../../shared/live/live-store.ts';
import { applyHistoryUpdate } from '../api/get-order-history.ts';

/**
 * Writes order_update events of orders created before today into the loaded history pages (spec §4), and of
 * today's orders too while the range shown covers today (the Today preset, a custom range ending today).
 */
export function useHistoryLiveUpdates(timeZone: string, includesToday = false, now: () => Date = () => new Date()) {
  const queryClient = useQueryClient();
  useLiveEvents({
    onOrderUpdate: (order) => {
      if (!includesToday && !isHistoryOrder(order.created_at, startOfTodayInZone(now(), timeZone))) return;
      applyHistoryUpdate(queryClient, order);
      queryClient.setQueryData(orderKeys.detail(order.vendor_id, order.order_id), order);
    },
    onReconnect: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.histories });
    },
  });
}
