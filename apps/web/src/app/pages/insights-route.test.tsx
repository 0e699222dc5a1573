import { assembleInsights } from '@riderdesk/domain/insights/assemble';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api.ts';
import { makeVendor, validSession } from '../../../test/fixtures.ts';
import { API } from '../../../test/handlers.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { setSession } from '../../shared/session/session-store.ts';
import { STORAGE_KEYS } from '../../shared/storage.ts';
import { ShellContext } from '../shell-context.tsx';
import { InsightsRoute } from './insights-route.tsx';

const vendor = makeVendor({ vendor_id: 'v-1', name: 'Saddar Kitchen', is_parent: true });
const outlet = makeVendor({ vendor_id: 'v-2', name: 'Clifton', parent_vendor_id: 'v-1' });

/** What the API answers for 9–10 March: built by the domain's own assembly from a few rollup rows. */
const answer = assembleInsights({
  period: { start: '2026-03-09', end: '2026-03-10' },
  timeZone: 'Asia/Karachi',
  currency: 'PKR',
  outlets: [
    { vendorId: 'v-1', name: 'Saddar Kitchen' },
    { vendorId: 'v-2', name: 'Clifton' },
  ],
  finished: [
    ...[null, 'v-1'].map((vendorId) => ({
      period: 'current' as const,
      vendorId,
      day: vendorId === null ? '2026-03-09' : null,
      status: 'DELIVERED' as const,
      cancelReason: null,
      paymentMethod: 'CASH_ON_DELIVERY',
      orders: 3,
      delayed: 1,
      vouchered: 0,
      feeMinor: 30_000,
      discountMinor: 0,
      amountMinor: 90_000,
      onTime: 2,
      measured: 3,
    })),
    ...[null, 'v-2'].map((vendorId) => ({
      period: 'current' as const,
      vendorId,
      day: vendorId === null ? '2026-03-10' : null,
      status: 'CANCELLED' as const,
      cancelReason: 'no_courier',
      paymentMethod: 'CASH_ON_DELIVERY',
      orders: 1,
      delayed: 0,
      vouchered: 0,
      feeMinor: 10_000,
      discountMinor: 0,
      amountMinor: 10_000,
      onTime: 0,
      measured: 0,
    })),
  ],
  durations: [{ period: 'current', vendorId: null, measure: 'delivery', bucket: 7, orders: 3 }],
  hours: [{ weekday: 1, hour: 13, orders: 4 }],
  unfinished: [],
});

async function renderInsights() {
  const api = mockApi(http.get(`${API}/vendor/v-1/insights`, () => HttpResponse.json({ result: answer })));
  const element = (
    <ShellContext.Provider value={{ vendors: [vendor, outlet], selectedVendor: vendor, includeOutlets: true }}>
      <InsightsRoute />
    </ShellContext.Provider>
  );
  const view = await renderRoutes(
    [
      { path: '/insights/:vendorID?', element },
      { path: '/history/:vendorID?', element: <p>History page</p> },
    ],
    '/insights/v-1',
  );
  return { api, ...view };
}

describe('insights page', () => {
  beforeEach(() => {
    setSession(validSession());
    localStorage.setItem(
      STORAGE_KEYS.insightsRange,
      JSON.stringify({ preset: 'Custom', start: '2026-03-09', end: '2026-03-10' }),
    );
  });

  it('asks for the stored period with the outlets, and shows the figures beside the previous period', async () => {
    const { api } = await renderInsights();
    expect(await screen.findByRole('heading', { level: 1, name: 'Delivery insights' })).toBeInTheDocument();
    const request = api.requests.find((call) => call.url.pathname === `${API}/vendor/v-1/insights`);
    expect(Object.fromEntries(request!.url.searchParams)).toEqual({
      start: '2026-03-09',
      end: '2026-03-10',
      include_outlets: 'true',
    });
    const summary = await screen.findByRole('region', { name: 'Summary' });
    // Its numbers are a table for screen readers: 4 orders this period, none before.
    const table = within(summary).getByRole('table', { name: 'Summary' });
    expect(within(table).getByRole('row', { name: /^Orders 4 0/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /On time \(%\) 66\.7/ })).toBeInTheDocument();
    expect(screen.getByText('Branches side by side', { selector: 'caption' })).toBeInTheDocument();
  });

  it('shows a chart as its table, whose counts open History on those orders', async () => {
    const user = userEvent.setup();
    const { router } = await renderInsights();
    const perDay = await screen.findByRole('region', { name: 'Orders per day' });
    await user.click(within(perDay).getByText('Table'));
    const table = within(perDay).getByRole('table', { name: 'Orders per day' });
    // 9 March: 3 delivered.
    await user.click(within(table).getAllByRole('link', { name: '3' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/history/v-1'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      start: '2026-03-09',
      end: '2026-03-09',
      status: 'DELIVERED',
    });
  });

  it('sorts the outlets by a figure', async () => {
    const user = userEvent.setup();
    await renderInsights();
    const outlets = await screen.findByRole('table', { name: 'Branches side by side' });
    const names = () =>
      within(outlets)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
    expect(names()).toEqual(['Saddar Kitchen', 'Clifton']);
    await user.click(within(outlets).getByRole('button', { name: 'Sort by Cancelled' }));
    expect(names()).toEqual(['Clifton', 'Saddar Kitchen']);
    expect(within(outlets).getByRole('columnheader', { name: /Cancelled/ })).toHaveAttribute('aria-sort', 'descending');
  });
});
