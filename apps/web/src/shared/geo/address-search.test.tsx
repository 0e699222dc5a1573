import type { AutocompleteAnswer } from '@riderdesk/domain/contracts/geo';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { API } from '../../../test/handlers.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import { AddressSearch } from './address-search.tsx';

function Search() {
  const [value, setValue] = useState('');
  return (
    <AddressSearch
      label="Drop-off"
      value={value}
      onChange={setValue}
      onPick={() => {}}
      countryCode="PK"
      bias={null}
      vendorId={null}
      withAddressBook={false}
      error={null}
    />
  );
}

describe('the address search', () => {
  it('lets the browser set the direction of what is typed, so a Latin address keeps its start in an Urdu page', async () => {
    await renderWithProviders(<Search />, { language: 'ur_alt' });
    expect(screen.getByRole('textbox', { name: 'Drop-off' })).toHaveAttribute('dir', 'auto');
  });

  it.each([
    ['ur_alt', 'زمزمہ', 'ur'],
    ['en', 'Zamzama', 'en'],
  ])('asks the geocoder in the page language (%s)', async (language, typed, asked) => {
    const languages: (string | null)[] = [];
    server.use(
      http.get(`${API}/geolocator/autocomplete`, ({ request }) => {
        languages.push(new URL(request.url).searchParams.get('language'));
        return HttpResponse.json({
          data: { data: [{ address: { id: 'khi-zamzama-commercial', formatted_address: 'Zamzama Commercial' } }] },
        } satisfies AutocompleteAnswer);
      }),
    );
    await renderWithProviders(<Search />, { language });
    await userEvent.type(screen.getByRole('textbox', { name: 'Drop-off' }), typed);
    expect(await screen.findByText('Zamzama Commercial')).toBeInTheDocument();
    expect(languages).toEqual([asked]);
  });
});
