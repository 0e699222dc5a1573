import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api.ts';
import { API } from '../../../test/handlers.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { guestToken, LAZY_PAGE, logIn, stubVendorApi } from '../../../test/shell.ts';
import { STORAGE_KEYS } from '../../shared/storage.ts';
import { appRoutes } from '../router.tsx';

const emptyDeveloperApi = () =>
  mockApi(
    http.get(`${API}/merchant-api/clients`, () => HttpResponse.json({ clients: [] })),
    http.get(`${API}/webhooks/endpoints`, () => HttpResponse.json({ endpoints: [] })),
    http.get(`${API}/vendor/:vendorId/orders`, () =>
      HttpResponse.json({ result: { data: [], pagination: { pagination_key: null } } }),
    ),
  );

describe('Settings → Developers', () => {
  it('is in the account menu and the drawer of a signed-in merchant, and keeps its tab in the address', async () => {
    logIn();
    stubVendorApi();
    emptyDeveloperApi();
    const { router } = await renderRoutes(appRoutes, '/history/p-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Account' }, LAZY_PAGE));
    await userEvent.click(await screen.findByRole('link', { name: 'Developers' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/developers'));
    expect(await screen.findByRole('heading', { name: 'Developers', level: 1 }, LAZY_PAGE)).toBeVisible();
    expect(await screen.findByText('No API clients yet')).toBeVisible();

    await userEvent.click(screen.getByRole('tab', { name: 'Webhooks' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=webhooks'));
    expect(await screen.findByText('No webhook endpoints yet')).toBeVisible();

    await userEvent.click(screen.getAllByRole('button', { name: 'Open the menu' })[0] as HTMLElement);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Developers' })).toHaveAttribute('href', '/settings/developers');
  });

  it('opens the tab its address names', async () => {
    logIn();
    stubVendorApi();
    emptyDeveloperApi();
    await renderRoutes(appRoutes, '/settings/developers?tab=webhooks');
    expect(await screen.findByRole('tab', { name: 'Webhooks', selected: true }, LAZY_PAGE)).toBeVisible();
  });

  it('sends a guest who types its address to the request page, with no Developers entry in the drawer', async () => {
    window.localStorage.setItem(STORAGE_KEYS.guestToken, guestToken());
    stubVendorApi();
    emptyDeveloperApi();
    const { router } = await renderRoutes(appRoutes, '/settings/developers');
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/request-a-rider/), LAZY_PAGE);
    expect(router.state.location.pathname).not.toContain('settings');
    await userEvent.click(
      (await screen.findAllByRole('button', { name: 'Open the menu' }, LAZY_PAGE))[0] as HTMLElement,
    );
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).queryByRole('link', { name: 'Developers' })).toBeNull();
  });
});
