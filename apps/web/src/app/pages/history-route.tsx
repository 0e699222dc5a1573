import type { Order } from '@riderdesk/domain/contracts/orders';
import { drillOfSearch, HISTORY_DRILL_KEYS } from '@riderdesk/domain/insights/drill';
import { editOrderPath } from '@riderdesk/domain/paths';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { HistoryPage } from '../../features/history/components/history-page.tsx';
import { linkedFiltersOf } from '../../features/history/hooks/use-history-filters.ts';
import { OrderDetail } from '../../features/tracking/components/order-detail.tsx';
import { useConfig } from '../../shared/config/config-context.tsx';
import { useGuestVendorId } from '../../shared/session/guest-session.ts';
import { useSession } from '../../shared/session/session-store.ts';
import { useShell } from '../shell-context.tsx';
import { useAppFlags } from '../use-app-flags.ts';
import { sectionPath } from '../vendor-path.ts';

export function HistoryRoute() {
  const { selectedVendor, includeOutlets } = useShell();
  const [searchParams, setSearchParams] = useSearchParams();
  const flags = useAppFlags();
  const [now] = useState(() => new Date());
  // A link's period and status (insights' bars) open the page once; the URL then drops them, so a filter
  // chosen afterwards is not undone by a reload.
  const [linkedFilters] = useState(() => linkedFiltersOf(searchParams));
  useEffect(() => {
    if (!linkedFilters) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of ['start', 'end', 'status']) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [linkedFilters, setSearchParams]);
  // spec §2: changing the selected order rewrites the history URL with push, so Back closes the order.
  const selectOrder = useCallback(
    (orderId: string | null) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (orderId) next.set('order_id', orderId);
        else next.delete('order_id');
        return next;
      }),
    [setSearchParams],
  );
  // A link's narrowing (insights' cells and bars) stays in the URL, so a reload keeps it, until cleared.
  const drillQuery = new URLSearchParams(
    HISTORY_DRILL_KEYS.flatMap((key) => {
      const value = searchParams.get(key);
      return value === null ? [] : [[key, value]];
    }),
  ).toString();
  const drill = useMemo(() => drillOfSearch(new URLSearchParams(drillQuery)), [drillQuery]);
  const clearDrill = useCallback(
    () =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of HISTORY_DRILL_KEYS) next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const vendorId = selectedVendor?.vendor_id ?? null;
  const { mode } = useConfig();
  const session = useSession();
  const guestVendorId = useGuestVendorId();
  const isGuest = !session && mode !== 'GODROID' && guestVendorId !== null;
  const renderOrderDetail = useCallback(
    (order: Order) => (
      <OrderDetail
        key={order.order_id}
        order={order}
        now={now}
        isDelayedCancellationOn={flags.DelayedCancellation}
        proofFlags={{ pickup: flags.ProofOfPickup, delivery: flags.ProofOfDelivery, return: flags.ProofOfReturn }}
        // Guests request riders and follow them, but do not edit orders (decision 089).
        editPath={flags.ModifyOrderButton && !isGuest ? editOrderPath(order) : null}
      />
    ),
    [now, flags, isGuest],
  );
  return (
    <HistoryPage
      key={`${vendorId ?? ''}-${includeOutlets}`}
      vendorId={vendorId}
      includeOutlets={includeOutlets}
      selectedOrderId={searchParams.get('order_id')}
      onSelectOrder={selectOrder}
      requestPath={sectionPath('request-a-rider', vendorId)}
      renderOrderDetail={renderOrderDetail}
      isGuest={isGuest}
      linkedFilters={linkedFilters}
      drill={drill}
      onClearDrill={clearDrill}
    />
  );
}
