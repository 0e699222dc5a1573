import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api.ts';
import { makeVendor } from '../../test/fixtures.ts';
import { API, countryParametersHandler, vendorsHandler } from '../../test/handlers.ts';
import { renderRoutes } from '../../test/render.tsx';
import { LAZY_PAGE, logIn } from '../../test/shell.ts';
import { appRoutes } from './router.tsx';

describe("the selected branch's flags (spec §6: flags per country and per vendor)", () => {
  it("asks for the branch's flags, hides what is off for it, and asks again when the branch changes", async () => {
    logIn();
    // Bulk orders are off for the first vendor only; the country has them on.
    const offFor: Record<string, Record<string, boolean>> = { 'p-1': { BulkOrderUpload: false }, 'p-2': {} };
    const api = mockApi(
      vendorsHandler([
        makeVendor({ vendor_id: 'p-1', name: 'Karachi Kitchens', is_parent: true }),
        makeVendor({ vendor_id: 'p-2', name: 'Lahore Grill', is_parent: true }),
      ]),
      countryParametersHandler({ allOutletOrders: 'true' }),
      http.get(`${API}/flags`, ({ request }) => {
        const vendorId = new URL(request.url).searchParams.get('vendor_id') ?? '';
        return HttpResponse.json({ variations: offFor[vendorId] ?? {} });
      }),
    );
    const { router } = await renderRoutes(appRoutes, '/history/p-1');
    expect(await screen.findByRole('heading', { name: 'All orders' }, LAZY_PAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tracking' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Bulk order' })).not.toBeInTheDocument());

    const flagCalls = () =>
      api.requests
        .filter((call) => call.url.pathname === `${API}/flags`)
        .map((call) => [call.url.searchParams.get('vendor_id'), call.headers.get('authorization') !== null]);
    expect(flagCalls()).toEqual([['p-1', true]]);

    await act(() => router.navigate('/history/p-2'));
    expect(await screen.findByRole('link', { name: 'Bulk order' })).toBeInTheDocument();
    expect(flagCalls()).toEqual([
      ['p-1', true],
      ['p-2', true],
    ]);
  });
});
