import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api.ts';
import { makeVendor } from '../../test/fixtures.ts';
import { API, answer, countryParametersHandler, vendorsHandler } from '../../test/handlers.ts';
import { renderRoutes } from '../../test/render.tsx';
import { GUEST_VENDOR, guestToken, LAZY_PAGE, logIn, stubVendorApi } from '../../test/shell.ts';
import { STORAGE_KEYS } from '../shared/storage.ts';
import { appRoutes } from './router.tsx';

describe('the shell’s words (spec §8)', () => {
  it('says a branch named by the URL could not be fetched, then opens the user’s own', async () => {
    logIn();
    stubVendorApi();
    const { router } = await renderRoutes(appRoutes, '/history/p-gone');
    await waitFor(() => expect(router.state.location.pathname).toBe('/history/p-1'), LAZY_PAGE);
    expect(await screen.findByText('We could not load this branch.', {}, LAZY_PAGE)).toBeInTheDocument();
  });
});

function asGuestWithAnOrder() {
  // The prompt remembers per tab that it was answered.
  window.sessionStorage.clear();
  window.localStorage.setItem(STORAGE_KEYS.guestToken, guestToken());
  window.localStorage.setItem(STORAGE_KEYS.guestOrders, JSON.stringify(['guest-0123-1']));
  mockApi(
    vendorsHandler([makeVendor({ vendor_id: GUEST_VENDOR, name: 'guest' })]),
    countryParametersHandler({}),
    http.get(`${API}/vendor/:vendorId/orders`, () => answer({ data: [], pagination: { pagination_key: null } })),
  );
}

describe('sign-up with DeactivateSignUpButton on (spec §2)', () => {
  it('is offered nowhere: not in the later-register prompt, the account popover or the menu drawer', async () => {
    asGuestWithAnOrder();
    await renderRoutes(appRoutes, `/order-tracking/${GUEST_VENDOR}`, { flags: { DeactivateSignUpButton: true } });
    const prompt = await screen.findByRole('region', { name: 'Keep your orders' }, LAZY_PAGE);
    expect(within(prompt).getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(within(prompt).queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
    await userEvent.click(within(prompt).getByRole('button', { name: 'Not now' }));

    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getAllByRole('button', { name: 'Open the menu' })[0]!);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  it('is offered in all three when the flag is off', async () => {
    asGuestWithAnOrder();
    await renderRoutes(appRoutes, `/order-tracking/${GUEST_VENDOR}`);
    const prompt = await screen.findByRole('region', { name: 'Keep your orders' }, LAZY_PAGE);
    expect(within(prompt).getByRole('link', { name: 'Create an account' })).toBeInTheDocument();
    await userEvent.click(within(prompt).getByRole('button', { name: 'Not now' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Open the menu' })[0]!);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Sign up' })).toBeInTheDocument();
  });
});

describe('the help centre and the FAQ (spec §2)', () => {
  it('opens the help centre page for a signed-in merchant, with the FAQ a link away', async () => {
    logIn();
    stubVendorApi();
    const { router } = await renderRoutes(appRoutes, '/helpcenter/p-1');
    const panel = await screen.findByRole('dialog', { name: 'Help centre' }, LAZY_PAGE);
    expect(router.state.location.pathname).toBe('/helpcenter/p-1');
    expect(within(panel).getByRole('link', { name: 'Frequently asked questions' })).toHaveAttribute('href', '/faq');
  });

  it('sends a guest who types /helpcenter/{vendorID} to the request page', async () => {
    asGuestWithAnOrder();
    const { router } = await renderRoutes(appRoutes, `/helpcenter/${GUEST_VENDOR}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/request-a-rider/${GUEST_VENDOR}`), LAZY_PAGE);
  });

  it('sends a partner app’s user who types /helpcenter/{vendorID} to the request page', async () => {
    window.localStorage.setItem(STORAGE_KEYS.godroidToken, 'gd_secret');
    mockApi(
      vendorsHandler([makeVendor({ vendor_id: 'pk-chai-khana', name: 'Chai Khana Saddar' })]),
      countryParametersHandler({}),
    );
    const { router } = await renderRoutes(appRoutes, '/helpcenter/pk-chai-khana', { config: { mode: 'GODROID' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/request-a-rider/pk-chai-khana'), LAZY_PAGE);
  });

  it('gives the FAQ a page of its own that a visitor reaches from the footer', async () => {
    const { router } = await renderRoutes(appRoutes, '/termsandconditions');
    const footer = await screen.findByRole('navigation', { name: 'Legal and help' }, LAZY_PAGE);
    await userEvent.click(within(footer).getByRole('link', { name: 'Frequently asked questions' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/faq'));
    expect(
      await screen.findByRole('heading', { name: 'Frequently asked questions', level: 1 }, LAZY_PAGE),
    ).toBeVisible();
    expect(screen.getByText('How much does a delivery cost?')).toBeInTheDocument();
  });

  it('shows the FAQ page to a guest too', async () => {
    asGuestWithAnOrder();
    await renderRoutes(appRoutes, '/faq');
    expect(
      await screen.findByRole('heading', { name: 'Frequently asked questions', level: 1 }, LAZY_PAGE),
    ).toBeVisible();
  });
});
