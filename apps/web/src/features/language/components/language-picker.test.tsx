import ur from '@riderdesk/domain/locales/ur_alt.json';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { STORAGE_KEYS } from '../../../shared/storage.ts';
import { LanguagePicker } from './language-picker.tsx';

function Heading() {
  const { t } = useTranslation();
  return <h1>{t('request.title')}</h1>;
}

describe('LanguagePicker', () => {
  it('offers only the configured languages', async () => {
    await renderWithProviders(<LanguagePicker />);
    await userEvent.click(screen.getByRole('button', { name: /Choose another language/ }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['English', 'اردو']);
  });

  it('renders nothing when the country offers one language', async () => {
    await renderWithProviders(<LanguagePicker />, { config: { languages: ['en'] } });
    expect(screen.queryByRole('button', { name: /language/i })).not.toBeInTheDocument();
  });

  it('switching to Urdu translates the page and mirrors the document', async () => {
    await renderWithProviders(
      <>
        <Heading />
        <LanguagePicker />
      </>,
    );
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    await userEvent.click(screen.getByRole('button', { name: /Choose another language/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'اردو' }));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(document.documentElement).toHaveAttribute('lang', 'ur');
    expect(screen.getByRole('heading', { name: ur.request.title })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('ur_alt');

    await userEvent.click(screen.getByRole('button', { name: /زبان/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'ltr'));
  });
});
