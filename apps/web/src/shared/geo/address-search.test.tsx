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
});
