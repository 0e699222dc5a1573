import { useParams } from 'react-router';
import { PublicOrderPage } from '../../features/public-orders/components/public-order-page.tsx';

export function PublicOrderRoute({ kind }: { kind: 'tracking' | 'receipt' | 'c2c' }) {
  // spec §2 names the segment orderID; it carries the order's unguessable tracking token.
  const { orderID = '' } = useParams();
  return <PublicOrderPage key={`${kind}-${orderID}`} kind={kind} token={orderID} />;
}
