import type { OrderExportJob } from '@riderdesk/domain/contracts/order-list';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { presetRange } from '@riderdesk/domain/date-presets';
import { rangeQuery } from '@riderdesk/domain/order-history';
import { statementMonths } from '@riderdesk/domain/orders/statement';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api.ts';
import { makeVendor, validSession } from '../../../test/fixtures.ts';
import { API, apiError } from '../../../test/handlers.ts';
import { makeOrder } from '../../../test/orders.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { setSession } from '../../shared/session/session-store.ts';
import { STORAGE_KEYS } from '../../shared/storage.ts';
import { ShellContext } from '../shell-context.tsx';
import { HistoryRoute } from './history-route.tsx';

const vendor = makeVendor({ vendor_id: 'v-1', name: 'Saddar Kitchen' });
const KARACHI = 'Asia/Karachi';
const yesterdayAt = (hour: number) => {
  const { from } = presetRange('Yesterday', new Date(), KARACHI);
  return new Date(from.getTime() + hour * 3_600_000).toISOString();
};
const pastOrder = (order_id: string, overrides: Partial<Order> = {}) =>
  makeOrder({ order_id, status: 'DELIVERED', created_at: yesterdayAt(13), updated_at: yesterdayAt(14), ...overrides });

type Page = { data: Order[]; key?: string | null };

async function renderHistory(
  path: string,
  {
    pages = (_query: URLSearchParams): Page => ({ data: [] }),
    flags = {},
    handlers = [] as HttpHandler[],
    language = 'en',
  } = {},
) {
  const api = mockApi(
    ...handlers,
    http.get(`${API}/vendor/v-1/orders`, ({ request }) => {
      const page = pages(new URL(request.url).searchParams);
      return HttpResponse.json({ result: { data: page.data, pagination: { pagination_key: page.key ?? null } } });
    }),
  );
  const element = (
    <ShellContext.Provider value={{ vendors: [vendor], selectedVendor: vendor, includeOutlets: false }}>
      <HistoryRoute />
    </ShellContext.Provider>
  );
  const view = await renderRoutes([{ path: '/history/:vendorID?', element }], path, { flags, language });
  return { api, ...view };
}

const listRequests = (api: ReturnType<typeof mockApi>) =>
  api.requests.filter((call) => call.method === 'GET' && call.url.pathname === `${API}/vendor/v-1/orders`);

// jsdom matches no media query: the pages render their narrow layout unless a test widens the screen.
const narrowMatchMedia = window.matchMedia;
function widenScreen() {
  window.matchMedia = (query: string) => ({ ...narrowMatchMedia(query), matches: query.includes('min-width') });
}

beforeEach(() => {
  setSession(validSession());
  window.localStorage.removeItem(STORAGE_KEYS.historyFilters);
});
afterEach(() => {
  window.matchMedia = narrowMatchMedia;
  window.localStorage.removeItem(STORAGE_KEYS.historyFilters);
  vi.unstubAllGlobals();
});

