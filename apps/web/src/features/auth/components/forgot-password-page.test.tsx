import { ForgotPasswordBodySchema, ResetPasswordBodySchema } from '@riderdesk/domain/contracts/auth';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/api.ts';
import { API, answer, bodyOf } from '../../../../test/handlers.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';

async function askForCode() {
  await userEvent.type(screen.getByLabelText('E-mail address'), 'demo@riderdesk.pk');
  await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));
  return screen.findByRole('form', { name: 'Choose a new password' });
}

describe('forgot password', () => {
  it('shows an empty e-mail address as the user’s mistake, never as our failure', async () => {
    mockApi(
      http.post(`${API}/password/forgot`, () =>
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
    await renderWithProviders(<ForgotPasswordPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Enter your e-mail address, for example name@business.com.');
    expect(alert).not.toHaveTextContent(/Something went wrong|could not/i);
  });
});

describe('reset password (spec §5: 6-digit code, password rules, both passwords alike)', () => {
  it('names every failure at its field and sends nothing, then clears a field’s message as it is edited', async () => {
    const api = mockApi(
      http.post(`${API}/password/forgot`, async ({ request }) => {
        await bodyOf(request, ForgotPasswordBodySchema);
        return answer(true);
      }),
    );
    await renderWithProviders(<ForgotPasswordPage />);
    await askForCode();
    await userEvent.type(screen.getByLabelText('Verification code'), '123');
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(screen.getByLabelText('Verification code')).toHaveAccessibleDescription('The code is 6 digits.');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'The password does not meet the requirements.',
    );
    expect(screen.getByLabelText('Repeat the new password')).toHaveAccessibleDescription(
      'The two passwords do not match.',
    );
    expect(api.sent('/api/v1/password/reset')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Verification code'), '456');
    expect(screen.getByLabelText('Verification code')).not.toHaveAccessibleDescription('The code is 6 digits.');
    expect(screen.getByLabelText('Repeat the new password')).toHaveAccessibleDescription(
      'The two passwords do not match.',
    );
  });

  it('sends the code and the new password once the form passes', async () => {
    const api = mockApi(
      http.post(`${API}/password/forgot`, () => answer(true)),
      http.post(`${API}/password/reset`, async ({ request }) => {
        await bodyOf(request, ResetPasswordBodySchema);
        return answer(true);
      }),
    );
    await renderWithProviders(<ForgotPasswordPage />);
    await askForCode();
    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await userEvent.type(screen.getByLabelText('New password'), 'Riderdesk#2026');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'Riderdesk#2026');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await vi.waitFor(() => expect(api.sent('/api/v1/password/reset')).toHaveLength(1));
    expect(api.sent('/api/v1/password/reset')[0]?.body).toEqual({
      email_address: 'demo@riderdesk.pk',
      code: '123456',
      password: 'Riderdesk#2026',
    });
  });
});
