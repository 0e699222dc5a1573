import { useSearchParams } from 'react-router';
import { CustomerMessagesPage } from '../../features/customer-messages/components/customer-messages-page.tsx';
import { useShell } from '../shell-context.tsx';

/** /settings/customer-messages[?vendor_id=]: the outlet lives in the address, so a link or a reload opens it again. */
export function CustomerMessagesRoute() {
  const { vendors, selectedVendor } = useShell();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('vendor_id');
  const vendorId =
    (asked && vendors.some((vendor) => vendor.vendor_id === asked) ? asked : null) ??
    selectedVendor?.vendor_id ??
    vendors[0]?.vendor_id ??
    null;
  return (
    <CustomerMessagesPage
      vendors={vendors}
      vendorId={vendorId}
      onVendorChange={(id) => setSearchParams({ vendor_id: id }, { replace: true })}
    />
  );
}
