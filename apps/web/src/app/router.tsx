import { ROUTE_PATTERNS } from '@riderdesk/domain/paths';
import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { createBrowserRouter, matchRoutes, Outlet, type Params, type RouteObject } from 'react-router';
import { type LazyComponent, lazyWithRetry } from '../shared/lazy/retry-import.ts';
import { PageLoader } from '../shared/ui/page-loader.tsx';
import { PublicAuthRoute, RequireSession } from './guards.tsx';
import { BareLayout } from './layout/bare-layout.tsx';
import { PublicLayout } from './layout/public-layout.tsx';
import { type PageHandle, PageTitle } from './page-title.tsx';
import type { PublicOrderKind } from './pages/public-order-route.tsx';
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
const FaqRoute = lazyWithRetry(
  () => import('./pages/faq-route.tsx'),
  (m) => m.FaqRoute,
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
// Insights (issue 39): the charts' code (@mantine/charts, recharts) is this chunk's alone.
const InsightsRoute = lazyWithRetry(
  () => import('./pages/insights-route.tsx'),
  (m) => m.InsightsRoute,
);
// Finance (issue 38): its chart's code is this chunk's alone, as Insights'.
const FinanceRoute = lazyWithRetry(
  () => import('./pages/finance-route.tsx'),
  (m) => m.FinanceRoute,
);
const BulkOrderRoute = lazyWithRetry(
  () => import('./pages/bulk-order-route.tsx'),
  (m) => m.BulkOrderRoute,
);
const HelpCentreRoute = lazyWithRetry(
  () => import('./pages/help-centre-route.tsx'),
  (m) => m.HelpCentreRoute,
);
// Settings → Developers: a merchant's own chunk, never part of the first screen.
const DevelopersRoute = lazyWithRetry(
  () => import('./pages/developers-route.tsx'),
  (m) => m.DevelopersRoute,
);
// Settings → Customer messages: its own chunk too (decision 175).
const CustomerMessagesRoute = lazyWithRetry(
  () => import('./pages/customer-messages-route.tsx'),
  (m) => m.CustomerMessagesRoute,
);
const HelpCentreFrameRoute = lazyWithRetry(
  () => import('./pages/help-centre-route.tsx'),
  (m) => m.HelpCentreFrameRoute,
);

/** A route's handle: its page title, and the code chunks its page is made of. */
interface RouteHandle extends PageHandle {
  // biome-ignore lint/suspicious/noExplicitAny: any component's chunk can be preloaded.
  chunks: LazyComponent<any>[];
  /** Behind RequireSession: a visitor without a session is sent to the login page instead. */
  signedIn?: boolean;
  /** A login or sign-up page: a signed-in user is sent on to the portal instead. */
  publicOnly?: boolean;
  /** Asks for the data the page opens on, into the query cache, with its code; never rejects. */
  data?: (queryClient: QueryClient, params: Params) => Promise<void>;
}

// A public order page's answer comes with its code: the page opens on the order, not its loading state.
const publicOrderData =
  (kind: PublicOrderKind) =>
  (queryClient: QueryClient, params: Params): Promise<void> =>
    import('./pages/public-order-route.tsx').then(
      (module) => module.preloadPublicOrder(queryClient, kind, params),
      () => undefined,
    );

// biome-ignore lint/suspicious/noExplicitAny: any component's chunk can be preloaded.
const page = (titleKey: string, chunk: LazyComponent<any>, options: Partial<RouteHandle> = {}): RouteHandle => ({
  titleKey,
  chunks: options.signedIn ? [AppLayout, chunk] : [chunk],
  ...options,
});

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
            handle: page('login.title', LandingRoute, { publicOnly: true }),
            element: (
              <PublicAuthRoute>
                <LandingRoute />
              </PublicAuthRoute>
            ),
          },
          {
            path: ROUTE_PATTERNS.connect,
            handle: page('login.title', LandingRoute, { publicOnly: true }),
            element: (
              <PublicAuthRoute allowGuests>
                <LandingRoute />
              </PublicAuthRoute>
            ),
          },
          {
            path: ROUTE_PATTERNS.register,
            handle: page('register.title', RegisterRoute, { publicOnly: true }),
            element: (
              <PublicAuthRoute flagOff="DeactivateSignUpButton" allowGuests>
                <RegisterRoute />
              </PublicAuthRoute>
            ),
          },
          {
            path: ROUTE_PATTERNS.forgotPassword,
            handle: page('forgot.title', ForgotPasswordRoute, { publicOnly: true }),
            element: (
              <PublicAuthRoute>
                <ForgotPasswordRoute />
              </PublicAuthRoute>
            ),
          },
          // Not a PublicAuthRoute: accepting signs the owner in, and the page then takes them to their outlet.
          {
            path: ROUTE_PATTERNS.invitation,
            handle: page('invitation.title', InvitationRoute),
            element: <InvitationRoute />,
          },
          { path: ROUTE_PATTERNS.faq, handle: page('faq.title', FaqRoute), element: <FaqRoute /> },
          { path: ROUTE_PATTERNS.terms, handle: page('terms.title', TermsRoute), element: <TermsRoute /> },
          {
            path: ROUTE_PATTERNS.prohibitedItems,
            handle: page('prohibited.title', ProhibitedItemsRoute),
            element: <ProhibitedItemsRoute />,
          },
          { path: '*', handle: page('not-found.title', NotFoundPage), element: <NotFoundPage /> },
        ],
      },
      // The embedded help centre's own page, framed by the portal: no portal chrome around it.
      {
        path: ROUTE_PATTERNS.helpCentreFrame,
        handle: page('help-center.title', HelpCentreFrameRoute),
        element: <HelpCentreFrameRoute />,
      },
      {
        element: <PublicLayout limited />,
        children: [
          {
            path: ROUTE_PATTERNS.maintenance,
            handle: page('page-title.maintenance', MaintenanceRoute),
            element: <MaintenanceRoute />,
          },
        ],
      },
      {
        element: <BareLayout />,
        children: [
          {
            path: ROUTE_PATTERNS.tracking,
            handle: page('public.tracking.eyebrow', PublicOrderRoute, { data: publicOrderData('tracking') }),
            element: <PublicOrderRoute kind="tracking" />,
          },
          {
            path: ROUTE_PATTERNS.deliveryReceipt,
            handle: page('public.receipt.eyebrow', PublicOrderRoute, { data: publicOrderData('receipt') }),
            element: <PublicOrderRoute kind="receipt" />,
          },
          {
            path: ROUTE_PATTERNS.trackingC2c,
            handle: page('public.c2c.eyebrow', PublicOrderRoute, { data: publicOrderData('c2c') }),
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
          {
            path: ROUTE_PATTERNS.requestARider,
            handle: page('page-title.request', RequestRoute, { signedIn: true }),
            element: <RequestRoute />,
          },
          {
            path: ROUTE_PATTERNS.orderTracking,
            handle: page('page-title.tracking', OrderTrackingRoute, { signedIn: true }),
            element: <OrderTrackingRoute />,
          },
          {
            path: ROUTE_PATTERNS.history,
            handle: page('page-title.history', HistoryRoute, { signedIn: true }),
            element: <HistoryRoute />,
          },
          {
            path: ROUTE_PATTERNS.insights,
            handle: page('page-title.insights', InsightsRoute, { signedIn: true }),
            element: <InsightsRoute />,
          },
          {
            path: ROUTE_PATTERNS.finance,
            handle: page('page-title.finance', FinanceRoute, { signedIn: true }),
            element: <FinanceRoute />,
          },
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
            path: ROUTE_PATTERNS.bulkOrder,
            handle: page('page-title.bulk', BulkOrderRoute, { signedIn: true }),
            element: <BulkOrderRoute />,
          },
        ],
      },
      {
        element: (
          <RequireSession flag="Helpcenter" merchantsOnly>
            <AppLayout />
          </RequireSession>
        ),
        children: [
          {
            path: ROUTE_PATTERNS.helpCentre,
            handle: page('help-center.title', HelpCentreRoute, { signedIn: true }),
            element: <HelpCentreRoute />,
          },
        ],
      },
      {
        element: (
          <RequireSession merchantsOnly>
            <AppLayout />
          </RequireSession>
        ),
        children: [
          {
            path: ROUTE_PATTERNS.developers,
            handle: page('developers.title', DevelopersRoute, { signedIn: true }),
            element: <DevelopersRoute />,
          },
          {
            path: ROUTE_PATTERNS.customerMessages,
            handle: page('customer-messages.title', CustomerMessagesRoute, { signedIn: true }),
            element: <CustomerMessagesRoute />,
          },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);

/**
 * How long the first screen waits for its page's data. It normally arrives with the scripts (the server
 * preloads a public order's answer); a slow or failing API shows the page's own loading state after this.
 */
export const PAGE_DATA_WAIT_MS = 1000;

const atMost = (ms: number, work: Promise<void>): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    work.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Starts downloading the code of the page the app opens on while the shell still loads its configuration,
 * translations and flags, instead of after them. Where a guard will send the visitor elsewhere, the page
 * they will see is fetched instead: the login page for a visitor without a session; nothing for a
 * signed-in user on a login page (the portal's chunks follow the redirect). A page that names its `data` has
 * it asked for too. Settles when all of it is here, when a chunk's first attempt has failed (its retries go
 * on, and the page reports them), or after PAGE_DATA_WAIT_MS for the data; never rejects.
 */
export function preloadPage(pathname: string, hasSession: boolean, queryClient?: QueryClient): Promise<void> {
  const loads: Promise<void>[] = [];
  for (const match of matchRoutes(appRoutes, pathname) ?? []) {
    const handle = match.route.handle as RouteHandle | undefined;
    if (!handle?.chunks) continue;
    if (handle.publicOnly && hasSession) continue;
    const redirected = handle.signedIn && !hasSession;
    const chunks = redirected ? [LandingRoute] : handle.chunks;
    for (const chunk of chunks) loads.push(chunk.preload());
    if (handle.data && queryClient && !redirected)
      loads.push(atMost(PAGE_DATA_WAIT_MS, handle.data(queryClient, match.params)));
  }
  return Promise.all(loads).then(() => undefined);
}
