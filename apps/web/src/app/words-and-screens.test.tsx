import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api.ts';
import { makeVendor, validSession } from '../../test/fixtures.ts';
import { countryParametersHandler, vendorsHandler } from '../../test/handlers.ts';
import { renderRoutes } from '../../test/render.tsx';
import { STORAGE_KEYS } from '../shared/storage.ts';
import { appRoutes } from './router.tsx';

// A page's chunk is loaded, and in tests compiled, on first use: slow on a loaded machine.
const LAZY_PAGE = { timeout: 5000 };

function logIn() {
  window.localStorage.setItem(STORAGE_KEYS.session, JSON.stringify(validSession()));
}

function stubVendorApi() {
  return mockApi(
    vendorsHandler([makeVendor({ vendor_id: 'p-1', name: 'Karachi Kitchens', is_parent: true })]),
    countryParametersHandler({ allOutletOrders: 'true' }),
  );
}

describe('the shell’s words (spec §8)', () => {
  it('says a branch named by the URL could not be fetched, then opens the user’s own', async () => {
    logIn();
    stubVendorApi();
    const { router } = await renderRoutes(appRoutes, '/history/p-gone');
    await waitFor(() => expect(router.state.location.pathname).toBe('/history/p-1'), LAZY_PAGE);
    expect(await screen.findByText('We could not load this branch.', {}, LAZY_PAGE)).toBeInTheDocument();
  });
});
