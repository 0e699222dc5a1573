import { useParams, useSearchParams } from 'react-router';
import { RequestPage } from '../../features/request/components/request-page.tsx';
import { useConfig } from '../../shared/config/config-context.tsx';
import { addGuestOrder, useGuestVendorId } from '../../shared/session/guest-session.ts';
import { useSession } from '../../shared/session/session-store.ts';
import { useShell } from '../shell-context.tsx';
import { useAppFlags } from '../use-app-flags.ts';
import { sectionPath } from '../vendor-path.ts';

export function RequestRoute() {
  const { selectedVendor, vendors, isLoadingBranches = false } = useShell();
  const { vendorID } = useParams();
  const [search] = useSearchParams();
  // The branch's flags are asked for by the address's branch, with the list of branches rather than after it
  // (issue 32: every call in a row costs a slow network another round trip). Once the list is there the
  // selected branch is the same one, or the shell moves to another.
  const flags = useAppFlags(selectedVendor?.vendor_id ?? vendorID ?? null);
  const session = useSession();
  const { mode } = useConfig();
  const guestVendorId = useGuestVendorId();
  const isGuest = !session && mode !== 'GODROID' && guestVendorId !== null;
  return (
    <RequestPage
      vendor={selectedVendor}
      // Until a branch is selected the page waits for it, unless the user has none: with branches, the shell is
      // about to open one.
      isBranchLoading={selectedVendor === null && (isLoadingBranches || vendors.length > 0)}
      trackingPath={sectionPath('order-tracking', selectedVendor?.vendor_id)}
      // A guest's request page only requests: an orderID in its address edits nothing (decision 089).
      orderIdToEdit={isGuest ? null : search.get('orderID')}
      failedPayment={
        search.get('retry_order_id')
          ? { orderId: search.get('retry_order_id') ?? '', errorKey: search.get('payment_error') }
          : null
      }
      isAddressBookOn={flags.AddressBook}
      isPreOrderOn={flags.PreOrder}
      isVoucherOn={flags.Voucher}
      isVatOn={flags.PaymentVat}
      isPayAtPickupOn={flags.PayAtPickup}
      userEmail={session?.user.email ?? null}
      {...(isGuest ? { guest: { onOrderPlaced: addGuestOrder } } : {})}
      otherBranches={vendors.filter((vendor) => vendor.vendor_id !== selectedVendor?.vendor_id)}
      branchPath={(vendorId) => sectionPath('request-a-rider', vendorId)}
    />
  );
}
