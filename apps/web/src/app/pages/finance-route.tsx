import { Navigate } from 'react-router';
import { FinancePage } from '../../features/finance/components/finance-page.tsx';
import { useConfig } from '../../shared/config/config-context.tsx';
import { useGuestVendorId } from '../../shared/session/guest-session.ts';
import { useSession } from '../../shared/session/session-store.ts';
import { useShell } from '../shell-context.tsx';
import { sectionPath } from '../vendor-path.ts';

export function FinanceRoute() {
  const { selectedVendor } = useShell();
  const { mode } = useConfig();
  const session = useSession();
  const guestVendorId = useGuestVendorId();
  const vendorId = selectedVendor?.vendor_id ?? null;
  // A merchant's tool: a guest is sent to the request page (the API refuses guests too).
  if (!session && mode !== 'GODROID' && guestVendorId !== null) {
    return <Navigate to={sectionPath('request-a-rider', vendorId)} replace />;
  }
  return <FinancePage key={vendorId ?? ''} vendorId={vendorId} vendorName={selectedVendor?.name ?? null} />;
}
