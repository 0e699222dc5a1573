import { Suspense } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { lazyWithRetry } from '../shared/lazy/retry-import.ts';
import { PageLoader } from '../shared/ui/page-loader.tsx';
import { PublicAuthRoute, RequireSession } from './guards.tsx';
import { BareLayout } from './layout/bare-layout.tsx';
import { PublicLayout } from './layout/public-layout.tsx';
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

/** spec §2 routes. */
export const appRoutes: RouteObject[] = [
  {
    // spec §8: a chunk that fails after its retries lands here and shows the app-load banner.
    errorElement: <RouteError />,
    element: (
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    ),
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            index: true,
            element: (
              <PublicAuthRoute>
                <LandingRoute />
              </PublicAuthRoute>
            ),
          },
          {
            path: 'connect',
            element: (
              <PublicAuthRoute allowGuests>
                <LandingRoute />
              </PublicAuthRoute>
            ),
          },
          {
            path: 'register',
            element: (
              <PublicAuthRoute flagOff="DeactivateSignUpButton" allowGuests>
                <RegisterRoute />
              </PublicAuthRoute>
            ),
          },
          {
            path: 'forgot-password',
            element: (
              <PublicAuthRoute>
                <ForgotPasswordRoute />
              </PublicAuthRoute>
            ),
          },
          // Not a PublicAuthRoute: accepting signs the owner in, and the page then takes them to their outlet.
          { path: 'invitation', element: <InvitationRoute /> },
          { path: 'termsandconditions', element: <TermsRoute /> },
          { path: 'prohibiteditems-c2c', element: <ProhibitedItemsRoute /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { element: <PublicLayout limited />, children: [{ path: 'maintenance', element: <MaintenanceRoute /> }] },
      {
        element: <BareLayout />,
        children: [
          { path: 'tracking/:orderID', element: <PublicOrderRoute kind="tracking" /> },
          { path: 'delivery-receipt/:orderID', element: <PublicOrderRoute kind="receipt" /> },
          { path: 'tracking-c2c/:orderID', element: <PublicOrderRoute kind="c2c" /> },
        ],
      },
      {
        element: (
          <RequireSession>
            <AppLayout />
          </RequireSession>
        ),
        children: [
          { path: 'request-a-rider/:vendorID?', element: <RequestRoute /> },
          { path: 'order-tracking/:vendorID?', element: <OrderTrackingRoute /> },
          { path: 'history/:vendorID?', element: <HistoryRoute /> },
        ],
      },
      {
        element: (
          <RequireSession flag="BulkOrderUpload">
            <AppLayout />
          </RequireSession>
        ),
        children: [{ path: 'bulk-order/:vendorID?/:bulkJobID?', element: <BulkOrderRoute /> }],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
