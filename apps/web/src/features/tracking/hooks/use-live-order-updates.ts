import type { Order } from '@riderdesk/domain/contracts/orders';
import { startOfTodayInZone } from '@riderdesk/domain/date-presets';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { orderKeys } from '../../../shared/api/query-keys.ts';
import { useLiveEvents } from '../../../shared/live/live-store.ts';
import { applyOrderUpdate } from '../api/order-cache.ts';

/**
 * Writes the live connection's order_update events into the tracking lists and detail, and catches
 * up with a refetch after a reconnect. Returns when the lists last heard anything.
 */
export function useLiveOrderUpdates(vendorId: string | null, includeOutlets: boolean, timeZone: string) {
  const queryClient = useQueryClient();
  const lastLiveUpdateAt = useRef(0);

  useLiveEvents({
    onOrderUpdate: (order: Order) => {
      if (!vendorId) return;
      lastLiveUpdateAt.current = Date.now();
      applyOrderUpdate(queryClient, order, {
        vendorId,
        includeOutlets,
        startOfToday: startOfTodayInZone(new Date(), timeZone),
      });
    },
    onReconnect: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists });
    },
  });

  return useCallback(() => lastLiveUpdateAt.current, []);
}
