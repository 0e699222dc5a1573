import { useDisclosure } from '@mantine/hooks';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { formatDateTime, formatMoney, formatTime } from '../../../shared/format/format.ts';
import { useRiderLocation } from '../api/get-rider.ts';
import { orderDetailView, type ProofFlags, riderPoint } from '../order-detail-view.ts';

export type UseOrderDetailInput = {
  order: Order;
  now: Date;
  isDelayedCancellationOn: boolean;
  proofFlags: ProofFlags;
  editPath: string | null;
};

/** The order detail's wiring: configuration, the rider's polled position, the cancel dialog and formatting. */
export function useOrderDetail({ order, now, isDelayedCancellationOn, proofFlags, editPath }: UseOrderDetailInput) {
  const { i18n } = useTranslation();
  const { country, mapTileUrl } = useConfig();
  const [isCancelOpen, cancelDialog] = useDisclosure(false);
  const view = orderDetailView({
    order,
    now,
    timeZone: country.timeZone,
    isDelayedCancellationOn,
    proofFlags,
    editPath,
    origin: window.location.origin,
  });
  const rider = useRiderLocation(order.rider?.id ?? null, view.isPollingRider);
  const at = (iso: string, withDate: boolean) =>
    (withDate ? formatDateTime : formatTime)(Date.parse(iso), country.timeZone, i18n.language);
  return {
    view,
    mapTileUrl,
    rider: riderPoint(rider.data, view.isPollingRider),
    cancelDialog: { isOpen: isCancelOpen, open: cancelDialog.open, close: cancelDialog.close },
    money: (amount: number) => formatMoney(amount, country.currency, i18n.language),
    requestedAt: at(order.created_at, view.isRequestedBeforeToday),
    scheduledAt:
      order.preordered_for !== null
        ? formatDateTime(order.preordered_for * 1000, country.timeZone, i18n.language)
        : null,
    latestArrivalAt: order.latest_arrival_at ? at(order.latest_arrival_at, false) : null,
  };
}
