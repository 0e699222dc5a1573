import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api.ts';
import { API, apiError } from '../../../../test/handlers.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { RegisterPage } from './register-page.tsx';

describe('registration (spec §5: the password rules, and a VAT number of 8 characters)', () => {
  it('names the password first, then the VAT number of a new business, and sends nothing until both pass', async () => {
    const api = mockApi();
    await renderWithProviders(<RegisterPage />);
    await userEvent.click(screen.getByText('New business'));
    await userEvent.type(screen.getByLabelText('VAT number (optional)'), 'PK1');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('The password does not meet the requirements.')).toBeInTheDocument();
    expect(screen.queryByText('The VAT number must be 8 characters.')).not.toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Password'));
    expect(screen.queryByText('The password does not meet the requirements.')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password'), 'Riderdesk#2026');
    await userEvent.type(screen.getByLabelText('Repeat the password'), 'Riderdesk#2026');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The VAT number must be 8 characters.')).toBeInTheDocument();
    expect(api.sent('/api/v1/register')).toHaveLength(0);
  });

  it('asks for the password twice and says when the two do not match (spec §5)', async () => {
    const api = mockApi();
    await renderWithProviders(<RegisterPage />);
    await userEvent.type(screen.getByLabelText('Password'), 'Riderdesk#2026');
    await userEvent.type(screen.getByLabelText('Repeat the password'), 'Riderdesk#2025');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The two passwords do not match.')).toBeInTheDocument();
    expect(api.sent('/api/v1/register')).toHaveLength(0);
  });
});

describe('registration with a vendor code (spec §5)', () => {
  it('marks a wrong vendor code on its own field, and clears it once the code is edited', async () => {
    mockApi(
      http.post(`${API}/register`, () =>
        apiError(400, 'InvalidParameterException', 'InvalidParameterException', [
          {
            field: 'vendor_code',
            message: 'This vendor code is not correct.',
            meta: { translation_key: 'register.error.vendor-code' },
          },
        ]),
      ),
    );
    await renderWithProviders(<RegisterPage />);
    await userEvent.type(screen.getByLabelText('Vendor code'), 'WRONG-1');
    await userEvent.type(screen.getByLabelText(/Vendor e-mail address/), 'owner@example.com');
    await userEvent.type(screen.getByLabelText('Your e-mail address'), 'me@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Riderdesk#2026');
    await userEvent.type(screen.getByLabelText('Repeat the password'), 'Riderdesk#2026');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const code = screen.getByLabelText('Vendor code');
    await screen.findByText('This vendor code is not correct.');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(/This vendor code is not correct\./);
    expect(code).toHaveFocus();

    await userEvent.type(code, 'X');
    expect(screen.queryByText('This vendor code is not correct.')).not.toBeInTheDocument();
  });
});
