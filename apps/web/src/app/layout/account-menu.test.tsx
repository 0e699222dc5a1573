import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { AccountMenu, type AccountMenuProps } from './account-menu.tsx';

async function openMenu(email: string | null, props: Partial<AccountMenuProps> = {}) {
  await renderWithProviders(
    <AccountMenu email={email} canRegister helpCentrePath={null} onLogout={() => {}} isLoggingOut={false} {...props} />,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Account' }));
}

describe('account menu (spec §2)', () => {
  it('holds the country’s partner link and the help centre for a signed-in merchant', async () => {
    await openMenu('owner@chai.pk', { helpCentrePath: '/helpcenter/pk-chai-khana' });
    expect(await screen.findByText('owner@chai.pk')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Become a partner' })).toHaveAttribute(
      'href',
      'https://riderdesk.pk/partners',
    );
    expect(screen.getByRole('link', { name: 'Help centre' })).toHaveAttribute('href', '/helpcenter/pk-chai-khana');
  });

  it('offers login, sign-up and the partner link to a visitor without an account, no help centre', async () => {
    await openMenu(null);
    const partner = await screen.findByRole('link', { name: /partner/i });
    expect(partner).toHaveAttribute('href', 'https://riderdesk.pk/partners');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('link', { name: 'Help centre' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });

  it('shows no sign-up when DeactivateSignUpButton is on', async () => {
    await openMenu(null, { canRegister: false });
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  it('has neither login nor partner link for a partner app’s user', async () => {
    await openMenu(null, { isPartner: true });
    await screen.findByRole('dialog');
    expect(screen.queryByRole('link', { name: /partner/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });
});
