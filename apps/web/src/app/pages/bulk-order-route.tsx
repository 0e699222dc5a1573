import { paths } from '@riderdesk/domain/paths';
import { useParams } from 'react-router';
import { BulkJobPage, BulkOrderPage } from '../../features/bulk/components/bulk-order-page.tsx';
import { useShell } from '../shell-context.tsx';
import { sectionPath } from '../vendor-path.ts';

export function BulkOrderRoute() {
  const { vendorID, bulkJobID } = useParams();
  const { selectedVendor } = useShell();
  const vendorId = selectedVendor?.vendor_id ?? null;
  const bulkPath = sectionPath('bulk-order', vendorId);
  if (bulkJobID) {
    // The job belongs to the vendor of its URL; a vendor change rewrites the URL back to the job list.
    return <BulkJobPage vendorId={vendorID ?? vendorId} jobId={bulkJobID} backPath={bulkPath} />;
  }
  return (
    <BulkOrderPage
      vendorId={vendorId}
      trackingPath={sectionPath('order-tracking', vendorId)}
      jobPath={(jobId) => (vendorId ? paths.bulkJob(vendorId, jobId) : bulkPath)}
    />
  );
}
