import { Suspense } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { lazyWithRetry } from '../shared/lazy/retry-import.ts';
import { PageLoader } from '../shared/ui/page-loader.tsx';
import { PublicAuthRoute, RequireSession } from './guards.tsx';
import { BareLayout } from './layout/bare-layout.tsx';
import { PublicLayout } from './layout/public-layout.tsx';
import { type PageHandle, PageTitle } from './page-title.tsx';
import { RouteError } from './route-error.tsx';

// Every page is its own chunk, fetched when its route first renders: the entry holds the shell only
// (providers, guards, public layouts). The guards run before a page's chunk is asked for, so a
// redirected visitor never downloads the page it was sent away from. The pages/ modules are route
// adapters: they read the URL and the shell, and hand plain props to the feature pages.
const LandingRoute = lazyWithRetry(
  () => import('./pages/landing-route.tsx'),
  (m) => m.LandingRoute,
);
const RegisterRoute = lazyWithRetry(
  () => import('./pages/register-route.tsx'),
  (m) => m.RegisterRoute,
);
const InvitationRoute = lazyWithRetry(
  () => import('./pages/invitation-route.tsx'),
  (m) => m.InvitationRoute,
);
const ForgotPasswordRoute = lazyWithRetry(
  () => import('./pages/forgot-password-route.tsx'),
  (m) => m.ForgotPasswordRoute,
);
const TermsRoute = lazyWithRetry(
  () => import('./pages/terms-route.tsx'),
  (m) => m.TermsRoute,
);
const ProhibitedItemsRoute = lazyWithRetry(
  () => import('./pages/prohibited-items-route.tsx'),
  (m) => m.ProhibitedItemsRoute,
);
const NotFoundPage = lazyWithRetry(
  () => import('./pages/not-found-page.tsx'),
  (m) => m.NotFoundPage,
);
const MaintenanceRoute = lazyWithRetry(
  () => import('./pages/maintenance-route.tsx'),
  (m) => m.MaintenanceRoute,
);
const PublicOrderRoute = lazyWithRetry(
  () => import('./pages/public-order-route.tsx'),
  (m) => m.PublicOrderRoute,
);
// The signed-in shell (branches, live connection) is only needed behind RequireSession.
const AppLayout = lazyWithRetry(
  () => import('./layout/app-layout.tsx'),
  (m) => m.AppLayout,
);
const RequestRoute = lazyWithRetry(
  () => import('./pages/request-route.tsx'),
  (m) => m.RequestRoute,
);
const OrderTrackingRoute = lazyWithRetry(
  () => import('./pages/order-tracking-route.tsx'),
  (m) => m.OrderTrackingRoute,
);
const HistoryRoute = lazyWithRetry(
  () => import('./pages/history-route.tsx'),
  (m) => m.HistoryRoute,
);
const BulkOrderRoute = lazyWithRetry(
  () => import('./pages/bulk-order-route.tsx'),
  (m) => m.BulkOrderRoute,
);
const HelpCentreRoute = lazyWithRetry(
  () => import('./pages/help-centre-route.tsx'),
  (m) => m.HelpCentreRoute,
);
const HelpCentreFrameRoute = lazyWithRetry(
  () => import('./pages/help-centre-route.tsx'),
  (m) => m.HelpCentreFrameRoute,
);

const title = (titleKey: string): PageHandle => ({ titleKey });

/** spec §2 routes. */
export const appRoutes: RouteObject[] = [
  {
    // spec §8: a chunk that fails after its retries lands here and shows the app-load banner.
    errorElement: <RouteError />,
    element: (
      <Suspense fallback={<PageLoader />}>
        <PageTitle />
        <Outlet />
      </Suspense>
    ),
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            index: true,
            handle: title('login.title'),
            element: (
              <PublicAuthRoute>
                <LandingRoute />
              </PublicAuthRoute>
            ),
          },
          {
            path: 'connect',
            handle: title('login.title'),
            element: (
              <PublicAuthRoute allowGuests>
                <LandingRoute />
              </PublicAuthRoute>
            ),
          },
          {
            path: 'register',
            handle: title('register.title'),
            element: (
              <PublicAuthRoute flagOff="DeactivateSignUpButton" allowGuests>
                <RegisterRoute />
              </PublicAuthRoute>
            ),
          },
          {
            path: 'forgot-password',
            handle: title('forgot.title'),
            element: (
              <PublicAuthRoute>
                <ForgotPasswordRoute />
              </PublicAuthRoute>
            ),
          },
          // Not a PublicAuthRoute: accepting signs the owner in, and the page then takes them to their outlet.
          { path: 'invitation', handle: title('invitation.title'), element: <InvitationRoute /> },
          { path: 'termsandconditions', handle: title('terms.title'), element: <TermsRoute /> },
          { path: 'prohibiteditems-c2c', handle: title('prohibited.title'), element: <ProhibitedItemsRoute /> },
          { path: '*', handle: title('not-found.title'), element: <NotFoundPage /> },
        ],
      },
      // The embedded help centre's own page, framed by the portal: no portal chrome around it.
      { path: 'help-centre/frame', handle: title('help-center.title'), element: <HelpCentreFrameRoute /> },
      {
        element: <PublicLayout limited />,
        children: [{ path: 'maintenance', handle: title('page-title.maintenance'), element: <MaintenanceRoute /> }],
      },
      {
        element: <BareLayout />,
        children: [
          {
            path: 'tracking/:orderID',
            handle: title('public.tracking.eyebrow'),
            element: <PublicOrderRoute kind="tracking" />,
          },
          {
            path: 'delivery-receipt/:orderID',
            handle: title('public.receipt.eyebrow'),
            element: <PublicOrderRoute kind="receipt" />,
          },
          {
            path: 'tracking-c2c/:orderID',
            handle: title('public.c2c.eyebrow'),
            element: <PublicOrderRoute kind="c2c" />,
          },
        ],
      },
      {
        element: (
          <RequireSession>
            <AppLayout />
          </RequireSession>
        ),
        children: [
          { path: 'request-a-rider/:vendorID?', handle: title('page-title.request'), element: <RequestRoute /> },
          { path: 'order-tracking/:vendorID?', handle: title('page-title.tracking'), element: <OrderTrackingRoute /> },
          { path: 'history/:vendorID?', handle: title('page-title.history'), element: <HistoryRoute /> },
        ],
      },
      {
        element: (
          <RequireSession flag="BulkOrderUpload">
            <AppLayout />
          </RequireSession>
        ),
        children: [
          {
            path: 'bulk-order/:vendorID?/:bulkJobID?',
            handle: title('page-title.bulk'),
            element: <BulkOrderRoute />,
          },
        ],
      },
      {
        element: (
          <RequireSession flag="Helpcenter">
            <AppLayout />
          </RequireSession>
        ),
        children: [{ path: 'helpcenter/:vendorID', handle: title('help-center.title'), element: <HelpCentreRoute /> }],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
