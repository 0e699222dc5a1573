import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { AccountMenu } from './account-menu.tsx';

async function openMenu(email: string | null) {
  await renderWithProviders(<AccountMenu email={email} onLogout={() => {}} isLoggingOut={false} />);
  await userEvent.click(screen.getByRole('button', { name: 'Account' }));
}

describe('account menu', () => {
  it('does not invite a signed-in merchant to become a partner', async () => {
    await openMenu('owner@chai.pk');
    expect(await screen.findByText('owner@chai.pk')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /partner/i })).not.toBeInTheDocument();
  });

  it('offers the partner sign-up to a visitor without an account', async () => {
    await openMenu(null);
    const partner = await screen.findByRole('link', { name: /partner/i });
    expect(partner).toHaveAttribute('href', 'https://riderdesk.pk/partners');
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });
});
