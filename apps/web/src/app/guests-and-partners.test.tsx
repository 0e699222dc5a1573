import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api.ts';
import { makeVendor } from '../../test/fixtures.ts';
import { API, answer, apiError, countryParametersHandler, vendorsHandler } from '../../test/handlers.ts';
import { renderRoutes } from '../../test/render.tsx';
import { GUEST_VENDOR, guestToken, LAZY_PAGE } from '../../test/shell.ts';
import { STORAGE_KEYS } from '../shared/storage.ts';
import { applyPartnerHandOff, capturePartnerHandOff } from './partner-hand-off.ts';
import { appRoutes } from './router.tsx';

const guestVendor = makeVendor({ vendor_id: GUEST_VENDOR, name: 'guest' });
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('guests (spec §1, §4, §6)', () => {
  it('opens a guest session in GUEST mode after solving the challenge, then shows the request page', async () => {
    const api = mockApi(
      http.get(`${API}/guest/challenge`, () => answer({ challenge: 'c.1.mac', difficulty: 4 })),
      http.post(`${API}/guest/session`, () =>
        answer({ token: guestToken(inAnHour()), exp: inAnHour(), vendor_id: GUEST_VENDOR }),
      ),
      vendorsHandler([guestVendor]),
      countryParametersHandler({}),
    );
    const { router } = await renderRoutes(appRoutes, '/request-a-rider', { config: { mode: 'GUEST' } });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/request-a-rider/${GUEST_VENDOR}`), LAZY_PAGE);
    const [session] = api.sent(`${API}/guest/session`);
    const sent = session?.body as { challenge: string; nonce: string };
    expect(sent.challenge).toBe('c.1.mac');
    // The nonce meets the difficulty: sha256("c.1.mac:{nonce}") starts with 4 zero bits.
    const digest = new Uint8Array(
      await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${sent.challenge}:${sent.nonce}`)),
    );
    expect(digest[0]! >> 4).toBe(0);
    // Later calls carry the guest token (spec §7), and a guest has no branch selector or bulk tab.
    await waitFor(() =>
      expect(api.requests.some((call) => call.headers.get('authorization')?.startsWith('Bearer '))).toBe(true),
    );
    expect(screen.queryByRole('link', { name: 'Bulk order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /branch/i })).not.toBeInTheDocument();
    // The header says what this is, not the guest's generated vendor name and id.
    const header = within(screen.getByRole('banner'));
    expect(await header.findByText('Guest order')).toBeInTheDocument();
    expect(header.queryByText(GUEST_VENDOR)).not.toBeInTheDocument();
    expect(header.queryByText('guest')).not.toBeInTheDocument();
  });

  it('clears a stored guest token whose exp has passed (spec §4) and asks for a new session', async () => {
    window.localStorage.setItem(STORAGE_KEYS.guestToken, guestToken(Math.floor(Date.now() / 1000) - 10));
    const api = mockApi(
      http.get(`${API}/guest/challenge`, () => answer({ challenge: 'c.2.mac', difficulty: 0 })),
      http.post(`${API}/guest/session`, () =>
        answer({ token: guestToken(inAnHour()), exp: inAnHour(), vendor_id: GUEST_VENDOR }),
      ),
      vendorsHandler([guestVendor]),
      countryParametersHandler({}),
    );
    await renderRoutes(appRoutes, '/request-a-rider', { config: { mode: 'GUEST' } });
    await waitFor(() => expect(api.sent(`${API}/guest/session`)).toHaveLength(1), LAZY_PAGE);
  });

  it('lets a CLASSIC guest (GuestCheckout) reach the login page, and the account popover offers login and sign-up', async () => {
    window.localStorage.setItem(STORAGE_KEYS.guestToken, guestToken(inAnHour()));
    mockApi(vendorsHandler([guestVendor]), countryParametersHandler({}));
    const { router } = await renderRoutes(appRoutes, `/order-tracking/${GUEST_VENDOR}`);
    const account = await screen.findByRole('button', { name: 'Account' }, LAZY_PAGE);
    await userEvent.click(account);
    const login = await screen.findByRole('link', { name: 'Log in' });
    expect(screen.getByRole('link', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
    await userEvent.click(login);
    await waitFor(() => expect(router.state.location.pathname).toBe('/connect'));
    expect(await screen.findByRole('form', { name: 'Log in' }, LAZY_PAGE)).toBeInTheDocument();
  });

  it('refuses a guest search by order id and allows one by phone (spec §5)', async () => {
    window.localStorage.setItem(STORAGE_KEYS.guestToken, guestToken(inAnHour()));
    mockApi(
      vendorsHandler([guestVendor]),
      countryParametersHandler({}),
      http.get(`${API}/vendor/:vendorId/orders`, () => answer({ data: [], pagination: { pagination_key: null } })),
    );
    await renderRoutes(appRoutes, `/order-tracking/${GUEST_VENDOR}`);
    const search = await screen.findByRole('searchbox', { name: "Search today's orders" }, LAZY_PAGE);
    expect(search).toHaveAttribute('placeholder', 'Customer phone number');
    await userEvent.type(search, 'guest-0123-1');
    expect(await screen.findByText('As a guest, search your orders by a valid phone number.')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, '0300 1234567');
    await waitFor(() =>
      expect(screen.queryByText('As a guest, search your orders by a valid phone number.')).not.toBeInTheDocument(),
    );
  });

  it('asks the guest to register after an order, once per order', async () => {
    window.localStorage.setItem(STORAGE_KEYS.guestToken, guestToken(inAnHour()));
    window.localStorage.setItem(STORAGE_KEYS.guestOrders, JSON.stringify(['guest-0123-1']));
    mockApi(
      vendorsHandler([guestVendor]),
      countryParametersHandler({}),
      http.get(`${API}/vendor/:vendorId/orders`, () => answer({ data: [], pagination: { pagination_key: null } })),
    );
    await renderRoutes(appRoutes, `/order-tracking/${GUEST_VENDOR}`);
    const dialog = await screen.findByRole('region', { name: 'Keep your orders' }, LAZY_PAGE);
    // In the page, not over it: the tracking stays in view and usable.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(dialog.closest('main')).not.toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Keep your orders' })).not.toBeInTheDocument());
  });
});

describe('embedded partner mode (GODROID)', () => {
  it('takes the token out of the URL at once and keeps it only in GODROID mode', () => {
    window.history.replaceState(null, '', '/connect?token=gd_secret&locale=ur_alt&tos_required=true');
    capturePartnerHandOff();
    expect(window.location.search).toBe('');
    expect(window.location.pathname).toBe('/connect');
    applyPartnerHandOff('CLASSIC');
    expect(window.localStorage.getItem(STORAGE_KEYS.godroidToken)).toBeNull();

    window.history.replaceState(null, '', '/connect?token=gd_secret&locale=ur_alt&tos_required=true');
    capturePartnerHandOff();
    applyPartnerHandOff('GODROID');
    expect(window.localStorage.getItem(STORAGE_KEYS.godroidToken)).toBe('gd_secret');
    expect(window.localStorage.getItem(STORAGE_KEYS.godroidLocale)).toBe('ur_alt');
    expect(window.localStorage.getItem(STORAGE_KEYS.godroidTosRequired)).toBe('true');
  });

  it('shows the terms to accept first, sends GoDroid on every call and offers no login or logout', async () => {
    window.localStorage.setItem(STORAGE_KEYS.godroidToken, 'gd_secret');
    window.localStorage.setItem(STORAGE_KEYS.godroidTosRequired, 'true');
    const api = mockApi(
      vendorsHandler([makeVendor({ vendor_id: 'pk-chai-khana', name: 'Chai Khana Saddar' })]),
      countryParametersHandler({}),
    );
    await renderRoutes(appRoutes, '/request-a-rider', { config: { mode: 'GODROID' } });
    const terms = await screen.findByRole('dialog', { name: 'Terms and conditions' }, LAZY_PAGE);
    await userEvent.click(within(terms).getByRole('button', { name: 'I accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Terms and conditions' })).not.toBeInTheDocument());
    expect(window.localStorage.getItem(STORAGE_KEYS.godroidTosRequired)).toBe('false');
    const authorised = api.requests.filter((call) => call.url.pathname.startsWith(API));
    expect(authorised.length).toBeGreaterThan(0);
    for (const call of authorised) expect(call.headers.get('authorization')).toBe('GoDroid gd_secret');

    await userEvent.click(screen.getAllByRole('button', { name: 'Account' })[0]!);
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });

  it.each([
    ['a refused token', 'gd_revoked'],
    ['no token', null],
  ])('says the link is invalid or expired and whom to ask, with %s', async (_, token) => {
    if (token) window.localStorage.setItem(STORAGE_KEYS.godroidToken, token);
    mockApi(
      http.get(`${API}/vendors`, () => apiError(401, 'NotAuthorizedException')),
      countryParametersHandler({}),
    );
    await renderRoutes(appRoutes, '/request-a-rider', { config: { mode: 'GODROID' } });
    expect(
      await screen.findByText(
        "This link is invalid or has expired. Open this page again from the app you came from, or ask that app's support team for a new link.",
        {},
        LAZY_PAGE,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/refresh the page/i)).not.toBeInTheDocument();
  });
});
