import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { notify } from './notify.ts';

/** Where the snackbar stands: the notifications' container of the shown message. */
async function positionOf(message: string): Promise<string | null | undefined> {
  const shown = await screen.findByText(message);
  return shown.closest('[data-position]')?.getAttribute('data-position');
}

describe('notify', () => {
  it('puts the snackbar at the bottom left, the inline start, in English', async () => {
    await renderWithProviders(<p>page</p>, { language: 'en' });
    notify({ message: 'Saved in English' });
    expect(await positionOf('Saved in English')).toBe('bottom-left');
  });

  it('mirrors it to the bottom right in Urdu, clear of the help button at the inline end', async () => {
    await renderWithProviders(<p>page</p>, { language: 'ur_alt' });
    notify({ message: 'اردو میں محفوظ' });
    expect(await positionOf('اردو میں محفوظ')).toBe('bottom-right');
  });
});
