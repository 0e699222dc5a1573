import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/api.ts';
import { API, answer, apiError } from '../../../../test/handlers.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import {
  beginLogout,
  expireSession,
  getSession,
  setSession,
  takeSessionExpiry,
} from '../../../shared/session/session-store.ts';
import { STORAGE_KEYS } from '../../../shared/storage.ts';
import { LoginForm } from './login-form.tsx';

async function submit(email = 'demo@riderdesk.pk', password = 'wrong') {
  await userEvent.type(screen.getByLabelText('E-mail address'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginForm error mapping (spec §8)', () => {
  it.each([
    ['NotAuthorizedException', 'Incorrect e-mail address or password.'],
    ['UserNotConfirmedException', 'Your e-mail address is not verified yet. Open the link we e-mailed you.'],
    ['TooManyRequestsException', 'Too many attempts. Please wait a few minutes and try again.'],
  ])('shows auth.%s', async (code, text) => {
    mockApi(http.post(`${API}/login`, () => apiError(401, code)));
    await renderWithProviders(<LoginForm canRegister />);
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('shows empty fields as the user’s mistake, never as our failure', async () => {
    // The server checks the fields (spec §5: no client-side validation) and names the one it refuses.
    mockApi(
      http.post(`${API}/login`, () =>
        HttpResponse.json(
          {
            status: 400,
            code: 'ValidationError',
            message: 'The request is not valid.',
            errors: [
              {
                field: 'email_address',
                message: 'Invalid email',
                meta: { translation_key: 'validation.invalid_format' },
              },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    await renderWithProviders(<LoginForm canRegister />);
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Enter your e-mail address, for example name@business.com.');
    expect(alert).not.toHaveTextContent('Something went wrong');
  });

  it('says the user could be offline when no answer comes back', async () => {
    mockApi(http.all(`${API}/*`, () => HttpResponse.error()));
    await renderWithProviders(<LoginForm canRegister />);
    await submit();
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(
      'Something went wrong. Please try again. You could be offline.',
    );
  }, 10_000);

  it('stores the session and clears guest orders on success', async () => {
    window.localStorage.setItem(STORAGE_KEYS.guestOrders, '["o-1"]');
    const tokens = { AccessToken: 'a', IdToken: 'i', RefreshToken: 'r', Expires: Math.floor(Date.now() / 1000) + 3600 };
    mockApi(
      http.post(`${API}/login`, () => answer(tokens)),
      http.get(`${API}/me`, () => answer({ id: 'u-7', email: 'demo@riderdesk.pk' })),
    );
    await renderWithProviders(<LoginForm canRegister />);
    await submit('Demo@Riderdesk.pk', 'Riderdesk#2026');
    await screen.findByRole('button', { name: 'Log in' });
    await vi.waitFor(() => expect(getSession()?.user).toEqual({ id: 'u-7', email: 'demo@riderdesk.pk' }));
    expect(window.localStorage.getItem(STORAGE_KEYS.guestOrders)).toBeNull();
  });

  it('asks to log out and in again when the user lookup after login fails (spec §8)', async () => {
    const tokens = { AccessToken: 'a', IdToken: 'i', RefreshToken: 'r', Expires: Math.floor(Date.now() / 1000) + 3600 };
    mockApi(
      http.post(`${API}/login`, () => answer(tokens)),
      http.get(`${API}/me`, () => apiError(404, 'NotFound')),
    );
    await renderWithProviders(<LoginForm canRegister />);
    await submit('demo@riderdesk.pk', 'Riderdesk#2026');
    expect(await screen.findByText('Could not get your information: log out and log in again.')).toBeInTheDocument();
    act(() => setSession(null));
  });

  it('says the user was disconnected when the server ended the session, until the next login', async () => {
    const tokens = { AccessToken: 'a', IdToken: 'i', RefreshToken: 'r', Expires: Math.floor(Date.now() / 1000) + 3600 };
    setSession({ user: { id: 'u-1', email: 'demo@riderdesk.pk' }, meta: tokens });
    act(() => expireSession());
    await renderWithProviders(<LoginForm canRegister />);
    const form = screen.getByRole('form');
    expect(within(form).getByRole('status')).toHaveTextContent('You are now disconnected.');
    act(() => setSession({ user: { id: 'u-1', email: 'demo@riderdesk.pk' }, meta: tokens }));
    expect(within(form).queryByText('You are now disconnected.')).not.toBeInTheDocument();
    act(() => setSession(null));
  });

  it('leaves the notice to the logout when the session is rejected while the user logs out', async () => {
    const tokens = { AccessToken: 'a', IdToken: 'i', RefreshToken: 'r', Expires: Math.floor(Date.now() / 1000) + 3600 };
    const login = () => setSession({ user: { id: 'u-1', email: 'demo@riderdesk.pk' }, meta: tokens });
    login();
    // The server ends the session as it answers the logout: a request in flight finds it rejected.
    beginLogout();
    act(() => expireSession());
    expect(takeSessionExpiry()).toBe(false);
    await renderWithProviders(<LoginForm canRegister />);
    const form = screen.getByRole('form');
    expect(within(form).queryByText('You are now disconnected.')).not.toBeInTheDocument();
    // After the next login, a session the server ends is an expiry again.
    act(() => login());
    act(() => expireSession());
    expect(within(form).getByRole('status')).toHaveTextContent('You are now disconnected.');
    act(() => login());
    act(() => setSession(null));
  });

  it('says that logging in accepts the terms, with a link to them (spec §5)', async () => {
    await renderWithProviders(<LoginForm canRegister />);
    expect(screen.getByRole('form')).toHaveTextContent('By logging in you accept our Terms and conditions');
    expect(screen.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/termsandconditions');
  });

  it('links to sign-up only when it is allowed', async () => {
    await renderWithProviders(<LoginForm canRegister={false} />);
    expect(screen.queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
  });
});