// Rendering the whole page with its providers takes seconds on a busy machine.
describe('order history', { timeout: 20_000 }, () => {
  it('lists yesterday in Karachi time by default, 30 to a page, with the table’s columns', async () => {
    widenScreen();
    const { api } = await renderHistory('/history/v-1', {
      pages: () => ({ data: [pastOrder('v-1-A', { rider: { name: 'Nadeem Baig', phone: '+923001234509' } })] }),
    });
    const table = await screen.findByRole('table', { name: 'Past orders' });
    const row = within(table).getByRole('button', { name: 'Open order v-1-A' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Ayesha Khan')).toBeInTheDocument();
    expect(within(row).getByText('Nadeem Baig')).toBeInTheDocument();
    expect(within(row).getByText('Delivered')).toBeInTheDocument();
    expect(within(row).getByText('Cash on delivery')).toBeInTheDocument();
    const query = listRequests(api)[0]?.url.searchParams;
    expect(Object.fromEntries(query ?? [])).toEqual({
      ...rangeQuery(presetRange('Yesterday', new Date(), KARACHI)),
      count: '30',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Orders in this period: 1');
  });

  it('opens on the period and status a link names (insights), then drops them from the address', async () => {
    const { api, router } = await renderHistory('/history/v-1?start=2026-03-09&end=2026-03-10&status=DELIVERED');
    await waitFor(() => expect(listRequests(api).length).toBeGreaterThan(0));
    const query = listRequests(api)[0]!.url.searchParams;
    // Karachi's days: 9 March from 19:00 UTC the day before, to the last millisecond of 10 March.
    expect(query.get('from')).toBe('2026-03-08T19:00:00.000Z');
    expect(query.get('to')).toBe('2026-03-10T18:59:59.999Z');
    expect(query.get('status')).toBe('DELIVERED');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.historyFilters)!)).toEqual({
      range: { preset: 'Custom', start: '2026-03-09', end: '2026-03-10' },
      status: 'DELIVERED',
    });
  });

  it('asks the server for the status and the search, and remembers the status and period for the next visit', async () => {
    const user = userEvent.setup();
    const { api, unmount } = await renderHistory('/history/v-1', {
      pages: (query) =>
        query.get('search') === '0321 555'
          ? { data: [pastOrder('v-1-PHONE', { status: 'CANCELLED' })] }
          : { data: [pastOrder('v-1-A')] },
    });
    await screen.findByRole('list', { name: 'Past orders' });
    await user.click(screen.getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Cancelled' }));
    await user.click(screen.getByLabelText('Period', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Past week' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '0321 555');
    // The search waits for the typing to pause, then asks the server: allow a busy machine its time.
    expect(
      await screen.findByRole('button', { name: 'Open order v-1-PHONE' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const last = listRequests(api).at(-1)?.url.searchParams;
    expect(last?.get('status')).toBe('CANCELLED');
    expect(last?.get('search')).toBe('0321 555');
    expect(last?.get('from')).toBe(presetRange('PastWeek', new Date(), KARACHI).from.toISOString());
    unmount();

    await renderHistory('/history/v-1', { pages: () => ({ data: [] }) });
    expect(await screen.findByText('No orders in this period')).toBeInTheDocument();
    expect(screen.getByLabelText('Status', { selector: 'input' })).toHaveValue('Cancelled');
    expect(screen.getByLabelText('Period', { selector: 'input' })).toHaveValue('Past week');
    // The search is not kept.
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('says when a pre-order is scheduled instead of "Preparing order" until its time', async () => {
    const due = Math.floor(Date.now() / 1000) + 20 * 3600;
    await renderHistory('/history/v-1', {
      pages: () => ({
        data: [pastOrder('PK-7', { status: 'RECEIVED', preordered_for: due, collection_type: 'scheduled' })],
      }),
    });
    const time = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: KARACHI,
    }).format(due * 1000);
    expect(await screen.findByText(new RegExp(`^Scheduled for .*${time}`))).toBeInTheDocument();
    expect(screen.queryByText('Preparing order')).not.toBeInTheDocument();
  });

  it('says when a search finds nothing in the period', async () => {
    const user = userEvent.setup();
    await renderHistory('/history/v-1', {
      pages: (query) => ({ data: query.has('search') ? [] : [pastOrder('v-1-A')] }),
    });
    await screen.findByRole('list', { name: 'Past orders' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Nobody');
    expect(await screen.findByText('No order matches your search', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('keeps the last rows on screen, dimmed and busy, while a search loads, then shows its answer', async () => {
    const user = userEvent.setup();
    let answerSearch = () => {};
    const searchAnswered = new Promise<void>((resolve) => {
      answerSearch = resolve;
    });
    const heldSearch = http.get(`${API}/vendor/v-1/orders`, async ({ request }) => {
      const search = new URL(request.url).searchParams.get('search');
      if (!search) return undefined;
      await searchAnswered;
      return HttpResponse.json({ result: { data: [pastOrder('v-1-FOUND')], pagination: { pagination_key: null } } });
    });
    const { api } = await renderHistory('/history/v-1', {
      handlers: [heldSearch],
      pages: () => ({ data: [pastOrder('v-1-A')], key: 'next-1' }),
    });
    const list = await screen.findByRole('list', { name: 'Past orders' });
    expect(list.closest('[aria-busy]')).toHaveAttribute('aria-busy', 'false');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Ayesha');
    await waitFor(() => expect(listRequests(api).at(-1)?.url.searchParams.get('search')).toBe('Ayesha'), {
      timeout: 10_000,
    });
    // The previous answer stays, and can still be opened; its next page is not offered for the new search.
    const stale = screen.getByRole('list', { name: 'Past orders' });
    expect(within(stale).getByRole('button', { name: 'Open order v-1-A' })).toBeInTheDocument();
    expect(stale.closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('button', { name: 'Show more orders' })).not.toBeInTheDocument();

    answerSearch();
    expect(await screen.findByRole('button', { name: 'Open order v-1-FOUND' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open order v-1-A' })).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Past orders' }).closest('[aria-busy]')).toHaveAttribute(
      'aria-busy',
      'false',
    );
  });

  it('loads the next page with the pagination key, after the rows already shown', async () => {
    const user = userEvent.setup();
    const { api } = await renderHistory('/history/v-1', {
      pages: (query) =>
        query.get('pagination_key') === 'next-1'
          ? { data: [pastOrder('v-1-OLDER', { created_at: yesterdayAt(9) })] }
          : { data: [pastOrder('v-1-NEWER')], key: 'next-1' },
    });
    await user.click(await screen.findByRole('button', { name: 'Show more orders' }));
    await screen.findByRole('button', { name: 'Open order v-1-OLDER' });
    const names = screen
      .getAllByRole('button', { name: /^Open order/ })
      .map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual(['Open order v-1-NEWER', 'Open order v-1-OLDER']);
    expect(listRequests(api).at(-1)?.url.searchParams.get('pagination_key')).toBe('next-1');
    expect(screen.queryByRole('button', { name: 'Show more orders' })).not.toBeInTheDocument();
  });

  it('opens the shared order detail by pushing order_id, with Edit only under ModifyOrderButton', async () => {
    const user = userEvent.setup();
    const editable = pastOrder('v-1-OPEN', { status: 'WAITING_FOR_TRANSPORT' });
    const { router } = await renderHistory('/history/v-1', { pages: () => ({ data: [editable] }) });
    await user.click(await screen.findByRole('button', { name: 'Open order v-1-OPEN' }));
    expect(router.state.location.search).toBe('?order_id=v-1-OPEN');
    expect(router.state.historyAction).toBe('PUSH');
    const detail = await screen.findByRole('article', { name: 'Order v-1-OPEN' });
    expect(within(detail).getByRole('link', { name: 'Edit order' })).toHaveAttribute(
      'href',
      '/request-a-rider/v-1?orderID=v-1-OPEN',
    );
  });

  it('hides Edit when the ModifyOrderButton flag is off, and for an order that can no longer change', async () => {
    await renderHistory('/history/v-1?order_id=v-1-OPEN', {
      flags: { ModifyOrderButton: false },
      pages: () => ({ data: [pastOrder('v-1-OPEN', { status: 'WAITING_FOR_TRANSPORT' })] }),
    });
    const detail = await screen.findByRole('article', { name: 'Order v-1-OPEN' });
    expect(within(detail).queryByRole('link', { name: 'Edit order' })).not.toBeInTheDocument();
  });

  it('shows a delivered order with its receipt link and no Edit', async () => {
    await renderHistory('/history/v-1?order_id=v-1-DONE', { pages: () => ({ data: [pastOrder('v-1-DONE')] }) });
    const detail = await screen.findByRole('article', { name: 'Order v-1-DONE' });
    expect(within(detail).queryByRole('link', { name: 'Edit order' })).not.toBeInTheDocument();
    expect(within(detail).getByRole('link', { name: 'Delivery receipt' })).toHaveAttribute(
      'href',
      expect.stringContaining('/delivery-receipt/tok-v-1-DONE'),
    );
  });

  it('refuses a custom range that is too long without asking the server for it, and keeps the last orders listed', async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.historyFilters,
      JSON.stringify({ range: { preset: 'Custom', start: '2026-01-01', end: '2026-06-30' }, status: 'ANY' }),
    );
    const { api } = await renderHistory('/history/v-1', { pages: () => ({ data: [pastOrder('v-1-A')] }) });
    expect(await screen.findByText('Choose a period of at most 92 days.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Open order v-1-A' })).toBeInTheDocument();
    const asked = listRequests(api).map((call) => call.url.searchParams.get('from'));
    expect(asked).not.toContain(new Date('2025-12-31T19:00:00Z').toISOString());
    expect(asked.at(-1)).toBe(presetRange('Yesterday', new Date(), KARACHI).from.toISOString());
  });

  it('offers Returned and Scheduled among the statuses, and badges a returned order apart from a delivered one', async () => {
    const user = userEvent.setup();
    const { api } = await renderHistory('/history/v-1', {
      pages: () => ({ data: [pastOrder('v-1-R', { status: 'RETURNED_TO_VENDOR' }), pastOrder('v-1-D')] }),
    });
    const returnedRow = await screen.findByRole('button', { name: 'Open order v-1-R' });
    const deliveredRow = screen.getByRole('button', { name: 'Open order v-1-D' });
    const badgeOf = (row: HTMLElement, label: string) =>
      within(row.closest('li, tr') as HTMLElement)
        .getByText(label)
        .closest('.mantine-Badge-root') as HTMLElement;
    expect(badgeOf(returnedRow, 'Returned').getAttribute('style')).toContain('grape');
    expect(badgeOf(deliveredRow, 'Delivered').getAttribute('style')).toContain('teal');
    await user.click(screen.getByLabelText('Status', { selector: 'input' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(expect.arrayContaining(['Returned', 'Scheduled']));
    await user.click(screen.getByRole('option', { name: 'Returned' }));
    await waitFor(() => expect(listRequests(api).at(-1)?.url.searchParams.get('status')).toBe('RETURNED'));
    await user.click(screen.getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Scheduled' }));
    await waitFor(() => expect(listRequests(api).at(-1)?.url.searchParams.get('status')).toBe('SCHEDULED'));
  });

  it('offers Today, which asks for the orders from this morning’s midnight until tomorrow’s', async () => {
    const user = userEvent.setup();
    const { api } = await renderHistory('/history/v-1', { pages: () => ({ data: [pastOrder('v-1-A')] }) });
    await screen.findByRole('button', { name: 'Open order v-1-A' });
    await user.click(screen.getByLabelText('Period', { selector: 'input' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Today', 'Yesterday', 'Past week', 'Past month', 'Custom dates']);
    await user.click(screen.getByRole('option', { name: 'Today' }));
    const today = presetRange('Today', new Date(), KARACHI);
    await waitFor(() => expect(listRequests(api).at(-1)?.url.searchParams.get('from')).toBe(today.from.toISOString()));
    expect(listRequests(api).at(-1)?.url.searchParams.get('to')).toBe(rangeQuery(today).to);
    expect(today.to.getTime() - today.from.getTime()).toBe(86_400_000);
  });

  it('shows no error when Custom is chosen, only a hint, and keeps the orders listed until both days are picked', async () => {
    const user = userEvent.setup();
    await renderHistory('/history/v-1', { pages: () => ({ data: [pastOrder('v-1-A')] }) });
    await screen.findByRole('button', { name: 'Open order v-1-A' });
    await user.click(screen.getByLabelText('Period', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Custom dates' }));
    const dates = await screen.findByRole('button', { name: 'Dates' });
    expect(dates).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Pick the first and the last day of the period.')).toBeInTheDocument();
    expect(screen.queryByText('Choose a period of at most 92 days.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open order v-1-A' })).toBeInTheDocument();
  });

  it('shows error.cant-retrieve-past-orders with a retry when the list fails', async () => {
    const user = userEvent.setup();
    let isDown = true;
    await renderHistory('/history/v-1', {
      handlers: [
        http.get(`${API}/vendor/v-1/orders`, () =>
          isDown ? apiError(400, 'ValidationError', 'error.pagination-key.invalid') : undefined,
        ),
      ],
      pages: () => ({ data: [pastOrder('v-1-BACK')] }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your past orders.');
    isDown = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Open order v-1-BACK' })).toBeInTheDocument();
  });

  it('downloads the filtered orders as CSV with the caller’s language', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:orders');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { api } = await renderHistory('/history/v-1', {
      pages: () => ({ data: [pastOrder('v-1-A')] }),
      handlers: [
        http.get(
          `${API}/vendor/v-1/orders/export`,
          () =>
            new HttpResponse('\uFEFFOrder ID\nv-1-A\n', {
              headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="orders-v-1.csv"' },
            }),
        ),
      ],
    });
    await screen.findByRole('list', { name: 'Past orders' });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Download CSV' }));
    expect(await screen.findByText('Your file has been downloaded.')).toBeInTheDocument();
    const call = api.requests.find((request) => request.url.pathname === `${API}/vendor/v-1/orders/export`);
    expect(call?.url.searchParams.get('format')).toBe('csv');
    expect(call?.url.searchParams.get('lang')).toBe('en');
    expect(call?.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('offers the Excel file by e-mail when it is too large to download, and follows the job to its download', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:orders');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const job: OrderExportJob = {
      export_id: '6f1c2a9e-8d1b-4c3a-9e2f-0a1b2c3d4e5f',
      vendor_id: 'v-1',
      format: 'xlsx',
      status: 'QUEUED',
      done: 0,
      total: null,
      email: 'owner@example.pk',
      error: null,
      created_at: '2026-03-10T08:00:00.000Z',
      expires_at: null,
    };
    // What the server answers on each read of the list: nothing, then the job running, then ready.
    const states: OrderExportJob[][] = [[]];
    const jobsPath = `${API}/vendor/v-1/orders/export-jobs`;
    const { api } = await renderHistory('/history/v-1', {
      pages: () => ({ data: [pastOrder('v-1-A')] }),
      handlers: [
        http.get(`${API}/vendor/v-1/orders/export`, () =>
          apiError(422, 'ExportTooLarge', 'history.export.too-large', [
            { message: 'history.export.too-large', meta: { translation_key: 'history.export.too-large' } },
          ]),
        ),
        http.get(jobsPath, () =>
          HttpResponse.json({ result: { export_jobs: states.length > 1 ? states.shift()! : states[0]! } }),
        ),
        http.post(jobsPath, () => {
          states.splice(
            0,
            states.length,
            [{ ...job, status: 'RUNNING', done: 2000, total: 5000 }],
            [{ ...job, status: 'READY', done: 5000, total: 5000, expires_at: '2026-03-17T08:00:00.000Z' }],
          );
          return HttpResponse.json({ result: { export_job: job } });
        }),
        http.get(
          `${jobsPath}/${job.export_id}/file`,
          () =>
            new HttpResponse('PK', {
              headers: { 'content-disposition': 'attachment; filename="orders-v-1.xlsx"' },
            }),
        ),
      ],
    });
    await screen.findByRole('list', { name: 'Past orders' });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Download Excel (XLSX)' }));
    await user.click(await screen.findByRole('button', { name: 'Send the Excel file by e-mail' }));
    expect(
      await screen.findByText('We are preparing your file and will e-mail owner@example.pk a download link.'),
    ).toBeInTheDocument();
    const [sent] = api.sent(jobsPath);
    expect(sent?.body).toEqual({
      format: 'xlsx',
      lang: 'en',
      include_outlets: false,
      ...rangeQuery(presetRange('Yesterday', new Date(), KARACHI)),
    });
    // The page follows the job: its progress, then the ready file.
    expect(await screen.findByText('2,000 of 5,000 orders', undefined, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress of the export' })).toHaveAttribute('aria-valuenow', '40');
    expect(
      await screen.findByText('Ready: a link was sent to owner@example.pk', undefined, { timeout: 5_000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Your file has been downloaded.')).toBeInTheDocument();
    const file = api.requests.find((call) => call.url.pathname === `${jobsPath}/${job.export_id}/file`);
    expect(file?.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(file?.url.search).toBe('');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('shows the e-mailed exports in Urdu', async () => {
    await renderHistory('/history/v-1', {
      language: 'ur_alt',
      pages: () => ({ data: [pastOrder('v-1-A')] }),
      handlers: [
        http.get(`${API}/vendor/v-1/orders/export-jobs`, () =>
          HttpResponse.json({
            result: {
              export_jobs: [
                {
                  export_id: '6f1c2a9e-8d1b-4c3a-9e2f-0a1b2c3d4e5f',
                  vendor_id: 'v-1',
                  format: 'csv',
                  status: 'FAILED',
                  done: 0,
                  total: 120_000,
                  email: 'owner@example.pk',
                  error: 'history.export.no-access',
                  created_at: '2026-03-10T08:00:00.000Z',
                  expires_at: null,
                },
              ],
            },
          }),
        ),
      ],
    });
    expect(await screen.findByText('ای میل پر بھیجے گئے ایکسپورٹ')).toBeInTheDocument();
    expect(screen.getByText('ناکام')).toBeInTheDocument();
    expect(screen.getByText('اب آپ کو اس برانچ تک رسائی نہیں۔')).toBeInTheDocument();
  });

  it('downloads last month’s statement as a PDF, or another month as XLSX, from the history page', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:statement');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { api } = await renderHistory('/history/v-1', {
      pages: () => ({ data: [pastOrder('v-1-A')] }),
      handlers: [
        http.get(
          `${API}/vendor/v-1/statement`,
          () =>
            new HttpResponse('%PDF-1.3', {
              headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="s.pdf"' },
            }),
        ),
      ],
    });
    await screen.findByRole('list', { name: 'Past orders' });
    await user.click(screen.getByRole('button', { name: 'Monthly statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download a monthly statement' });
    await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('Your statement has been downloaded.')).toBeInTheDocument();
    const months = statementMonths(new Date(), KARACHI);
    const calls = () => api.requests.filter((call) => call.url.pathname === `${API}/vendor/v-1/statement`);
    expect(Object.fromEntries(calls()[0]?.url.searchParams ?? [])).toEqual({
      month: months[1],
      format: 'pdf',
      lang: 'en',
    });
    expect(calls()[0]?.headers.get('Authorization')).toMatch(/^Bearer /);

    await user.click(within(dialog).getByLabelText('Month', { selector: 'input' }));
    const [year, month] = months[3]!.split('-').map(Number) as [number, number];
    const name = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      Date.UTC(year, month - 1, 15),
    );
    await user.click(await within(dialog).findByRole('option', { name }));
    await user.click(within(dialog).getByRole('button', { name: 'Download Excel (XLSX)' }));
    await waitFor(() => expect(calls()).toHaveLength(2));
    expect(calls()[1]?.url.searchParams.get('month')).toBe(months[3]);
    expect(calls()[1]?.url.searchParams.get('format')).toBe('xlsx');
  });

  it('reads right to left in Urdu', async () => {
    widenScreen();
    await renderHistory('/history/v-1', { language: 'ur_alt', pages: () => ({ data: [pastOrder('v-1-A')] }) });
    expect(await screen.findByRole('heading', { name: 'تمام آرڈرز' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'پچھلے آرڈرز' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
  });
});
