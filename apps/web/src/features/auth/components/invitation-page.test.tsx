import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api.ts';
import { API, answer, apiError } from '../../../../test/handlers.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { InvitationPage } from './invitation-page.tsx';

const TOKENS = { AccessToken: 'a', IdToken: 'i', RefreshToken: 'r', Expires: 4_102_444_800 };

describe('InvitationPage for an e-mail that has an account', () => {
  it('asks for the account’s password, not a new one, and accepts with it', async () => {
    const accepted: unknown[] = [];
    mockApi(
      http.post(`${API}/outlet/invitation`, () =>
        answer({ email: 'owner@shop.pk', vendor_id: 'kgh-clifton', outlet_name: 'Clifton', has_account: true }),
      ),
      http.post(`${API}/outlet/invitation/accept`, async ({ request }) => {
        const body = (await request.json()) as { password: string };
        accepted.push(body);
        return body.password === 'Karachi#2026'
          ? answer({ ...TOKENS, vendor_id: 'kgh-clifton' })
          : apiError(401, 'NotAuthorizedException');
      }),
    );
    const { router } = await renderRoutes(
      [
        { path: '/invitation', element: <InvitationPage /> },
        { path: '/request-a-rider/:vendorId', element: <p>request page</p> },
      ],
      '/invitation#token=abc',
    );
    expect(await screen.findByText(/Enter the password of your account owner@shop\.pk/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Confirm password')).toBeNull();

    await userEvent.type(screen.getByLabelText('Your password'), 'Wrong#2026');
    await userEvent.click(screen.getByRole('button', { name: 'Accept and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect e-mail address or password.');

    await userEvent.clear(screen.getByLabelText('Your password'));
    await userEvent.type(screen.getByLabelText('Your password'), 'Karachi#2026');
    await userEvent.click(screen.getByRole('button', { name: 'Accept and continue' }));
    expect(await screen.findByText('request page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/request-a-rider/kgh-clifton');
    expect(accepted).toEqual([
      { token: 'abc', password: 'Wrong#2026' },
      { token: 'abc', password: 'Karachi#2026' },
    ]);
  });
});
