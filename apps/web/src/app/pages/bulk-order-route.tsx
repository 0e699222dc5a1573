import { useParams } from 'react-router';
import { BulkJobPage, BulkOrderPage } from '../../features/bulk/components/bulk-order-page.tsx';
import { useShell } from '../shell-context.tsx';
import { sectionPath } from '../vendor-path.ts';

export function BulkOrderRoute() {
  const { bulkJobID } = useParams();
  const { selectedVendor } = useShell();
  if (bulkJobID)
    return <BulkJobPage jobId={bulkJobID} backPath={sectionPath('bulk-order', selectedVendor?.vendor_id)} />;
  return <BulkOrderPage trackingPath={sectionPath('order-tracking', selectedVendor?.vendor_id)} />;
}
