import { createBrowserRouter, type RouteObject } from 'react-router';
import { PublicAuthRoute, RequireSession } from './guards.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { BareLayout } from './layout/bare-layout.tsx';
import { PublicLayout } from './layout/public-layout.tsx';
import {
  BulkOrderRoute,
  ForgotPasswordRoute,
  HelpCentreRoute,
  HistoryRoute,
  LandingRoute,
  MaintenanceRoute,
  OrderTrackingRoute,
  ProhibitedItemsRoute,
  PublicOrderRoute,
  RegisterRoute,
  RequestRoute,
  TermsRoute,
} from './pages/feature-routes.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';

/** spec §2 routes. */
export const appRoutes: RouteObject[] = [
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
          <PublicAuthRoute>
            <LandingRoute />
          </PublicAuthRoute>
        ),
      },
      {
        path: 'register',
        element: (
          <PublicAuthRoute flagOff="DeactivateSignUpButton">
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
      { path: 'helpcenter/:vendorID', element: <HelpCentreRoute /> },
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
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
