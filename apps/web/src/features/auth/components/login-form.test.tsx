import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../../test/fetch-stub.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { getSession } from '../../../shared/session/session-store.ts';
import { STORAGE_KEYS } from '../../../shared/storage.ts';
import { LoginForm } from './login-form.tsx';

async function submit(email = 'demo@riderdesk.pk', password = 'wrong') {
  await userEvent.type(screen.getByLabelText('E-mail address'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

const refusal =
  (code: string, status = 401) =>
  () =>
    json({ status, code, message: code, errors: [] }, status);

describe('LoginForm error mapping (spec §8)', () => {
  it.each([
    ['NotAuthorizedException', 'Incorrect e-mail address or password.'],
    ['UserNotConfirmedException', 'Your e-mail address is not verified yet. Open the link we e-mailed you.'],
    ['TooManyRequestsException', 'Too many attempts. Please wait a few minutes and try again.'],
  ])('shows auth.%s', async (code, text) => {
    stubFetch({ 'POST /api/v1/login': refusal(code) });
    await renderWithProviders(<LoginForm canRegister />);
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('says the user could be offline when no answer comes back', async () => {
    const { fetchMock } = stubFetch({});
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await renderWithProviders(<LoginForm canRegister />);
    await submit();
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(
      'Something went wrong. Please try again. You could be offline.',
    );
  }, 10_000);

  it('stores the session and clears guest orders on success', async () => {
    window.localStorage.setItem(STORAGE_KEYS.guestOrders, '["o-1"]');
    const tokens = { AccessToken: 'a', IdToken: 'i', RefreshToken: 'r', Expires: Math.floor(Date.now() / 1000) + 3600 };
    stubFetch({
      'POST /api/v1/login': () => json({ result: tokens }),
      'GET /api/v1/me': () => json({ result: { id: 'u-7', email: 'demo@riderdesk.pk' } }),
    });
    await renderWithProviders(<LoginForm canRegister />);
    await submit('Demo@Riderdesk.pk', 'Riderdesk#2026');
    await screen.findByRole('button', { name: 'Log in' });
    await vi.waitFor(() => expect(getSession()?.user).toEqual({ id: 'u-7', email: 'demo@riderdesk.pk' }));
    expect(window.localStorage.getItem(STORAGE_KEYS.guestOrders)).toBeNull();
  });

  it('links to sign-up only when it is allowed', async () => {
    await renderWithProviders(<LoginForm canRegister={false} />);
    expect(screen.queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
  });
});
