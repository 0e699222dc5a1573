import type { QueryClient } from '@tanstack/react-query';
import { type Params, useParams } from 'react-router';
import { type PublicOrderKind, prefetchPublicOrder } from '../../features/public-orders/api/prefetch-public-order.ts';
import { PublicOrderPage } from '../../features/public-orders/components/public-order-page.tsx';

export function PublicOrderRoute({ kind }: { kind: PublicOrderKind }) {
  // spec §2 names the segment orderID; it carries the order's unguessable tracking token.
  const { orderID = '' } = useParams();
  return <PublicOrderPage key={`${kind}-${orderID}`} kind={kind} token={orderID} />;
}

export type { PublicOrderKind };

/** The order the page opens on, asked for with the page's code (the route's `data`). */
export const preloadPublicOrder = (queryClient: QueryClient, kind: PublicOrderKind, params: Params) =>
  prefetchPublicOrder(queryClient, kind, params.orderID ?? '');
