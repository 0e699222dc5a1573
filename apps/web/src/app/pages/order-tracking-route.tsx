import { editOrderPath, paths } from '@riderdesk/domain/paths';
import { useCallback } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { OrderTrackingPage } from '../../features/tracking/components/order-tracking-page.tsx';
import { useConfig } from '../../shared/config/config-context.tsx';
import { useLiveStatus } from '../../shared/live/live-store.ts';
import { useGuestVendorId } from '../../shared/session/guest-session.ts';
import { useSession } from '../../shared/session/session-store.ts';
import { useShell } from '../shell-context.tsx';
import { useAppFlags } from '../use-app-flags.ts';
import { sectionPath } from '../vendor-path.ts';

export function OrderTrackingRoute() {
  const { selectedVendor, includeOutlets } = useShell();
  const [searchParams, setSearchParams] = useSearchParams();
  const { vendorID } = useParams();
  const flags = useAppFlags();
  const { mode } = useConfig();
  const session = useSession();
  const guestVendorId = useGuestVendorId();
  const liveStatus = useLiveStatus();
  // spec §2: changing the selected order rewrites the tracking URL with replace.
  const selectOrder = useCallback(
    (orderId: string | null) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (orderId) next.set('order_id', orderId);
          else next.delete('order_id');
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const vendorId = selectedVendor?.vendor_id ?? null;
  const isGuest = !session && mode !== 'GODROID' && guestVendorId !== null;
  // Back from a card payment that failed (3-D Secure): no order was placed, so the request opens again with it.
  const failedOrderId = searchParams.get('order_id');
  const paymentError = searchParams.get('payment_error');
  if (failedOrderId && paymentError) {
    const retry = { retry_order_id: failedOrderId, payment_error: paymentError };
    return <Navigate replace to={paths.requestARider(vendorID ?? vendorId, retry)} />;
  }
  return (
    <OrderTrackingPage
      key={vendorId ?? ''}
      vendorId={vendorId}
      includeOutlets={includeOutlets}
      selectedOrderId={searchParams.get('order_id')}
      onSelectOrder={selectOrder}
      requestPath={sectionPath('request-a-rider', vendorId)}
      liveStatus={liveStatus}
      isDelayedCancellationOn={flags.DelayedCancellation}
      isDynamicTimeEstimationOn={flags.DynamicTimeEstimation}
      isGuest={isGuest}
      proofFlags={{ pickup: flags.ProofOfPickup, delivery: flags.ProofOfDelivery, return: flags.ProofOfReturn }}
      // Guests request riders and follow them, but do not edit orders (decision 089).
      orderEditPath={flags.ModifyOrderButton && !isGuest ? editOrderPath : undefined}
    />
  );
}
