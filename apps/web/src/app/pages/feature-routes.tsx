// Route adapters: they read the URL and the shell, and hand plain props to the feature pages.
import { useCallback, useMemo } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { ForgotPasswordPage } from '../../features/auth/components/forgot-password-page.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { RegisterPage } from '../../features/auth/components/register-page.tsx';
import { useVerificationNotice } from '../../features/auth/hooks/use-verification-notice.ts';
import { BulkJobPage, BulkOrderPage } from '../../features/bulk/components/bulk-order-page.tsx';
import { HelpCentrePage } from '../../features/help-centre/components/help-centre-page.tsx';
import { HistoryPage } from '../../features/history/components/history-page.tsx';
import { LandingPage } from '../../features/landing/components/landing-page.tsx';
import { ProhibitedItemsPage } from '../../features/legal/components/prohibited-items-page.tsx';
import { TermsPage } from '../../features/legal/components/terms-page.tsx';
import { MaintenancePage } from '../../features/maintenance/components/maintenance-page.tsx';
import { PublicOrderPage } from '../../features/public-orders/components/public-order-page.tsx';
import { RequestPage } from '../../features/request/components/request-page.tsx';
import { OrderTrackingPage } from '../../features/tracking/components/order-tracking-page.tsx';
import { useConfig } from '../../shared/config/config-context.tsx';
import { useLiveStatus } from '../../shared/live/live-store.ts';
import { useSession } from '../../shared/session/session-store.ts';
import { PublicFormPage } from '../layout/public-layout.tsx';
import { useShell } from '../shell-context.tsx';
import { isMaintenanceOn, useAppFlags } from '../use-app-flags.ts';
import { sectionPath } from '../vendor-path.ts';

export function LandingRoute() {
  useVerificationNotice();
  const flags = useAppFlags();
  const canRegister = !flags.DeactivateSignUpButton;
  return <LandingPage canRegister={canRegister} loginForm={<LoginForm canRegister={canRegister} />} />;
}

export function RegisterRoute() {
  return (
    <PublicFormPage>
      <RegisterPage />
    </PublicFormPage>
  );
}

export function ForgotPasswordRoute() {
  return (
    <PublicFormPage>
      <ForgotPasswordPage />
    </PublicFormPage>
  );
}

export function RequestRoute() {
  const { selectedVendor } = useShell();
  const [search] = useSearchParams();
  const flags = useAppFlags();
  const session = useSession();
  return (
    <RequestPage
      vendor={selectedVendor}
      trackingPath={sectionPath('order-tracking', selectedVendor?.vendor_id)}
      orderIdToEdit={search.get('orderID')}
      isAddressBookOn={flags.AddressBook}
      isPreOrderOn={flags.PreOrder}
      isVoucherOn={flags.Voucher}
      isVatOn={flags.PaymentVat}
      userEmail={session?.user.email ?? null}
    />
  );
}

export function OrderTrackingRoute() {
  const { selectedVendor, vendors, includeOutlets } = useShell();
  const [searchParams, setSearchParams] = useSearchParams();
  const flags = useAppFlags();
  const { mode } = useConfig();
  const session = useSession();
  const liveStatus = useLiveStatus();
  const outletLocations = useMemo(() => {
    const locations: Record<string, { latitude: number; longitude: number }> = {};
    for (const vendor of vendors) {
      const { latitude, longitude } = vendor.vendor_information.location;
      if (latitude !== null && longitude !== null) locations[vendor.vendor_id] = { latitude, longitude };
    }
    return locations;
  }, [vendors]);
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
  return (
    <OrderTrackingPage
      key={vendorId ?? ''}
      vendorId={vendorId}
      includeOutlets={includeOutlets}
      selectedOrderId={searchParams.get('order_id')}
      onSelectOrder={selectOrder}
      requestPath={sectionPath('request-a-rider', vendorId)}
      outletLocations={outletLocations}
      liveStatus={liveStatus}
      isDelayedCancellationOn={flags.DelayedCancellation}
      isDynamicTimeEstimationOn={flags.DynamicTimeEstimation}
      isGuest={!session && mode === 'GUEST'}
      proofFlags={{ pickup: flags.ProofOfPickup, delivery: flags.ProofOfDelivery, return: flags.ProofOfReturn }}
    />
  );
}

export function HistoryRoute() {
  const { selectedVendor } = useShell();
  return <HistoryPage requestPath={sectionPath('request-a-rider', selectedVendor?.vendor_id)} />;
}

export function BulkOrderRoute() {
  const { bulkJobID } = useParams();
  const { selectedVendor } = useShell();
  if (bulkJobID)
    return <BulkJobPage jobId={bulkJobID} backPath={sectionPath('bulk-order', selectedVendor?.vendor_id)} />;
  return <BulkOrderPage trackingPath={sectionPath('order-tracking', selectedVendor?.vendor_id)} />;
}

export function HelpCentreRoute() {
  const { vendorID = '' } = useParams();
  const { country } = useConfig();
  const flags = useAppFlags();
  const { mode } = useConfig();
  if (!flags.Helpcenter || mode === 'GODROID') return <Navigate to="/" replace />;
  return <HelpCentrePage vendorId={vendorID} deliveryInfoUrl={country.links.deliveryServiceInfo} />;
}

export function PublicOrderRoute({ kind }: { kind: 'tracking' | 'receipt' | 'c2c' }) {
  // spec §2 names the segment orderID; it carries the order's unguessable tracking token.
  const { orderID = '' } = useParams();
  return <PublicOrderPage key={`${kind}-${orderID}`} kind={kind} token={orderID} />;
}

export function TermsRoute() {
  return <TermsPage serviceName={useConfig().brand.serviceName} />;
}

export function ProhibitedItemsRoute() {
  return <ProhibitedItemsPage />;
}

export function MaintenanceRoute() {
  const flags = useAppFlags();
  if (!isMaintenanceOn(flags)) return <Navigate to="/" replace />;
  return <MaintenancePage isPlanned={flags.PlannedMaintenance} />;
}
