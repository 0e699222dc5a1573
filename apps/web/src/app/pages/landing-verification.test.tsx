import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { LAZY_PAGE } from '../../../test/shell.ts';
import { appRoutes } from '../router.tsx';

describe('the e-mailed verification link’s landing (spec §5 registration)', () => {
  it('says the e-mail address is confirmed above the login form, and drops the parameter', async () => {
    const { router } = await renderRoutes(appRoutes, '/?verified=1');
    const notice = await screen.findByRole('status', { name: 'E-mail address confirmed' }, LAZY_PAGE);
    expect(notice).toHaveTextContent('Your e-mail address is verified. You can log in now.');
    expect(screen.getByRole('form', { name: 'Log in' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('status', { name: 'E-mail address confirmed' })).toBeInTheDocument();
  });

  it('says clearly when the link is not valid or has expired (Urdu)', async () => {
    await renderRoutes(appRoutes, '/?verified=0', { language: 'ur_alt' });
    const notice = await screen.findByRole('alert', { name: 'یہ لنک استعمال نہیں ہو سکتا' }, LAZY_PAGE);
    expect(notice).toHaveTextContent('یہ تصدیقی لنک درست نہیں یا اس کی مدت ختم ہو چکی ہے۔');
  });
});
