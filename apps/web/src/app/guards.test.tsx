import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { LAZY_PAGE, logIn, stubVendorApi } from '../../test/shell.ts';
import { appRoutes } from './router.tsx';

describe('route guards (spec §2)', () => {
  it('sends a logged-out visitor from an authenticated route to the login page', async () => {
    const { router } = await renderRoutes(appRoutes, '/order-tracking/p-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), LAZY_PAGE);
    expect(await screen.findByRole('form', { name: 'Log in' }, LAZY_PAGE)).toBeInTheDocument();
  });

  it('sends a logged-in user from / to request-a-rider, with their first branch in the URL', async () => {
    logIn();
    stubVendorApi();
    const { router } = await renderRoutes(appRoutes, '/');
    // The page's chunk is loaded (and, in tests, compiled) on first use.
    await waitFor(() => expect(router.state.location.pathname).toBe('/request-a-rider/p-1'), LAZY_PAGE);
    expect(await screen.findByRole('heading', { name: 'Request a rider' }, LAZY_PAGE)).toBeInTheDocument();
  });

  it('keeps a logged-in user on an authenticated route', async () => {
    logIn();
    stubVendorApi();
    const { router } = await renderRoutes(appRoutes, '/history/p-1');
    // The page's chunk (with the date picker and the order detail) is compiled on first use in tests.
    expect(await screen.findByRole('heading', { name: 'All orders' }, LAZY_PAGE)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/history/p-1');
  });

  it('treats a disabled route like a missing one: bulk order without its flag goes to /', async () => {
    logIn();
    stubVendorApi();
    const { router } = await renderRoutes(appRoutes, '/bulk-order/p-1', { flags: { BulkOrderUpload: false } });
    // / then forwards the logged-in user to request-a-rider.
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/request-a-rider/), LAZY_PAGE);
  });

  it('shows bulk order with its flag', async () => {
    logIn();
    stubVendorApi();
    await renderRoutes(appRoutes, '/bulk-order/p-1');
    expect(await screen.findByRole('heading', { name: 'Bulk order' }, LAZY_PAGE)).toBeInTheDocument();
  });

  it.each(['PlannedMaintenance', 'UnplannedMaintenance'] as const)(
    '%s sends authenticated and public auth routes to /maintenance',
    async (flag) => {
      const first = await renderRoutes(appRoutes, '/', { flags: { [flag]: true } });
      await waitFor(() => expect(first.router.state.location.pathname).toBe('/maintenance'), LAZY_PAGE);
      first.unmount();
      logIn();
      const second = await renderRoutes(appRoutes, '/order-tracking', { flags: { [flag]: true } });
      await waitFor(() => expect(second.router.state.location.pathname).toBe('/maintenance'), LAZY_PAGE);
      expect(await screen.findByRole('heading', { level: 1 }, LAZY_PAGE)).toBeInTheDocument();
    },
  );

  it('keeps public pages reachable during maintenance', async () => {
    const { router } = await renderRoutes(appRoutes, '/tracking/o-42', { flags: { UnplannedMaintenance: true } });
    // o-42 is no tracking token, so the public page answers with its not-found state (not a redirect).
    expect(await screen.findByText("We couldn't find this order", {}, LAZY_PAGE)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tracking/o-42');
  });

  it('hides sign-up when DeactivateSignUpButton is on', async () => {
    const { router } = await renderRoutes(appRoutes, '/register', { flags: { DeactivateSignUpButton: true } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), LAZY_PAGE);
    await screen.findByRole('form', { name: 'Log in' }, LAZY_PAGE);
    expect(screen.queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
  });

  it('answers unknown paths with the 404 page', async () => {
    await renderRoutes(appRoutes, '/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, LAZY_PAGE)).toBeInTheDocument();
  });
});
