import { OrderCancelBodySchema } from '@riderdesk/domain/contracts/order-list';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type RecordedRequest } from '../../../test/api.ts';
import { makeVendor, validSession } from '../../../test/fixtures.ts';
import {
  API,
  answer,
  apiError,
  bodyOf,
  liveTickets,
  orderListAnswer,
  orderListHandler,
} from '../../../test/handlers.ts';
import { FakeWebSocket, makeOrder } from '../../../test/orders.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { SERVER_SEARCH_DEBOUNCE_MS } from '../../features/tracking/components/order-tracking-page.tsx';
import { resetSearchHistoryCache, SEARCH_HISTORY_KEY } from '../../features/tracking/hooks/use-search-history.ts';
import { setSession } from '../../shared/session/session-store.ts';
import { STORAGE_KEYS } from '../../shared/storage.ts';
import { LiveConnection } from '../live-connection.tsx';
import { ShellContext } from '../shell-context.tsx';
import { OrderTrackingRoute } from './order-tracking-route.tsx';

const vendor = makeVendor({ vendor_id: 'v-1', name: 'Saddar Kitchen' });
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** Lets the search box's debounce run out on fake timers, so a lookup it would start has started. */
async function pastServerSearchDebounce() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  try {
    await act(() => vi.advanceTimersByTimeAsync(SERVER_SEARCH_DEBOUNCE_MS + 1));
  } finally {
    vi.useRealTimers();
  }
}

async function renderTracking(
  path: string,
  {
    active = [] as Order[],
    preorders = [] as Order[],
    flags = {},
    byPhone = [] as Order[],
    handlers = [] as HttpHandler[],
    language = 'en',
    includeOutlets = false,
  } = {},
) {
  const tickets = liveTickets();
  const api = mockApi(
    ...handlers,
    tickets.handler,
    orderListHandler('v-1', (query) =>
      query.has('customer_phone_number') ? byPhone : query.get('scheduled') === 'true' ? preorders : active,
    ),
  );
  const element = (
    <ShellContext.Provider value={{ vendors: [vendor], selectedVendor: vendor, includeOutlets }}>
      <LiveConnection vendorId="v-1" isEnabled />
      <OrderTrackingRoute />
    </ShellContext.Provider>
  );
  return {
    api,
    tickets,
    ...(await renderRoutes([{ path: '/order-tracking/:vendorID?', element }], path, { flags, language })),
  };
}

const section = (name: RegExp | string) => screen.getByRole('region', { name });

beforeEach(() => {
  setSession(validSession());
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  resetSearchHistoryCache();
});

afterEach(() => {
  resetSearchHistoryCache();
});

describe('order tracking', () => {
  it('says whose orders it shows: this branch’s, or every branch’s when all outlets are included', async () => {
    const { unmount } = await renderTracking('/order-tracking/v-1');
    expect(await screen.findByText(/^Today's orders for this branch,/)).toBeInTheDocument();
    unmount();
    await renderTracking('/order-tracking/v-1', { includeOutlets: true });
    expect(await screen.findByText(/^Today's orders for all branches of this business,/)).toBeInTheDocument();
    expect(screen.queryByText(/for this branch/)).not.toBeInTheDocument();
  });

  it('sorts today’s orders into the new, scheduled, collected, delivered and cancelled sections, newest first', async () => {
    const later = Math.floor(Date.now() / 1000) + 3 * 3600;
    await renderTracking('/order-tracking/v-1', {
      active: [
        makeOrder({ order_id: 'v-1-OLD', status: 'RECEIVED', created_at: ago(30), updated_at: ago(30) }),
        makeOrder({ order_id: 'v-1-NEW', status: 'WAITING_FOR_TRANSPORT', created_at: ago(2), updated_at: ago(2) }),
        makeOrder({ order_id: 'v-1-PICK', status: 'PICKED_UP' }),
        makeOrder({ order_id: 'v-1-DONE', status: 'DELIVERED' }),
        makeOrder({ order_id: 'v-1-CXL', status: 'CANCELLED' }),
      ],
      preorders: [makeOrder({ order_id: 'v-1-LATER', status: 'NEW', preordered_for: later })],
    });

    await waitFor(() => expect(within(section('New')).getAllByRole('button')).toHaveLength(2));
    const newOrders = within(section('New')).getAllByRole('button');
    expect(newOrders[0]).toHaveAccessibleName(/v-1-NEW/);
    expect(newOrders[1]).toHaveAccessibleName(/v-1-OLD/);
    expect(within(section('Scheduled')).getByRole('button', { name: /v-1-LATER/ })).toBeInTheDocument();
    expect(within(section('Collected')).getByRole('button', { name: /v-1-PICK/ })).toBeInTheDocument();
    expect(within(section('Delivered')).getByRole('button', { name: /v-1-DONE/ })).toBeInTheDocument();
    expect(within(section('Cancelled')).getByRole('button', { name: /v-1-CXL/ })).toBeInTheDocument();
  });

  it('fetches today’s orders (count 200) and the pre-orders of the next 2 days', async () => {
    const { api } = await renderTracking('/order-tracking/v-1');
    await screen.findByText('No new orders right now.');
    const listCalls = api.requests.filter((call) => call.url.pathname === '/api/v1/vendor/v-1/orders');
    const active = listCalls.find((call) => !call.url.searchParams.has('scheduled'));
    const scheduled = listCalls.find((call) => call.url.searchParams.get('scheduled') === 'true');
    expect(active?.url.searchParams.get('count')).toBe('200');
    const from = Date.parse(active?.url.searchParams.get('from') ?? '');
    expect(Date.now() - from).toBeLessThanOrEqual(24 * 3600_000);
    const scheduledTo = Date.parse(scheduled?.url.searchParams.get('to') ?? '');
    expect(scheduledTo - Date.now()).toBeGreaterThan(47 * 3600_000);
    // Every section says when it is empty.
    expect(screen.getByText('Nothing delivered yet today.')).toBeInTheDocument();
  });

  it('searches by phone ignoring spaces and remembers the last searches', async () => {
    const user = userEvent.setup();
    await renderTracking('/order-tracking/v-1', {
      active: [
        makeOrder({
          order_id: 'v-1-A',
          customer: { ...makeOrder({ order_id: 'x' }).customer, phone_number: '+923001112233' },
        }),
        makeOrder({ order_id: 'v-1-B', customer: { ...makeOrder({ order_id: 'x' }).customer, name: 'Bilal Ahmed' } }),
      ],
    });
    const search = await screen.findByRole('searchbox', { name: 'Search today’s orders'.replace('’', "'") });
    await user.type(search, '300 111 22');
    const results = section('Search results');
    expect(within(results).getByRole('button', { name: /v-1-A/ })).toBeInTheDocument();
    expect(within(results).queryByRole('button', { name: /v-1-B/ })).not.toBeInTheDocument();
    await user.keyboard('{Enter}');

    await user.clear(search);
    await user.type(search, 'bilal{Enter}');
    expect(within(section('Search results')).getByRole('button', { name: /v-1-B/ })).toBeInTheDocument();
    await user.clear(search);

    const recent = section('Recent searches');
    expect(
      within(recent)
        .getAllByRole('checkbox')
        .map((chip) => chip.closest('div')?.textContent),
    ).toEqual(['bilal', '300 111 22']);
    expect(JSON.parse(window.localStorage.getItem(SEARCH_HISTORY_KEY) ?? '[]')).toEqual(['bilal', '300 111 22']);
    await user.click(within(recent).getByText('300 111 22'));
    expect(search).toHaveValue('300 111 22');
  });

  it('selects an order by writing order_id into the URL with replace, and follows a changed order_id', async () => {
    const user = userEvent.setup();
    const { router } = await renderTracking('/order-tracking/v-1', {
      active: [
        makeOrder({ order_id: 'v-1-A' }),
        makeOrder({ order_id: 'v-1-B', customer: { ...makeOrder({ order_id: 'x' }).customer, name: 'Bilal Ahmed' } }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: /v-1-A/ }));
    expect(router.state.location.search).toBe('?order_id=v-1-A');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('article', { name: 'Order v-1-A' })).toBeInTheDocument();

    await act(() => router.navigate('/order-tracking/v-1?order_id=v-1-B'));
    expect(await screen.findByRole('article', { name: 'Order v-1-B' })).toBeInTheDocument();
    expect(screen.getByText('Bilal Ahmed')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'All orders' }));
    expect(router.state.location.search).toBe('');
  });

  it('shows the rider’s ETA to the customer while the order is in transit', async () => {
    await renderTracking('/order-tracking/v-1?order_id=v-1-T', {
      active: [
        makeOrder({
          order_id: 'v-1-T',
          status: 'COURIER_LEFT_VENDOR',
          status_history: [
            { status: 'COURIER_ACCEPTED_DELIVERY', created_at: ago(20) },
            { status: 'PICKED_UP', created_at: ago(8) },
            { status: 'COURIER_LEFT_VENDOR', created_at: ago(6) },
          ],
          rider: { name: 'Imran Ali', phone: '+923451234567' },
          pickup_eta_minutes: null,
          delivery_eta_minutes: 14,
        }),
      ],
    });
    const detail = await screen.findByRole('article', { name: 'Order v-1-T' });
    expect(within(detail).getByText('Rider to the customer')).toBeInTheDocument();
    expect(within(detail).getByText('14 min')).toBeInTheDocument();
  });

  it('shows the order detail: customer, rider, ETA and payment', async () => {
    const history = [
      { status: 'WAITING_FOR_TRANSPORT' as const, created_at: ago(10) },
      { status: 'COURIER_ACCEPTED_DELIVERY' as const, created_at: ago(5) },
    ];
    await renderTracking('/order-tracking/v-1?order_id=v-1-A', {
      active: [
        makeOrder({
          order_id: 'v-1-A',
          status: 'COURIER_ACCEPTED_DELIVERY',
          status_history: history,
          rider: { name: 'Imran Ali', phone: '+923451234567' },
          pickup_eta_minutes: 3,
        }),
      ],
    });
    const detail = await screen.findByRole('article', { name: 'Order v-1-A' });
    expect(within(detail).getByText('Imran Ali')).toBeInTheDocument();
    expect(within(detail).getByText('less than 5 minutes away')).toBeInTheDocument();
    expect(within(detail).getByText('Ayesha Khan')).toBeInTheDocument();
    // Written for reading in the national form, dialled as stored.
    expect(within(detail).getByRole('link', { name: /^0300 1234567$/ })).toHaveAttribute('href', 'tel:+923001234567');
    expect(within(detail).getByRole('link', { name: /^0345 1234567$/ })).toHaveAttribute('href', 'tel:+923451234567');
    // A rider has accepted: no cancel, and the detail says why and whom to contact.
    expect(within(detail).queryByRole('button', { name: 'Cancel rider' })).not.toBeInTheDocument();
    expect(
      within(detail).getByText(/A rider has accepted this order, so it can no longer be cancelled/),
    ).toBeInTheDocument();
    // The status history lists each step once, oldest first.
    expect(within(detail).getByText('Waiting for a rider')).toBeInTheDocument();
    expect(within(detail).getAllByText('Rider on the way')).toHaveLength(2);
  });
});

describe('what the detail tells the merchant', () => {
  it('shows the pickup point, the voucher code and the age check', async () => {
    await renderTracking('/order-tracking/v-1?order_id=v-1-G', {
      active: [
        makeOrder({
          order_id: 'v-1-G',
          pickup: {
            name: 'Hina Siddiqui',
            phone_number: '+923219876543',
            location: {
              address: 'Flat 7, Bahadurabad, Karachi',
              latitude: 24.88,
              longitude: 67.06,
              notes: 'Ring twice',
            },
          },
          voucher_code: 'RIDE20',
          discount: 30,
          age_validation_required: true,
        }),
      ],
    });
    const detail = await screen.findByRole('article', { name: 'Order v-1-G' });
    expect(within(detail).getByText('Hina Siddiqui')).toBeInTheDocument();
    expect(within(detail).getByText('Flat 7, Bahadurabad, Karachi')).toBeInTheDocument();
    expect(within(detail).getByText('Notes: Ring twice')).toBeInTheDocument();
    expect(within(detail).getByRole('link', { name: /^0321 9876543$/ })).toHaveAttribute('href', 'tel:+923219876543');
    expect(within(detail).getByText('Voucher')).toBeInTheDocument();
    expect(within(detail).getByText('RIDE20')).toBeInTheDocument();
    expect(within(detail).getByText("Age check: the rider checks the customer's ID at the door")).toBeInTheDocument();
  });

  it('says nothing of a voucher or an age check the order does not have', async () => {
    await renderTracking('/order-tracking/v-1?order_id=v-1-P', { active: [makeOrder({ order_id: 'v-1-P' })] });
    const detail = await screen.findByRole('article', { name: 'Order v-1-P' });
    expect(within(detail).getByText('Shop 4, Saddar, Karachi')).toBeInTheDocument();
    expect(within(detail).queryByText('Voucher')).not.toBeInTheDocument();
    expect(within(detail).queryByText(/^Age check/)).not.toBeInTheDocument();
  });
});

describe('scheduled and cancelled orders', () => {
  it('shows the day of a scheduled order in the list and its schedule instead of “no rider”', async () => {
    // Tomorrow at the same time of day: its time alone would look like an order already overdue.
    const tomorrow = Math.floor(Date.now() / 1000) + 24 * 3600;
    const time = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Asia/Karachi',
    }).format(tomorrow * 1000);
    const user = userEvent.setup();
    await renderTracking('/order-tracking/v-1', {
      preorders: [makeOrder({ order_id: 'v-1-LATER', status: 'NEW', preordered_for: tomorrow })],
    });
    const row = await screen.findByRole('button', { name: /v-1-LATER/ });
    expect(within(section('Scheduled')).getByRole('button', { name: /v-1-LATER/ })).toBe(row);
    expect(row).toHaveTextContent(`Tomorrow, ${time}`);
    await user.click(row);
    const detail = await screen.findByRole('article', { name: 'Order v-1-LATER' });
    expect(within(detail).getByText(/^Scheduled for .*We look for a rider shortly before then\.$/)).toBeInTheDocument();
    expect(within(detail).queryByText(/No rider assigned yet/)).not.toBeInTheDocument();
  });

  it('gives the cancel reason of a cancelled order instead of “looking for a rider”', async () => {
    await renderTracking('/order-tracking/v-1?order_id=v-1-CXL', {
      active: [makeOrder({ order_id: 'v-1-CXL', status: 'CANCELLED', cancel_reason: 'duplicate_order' })],
    });
    const detail = await screen.findByRole('article', { name: 'Order v-1-CXL' });
    expect(within(detail).getByText('No rider: this order was cancelled (Duplicate order).')).toBeInTheDocument();
    expect(within(detail).queryByText(/looking for one nearby/)).not.toBeInTheDocument();
    // A finished order needs no explanation of the missing cancel.
    expect(within(detail).queryByTestId('why-no-cancel')).not.toBeInTheDocument();
  });
});

describe('editing', () => {
  it('shows Edit disabled, with why, on a card-paid order', async () => {
    const base = makeOrder({ order_id: 'x' });
    await renderTracking('/order-tracking/v-1?order_id=v-1-CARD', {
      active: [
        makeOrder({
          order_id: 'v-1-CARD',
          status: 'RECEIVED',
          order: { ...base.order, payment_method: 'ONLINE_PAYMENT' },
          collect_amount: 0,
          collect_at_pickup_amount: 0,
        }),
      ],
    });
    const card = await screen.findByRole('article', { name: 'Order v-1-CARD' });
    const edit = within(card).getByRole('button', { name: 'Edit order' });
    expect(edit).toBeDisabled();
    expect(within(card).getByTestId('why-no-edit')).toHaveTextContent(/Paid by card: the charge is fixed/);
    expect(within(card).queryByRole('link', { name: 'Edit order' })).not.toBeInTheDocument();
  });

  it('tells a card-paid order a rider has accepted no “Cancel it”, since it can no longer be cancelled', async () => {
    const base = makeOrder({ order_id: 'x' });
    await renderTracking('/order-tracking/v-1?order_id=v-1-CARD', {
      active: [
        makeOrder({
          order_id: 'v-1-CARD',
          status: 'COURIER_ACCEPTED_DELIVERY',
          order: { ...base.order, payment_method: 'ONLINE_PAYMENT' },
          collect_amount: 0,
          collect_at_pickup_amount: 0,
        }),
      ],
    });
    const card = await screen.findByRole('article', { name: 'Order v-1-CARD' });
    expect(within(card).getByTestId('why-no-cancel')).toHaveTextContent(/can no longer be cancelled here/);
    expect(within(card).getByTestId('why-no-edit')).toHaveTextContent(
      'Paid by card: the charge is fixed, so this order cannot be edited.',
    );
    expect(within(card).getByTestId('why-no-edit')).not.toHaveTextContent('Cancel it');
  });

  it('says a cancelled order’s rider collects nothing, not the total it would have collected', async () => {
    await renderTracking('/order-tracking/v-1?order_id=v-1-CXL', {
      active: [makeOrder({ order_id: 'v-1-CXL', status: 'CANCELLED', collect_amount: 2845 })],
    });
    const card = await screen.findByRole('article', { name: 'Order v-1-CXL' });
    expect(within(card).getByText('Cancelled: the rider collects nothing')).toBeInTheDocument();
    expect(within(card).queryByText('The rider collects')).not.toBeInTheDocument();
  });

  it('offers Edit, with no reason against it, on an order paid otherwise', async () => {
    await renderTracking('/order-tracking/v-1?order_id=v-1-COD', {
      active: [makeOrder({ order_id: 'v-1-COD', status: 'RECEIVED' })],
    });
    const cash = await screen.findByRole('article', { name: 'Order v-1-COD' });
    expect(within(cash).getByRole('link', { name: 'Edit order' })).toBeInTheDocument();
    expect(within(cash).queryByTestId('why-no-edit')).not.toBeInTheDocument();
  });

  it('links the customer-to-customer page of an order sent from a person, and only of such an order', async () => {
    await renderTracking('/order-tracking/v-1?order_id=v-1-C2C', {
      active: [
        makeOrder({
          order_id: 'v-1-C2C',
          status: 'RECEIVED',
          tracking_token: 'tok-c2c',
          is_customer_to_customer: true,
        }),
        makeOrder({ order_id: 'v-1-SHOP', status: 'RECEIVED', tracking_token: 'tok-shop' }),
      ],
    });
    const sent = await screen.findByRole('article', { name: 'Order v-1-C2C' });
    expect(within(sent).getByRole('link', { name: 'Customer-to-customer page' })).toHaveAttribute(
      'href',
      `${window.location.origin}/tracking-c2c/tok-c2c`,
    );
  });

  it('offers no customer-to-customer page for a shop’s order', async () => {
    await renderTracking('/order-tracking/v-1?order_id=v-1-SHOP', {
      active: [makeOrder({ order_id: 'v-1-SHOP', status: 'RECEIVED', tracking_token: 'tok-shop' })],
    });
    const shop = await screen.findByRole('article', { name: 'Order v-1-SHOP' });
    expect(within(shop).queryByRole('link', { name: 'Customer-to-customer page' })).not.toBeInTheDocument();
  });

  it('offers a guest no Edit: guests request riders and follow them, but do not edit orders (decision 089)', async () => {
    setSession(null);
    // A guest token as the server signs it: the browser reads only its numeric exp and vendor_id.
    const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
    const exp = Math.floor(Date.now() / 1000) + 3600;
    window.localStorage.setItem(
      STORAGE_KEYS.guestToken,
      `${encode({ alg: 'HS256' })}.${encode({ typ: 'guest', vendor_id: 'v-1', exp })}.signature`,
    );
    await renderTracking('/order-tracking/v-1?order_id=v-1-COD', {
      active: [makeOrder({ order_id: 'v-1-COD', status: 'RECEIVED' })],
    });
    const detail = await screen.findByRole('article', { name: 'Order v-1-COD' });
    // Cancelling stays theirs.
    expect(within(detail).getByRole('button', { name: 'Cancel rider' })).toBeInTheDocument();
    expect(within(detail).queryByRole('link', { name: 'Edit order' })).not.toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Edit order' })).not.toBeInTheDocument();
    // The pickup is the guest's own: the guest session's vendor id is not shown as if it were a branch's.
    expect(within(detail).queryByText('v-1')).not.toBeInTheDocument();
  });

  it('shows what the rider collects from the merchant at the pickup of a pay-at-pickup order', async () => {
    const base = makeOrder({ order_id: 'x' });
    await renderTracking('/order-tracking/v-1?order_id=v-1-PAP', {
      active: [
        makeOrder({
          order_id: 'v-1-PAP',
          order: { ...base.order, payment_method: 'PAY_AT_PICKUP' },
          collect_amount: 0,
          collect_at_pickup_amount: 150,
          fee_paid_by: 'merchant',
        }),
      ],
    });
    const detail = await screen.findByRole('article', { name: 'Order v-1-PAP' });
    expect(within(detail).getByText('The rider collects from you at pickup')).toBeInTheDocument();
    expect(within(detail).getByText('Paid at pickup')).toBeInTheDocument();
  });
});

describe('proofs', () => {
  it('says when each proof was taken and downloads it under the order’s name', async () => {
    const user = userEvent.setup();
    const pickedUpAt = ago(20);
    await renderTracking('/order-tracking/v-1?order_id=v-1-P', {
      flags: { ProofOfPickup: true, ProofOfDelivery: false, ProofOfReturn: false },
      active: [
        makeOrder({
          order_id: 'v-1-P',
          status: 'PICKED_UP',
          status_history: [
            { status: 'RECEIVED', created_at: ago(40) },
            { status: 'PICKED_UP', created_at: pickedUpAt },
          ],
        }),
      ],
      handlers: [
        http.get(
          `${API}/order/v-1-P/proofs/pickup`,
          () =>
            new HttpResponse(new Blob(['jpeg'], { type: 'image/jpeg' }), { headers: { 'Content-Type': 'image/jpeg' } }),
        ),
      ],
    });
    const detail = await screen.findByRole('article', { name: 'Order v-1-P' });
    const time = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Asia/Karachi',
    }).format(Date.parse(pickedUpAt));
    expect(await within(detail).findByText(`Taken ${time}`)).toBeInTheDocument();
    // The enlarged photo says when it was taken too.
    await user.click(within(detail).getByRole('button', { name: 'Proof of collection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Proof of collection' });
    expect(within(dialog).getByText(`Taken ${time}`)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const click = vi.fn();
    const clickSpy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(click);
    await user.click(within(detail).getByRole('button', { name: 'Download Proof of collection' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('v-1-P-pickup.jpg');

    clickSpy.mockRestore();
  });

  it('says the proof could not be downloaded when fetching it fails', async () => {
    await renderTracking('/order-tracking/v-1?order_id=v-1-P', {
      flags: { ProofOfPickup: true, ProofOfDelivery: false, ProofOfReturn: false },
      active: [
        makeOrder({
          order_id: 'v-1-P',
          status: 'PICKED_UP',
          status_history: [{ status: 'PICKED_UP', created_at: ago(20) }],
        }),
      ],
      handlers: [http.get(`${API}/order/v-1-P/proofs/pickup`, () => apiError(403, 'Forbidden'))],
    });
    const detail = await screen.findByRole('article', { name: 'Order v-1-P' });
    expect(await within(detail).findByRole('alert')).toHaveTextContent(
      'Proof of collection: We could not download the proof.',
    );
  });
});

describe('searching beyond today’s orders', () => {
  // orderIdPrefix('v-1') is 'V1'.
  const searchBox = () => screen.findByRole('searchbox', { name: "Search today's orders" });
  const orderCalls = (api: { requests: RecordedRequest[] }) =>
    api.requests.filter((call) => call.url.pathname === '/api/v1/order');
  const phoneCalls = (api: { requests: RecordedRequest[] }) =>
    api.requests.filter((call) => call.url.searchParams.has('customer_phone_number'));

  it('fetches an order id of the selected vendor that is not loaded, once per term', async () => {
    const user = userEvent.setup();
    const old = makeOrder({ order_id: 'V1-100042', created_at: ago(3 * 24 * 60), updated_at: ago(3 * 24 * 60) });
    const { api } = await renderTracking('/order-tracking/v-1', {
      active: [makeOrder({ order_id: 'V1-100050' })],
      handlers: [
        http.get(`${API}/order`, ({ request }) =>
          new URL(request.url).searchParams.get('orderId') === old.order_id ? answer(old) : undefined,
        ),
      ],
    });
    const search = await searchBox();
    await user.type(search, 'v1 - 1000 42');
    const results = section('Search results');
    expect(await within(results).findByRole('button', { name: /V1-100042/ }, { timeout: 2000 })).toBeInTheDocument();
    expect(orderCalls(api)).toHaveLength(1);
    expect(orderCalls(api)[0]?.url.searchParams.get('vendorId')).toBe('v-1');

    // The same term again is answered from the cache; a loaded order is not fetched at all.
    await user.clear(search);
    await user.type(search, 'V1-100042');
    expect(await within(section('Search results')).findByRole('button', { name: /V1-100042/ })).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'V1-100050');
    await pastServerSearchDebounce();
    expect(within(section('Search results')).getByRole('button', { name: /V1-100050/ })).toBeInTheDocument();
    expect(orderCalls(api)).toHaveLength(1);
  });

  it('looks a possible phone number up over the last 30 days when no loaded order matches, newest first', async () => {
    const user = userEvent.setup();
    const customer = { ...makeOrder({ order_id: 'x' }).customer, phone_number: '+923219876543' };
    const { api } = await renderTracking('/order-tracking/v-1', {
      active: [makeOrder({ order_id: 'V1-1' })],
      byPhone: [
        makeOrder({ order_id: 'V1-OLDER', customer, created_at: ago(20 * 24 * 60), updated_at: ago(20 * 24 * 60) }),
        makeOrder({ order_id: 'V1-NEWER', customer, created_at: ago(2 * 24 * 60), updated_at: ago(2 * 24 * 60) }),
      ],
    });
    await user.type(await searchBox(), '0321 987 6543');
    const results = section('Search results');
    await waitFor(() => expect(within(results).getAllByRole('button')).toHaveLength(2), { timeout: 2000 });
    const found = within(results).getAllByRole('button');
    expect(found[0]).toHaveAccessibleName(/V1-NEWER/);
    expect(found[1]).toHaveAccessibleName(/V1-OLDER/);

    // One lookup for the settled term, not one per keystroke.
    expect(phoneCalls(api)).toHaveLength(1);
    const params = phoneCalls(api)[0]?.url.searchParams;
    expect(params?.get('customer_phone_number')).toBe('+923219876543');
    expect(params?.get('count')).toBe('50');
    expect(params?.has('include_outlets')).toBe(false);
    const from = new Date(params?.get('from') ?? '');
    // Midnight in Karachi (UTC+5) is 19:00 UTC, 30 days back.
    expect(from.getUTCHours()).toBe(19);
    const days = (Date.now() - from.getTime()) / (24 * 3600_000);
    expect(days).toBeGreaterThan(30);
    expect(days).toBeLessThanOrEqual(31);
    expect(Math.abs(Date.parse(params?.get('to') ?? '') - Date.now())).toBeLessThan(5000);
  });

  it('does not look up a phone number that a loaded order already matches', async () => {
    const user = userEvent.setup();
    const { api } = await renderTracking('/order-tracking/v-1', { active: [makeOrder({ order_id: 'V1-1' })] });
    await user.type(await searchBox(), '300 1234567');
    expect(within(section('Search results')).getByRole('button', { name: /V1-1/ })).toBeInTheDocument();
    await pastServerSearchDebounce();
    expect(phoneCalls(api)).toHaveLength(0);
  });

  it('shows no results when the order is not found or the phone has no orders', async () => {
    const user = userEvent.setup();
    const { api } = await renderTracking('/order-tracking/v-1', { active: [makeOrder({ order_id: 'V1-1' })] });
    const search = await searchBox();
    await user.type(search, 'V1-999');
    await waitFor(() => expect(orderCalls(api)).toHaveLength(1), { timeout: 2000 });
    expect(await screen.findByText('No order matches “V1-999”.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, '0321 0000000');
    await waitFor(() => expect(phoneCalls(api)).toHaveLength(1), { timeout: 2000 });
    expect(await screen.findByText('No order matches “0321 0000000”.')).toBeInTheDocument();
  });

  it('shows the error text when the lookup fails for another reason', async () => {
    const user = userEvent.setup();
    await renderTracking('/order-tracking/v-1', {
      handlers: [http.get(`${API}/order`, () => apiError(403, 'Forbidden', 'error.cant-retrieve-current-orders'))],
    });
    await user.type(await searchBox(), 'V1-5');
    expect(await screen.findByRole('alert', {}, { timeout: 2000 })).toHaveTextContent(
      'We could not load your current orders.',
    );
  });
});

describe('cancelling a rider', () => {
  it('offers cancel only for cancellable statuses', async () => {
    await renderTracking('/order-tracking/v-1?order_id=v-1-P', {
      active: [makeOrder({ order_id: 'v-1-P', status: 'PICKED_UP' })],
    });
    await screen.findByRole('article', { name: 'Order v-1-P' });
    expect(screen.queryByRole('button', { name: 'Cancel rider' })).not.toBeInTheDocument();
  });

  it('offers DELAYED orders only with the DelayedCancellation flag', async () => {
    const delayed = makeOrder({ order_id: 'v-1-D', status: 'DELAYED' });
    await renderTracking('/order-tracking/v-1?order_id=v-1-D', {
      active: [delayed],
      flags: { DelayedCancellation: true },
    });
    expect(await screen.findByRole('button', { name: 'Cancel rider' })).toBeInTheDocument();
  });

  it('offers an edited order with a rider on the way, and the dialog says so with the rule of the terms', async () => {
    const user = userEvent.setup();
    const history = [
      { status: 'RECEIVED' as const, created_at: ago(12) },
      { status: 'WAITING_FOR_TRANSPORT' as const, created_at: ago(10) },
      { status: 'COURIER_ACCEPTED_DELIVERY' as const, created_at: ago(5) },
      { status: 'MODIFIED' as const, created_at: ago(1) },
    ];
    await renderTracking('/order-tracking/v-1?order_id=v-1-M', {
      active: [makeOrder({ order_id: 'v-1-M', status: 'MODIFIED', status_history: history })],
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel rider' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the rider' });
    expect(dialog).toHaveTextContent(
      'A rider has accepted this order and is on the way to the pickup. Cancelling now calls the rider back.',
    );
    expect(dialog).toHaveTextContent(
      'After you edit an order, you can cancel it again until the rider reaches the pickup',
    );
  });

  it('says nothing of a rider in the dialog of an order no rider has accepted', async () => {
    const user = userEvent.setup();
    await renderTracking('/order-tracking/v-1?order_id=v-1-R', {
      active: [makeOrder({ order_id: 'v-1-R', status: 'RECEIVED' })],
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel rider' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the rider' });
    expect(dialog).not.toHaveTextContent('is on the way to the pickup');
  });

  it('sends the chosen reason and shows the refusal when the order can no longer be cancelled', async () => {
    const user = userEvent.setup();
    await renderTracking('/order-tracking/v-1?order_id=v-1-A', {
      active: [makeOrder({ order_id: 'v-1-A', status: 'WAITING_FOR_TRANSPORT' })],
    });
    mockApi(
      http.get(`${API}/vendor/v-1/orders`, () => orderListAnswer([makeOrder({ order_id: 'v-1-A' })])),
      http.put(`${API}/order/cancel`, () =>
        apiError(409, 'CannotCancelOrder', 'error.cant-cancel-order', [
          { message: 'error.cant-cancel-order', meta: { translation_key: 'error.cant-cancel-order' } },
        ]),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel rider' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the rider' });
    const confirm = within(dialog).getByRole('button', { name: 'Cancel the rider' });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    await user.click(await screen.findByRole('option', { name: 'Duplicate order' }));
    await user.click(confirm);
    expect(await screen.findByText('This order can no longer be cancelled.')).toBeInTheDocument();
  });

  it('announces the cancel attempt on success', async () => {
    const user = userEvent.setup();
    await renderTracking('/order-tracking/v-1?order_id=v-1-A', {
      active: [makeOrder({ order_id: 'v-1-A', status: 'RECEIVED' })],
    });
    // Once cancelled, the refreshed order offers no cancel any more, which closes the dialog: the message
    // must still be shown.
    let isCancelled = false;
    const { requests: calls } = mockApi(
      http.get(`${API}/vendor/v-1/orders`, () =>
        orderListAnswer([makeOrder({ order_id: 'v-1-A', status: isCancelled ? 'CANCELLED' : 'RECEIVED' })]),
      ),
      http.put(`${API}/order/cancel`, async ({ request }) => {
        await bodyOf(request, OrderCancelBodySchema);
        isCancelled = true;
        return answer({ message: 'action.attempt-cancel' });
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel rider' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the rider' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    await user.click(await screen.findByRole('option', { name: 'Ordered by mistake' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the rider' }));
    expect(await screen.findByText('We are cancelling your order.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      vendor_id: 'v-1',
      order_id: 'v-1-A',
      reason: 'mistake_error',
    });
  });
});

describe('the cancel dialog', () => {
  const openDialog = async (order = makeOrder({ order_id: 'v-1-A', status: 'RECEIVED' }), language = 'en') => {
    const user = userEvent.setup();
    const view = await renderTracking('/order-tracking/v-1?order_id=v-1-A', { active: [order], language });
    await user.click(
      await screen.findByRole('button', { name: language === 'ur_alt' ? 'رائیڈر منسوخ کریں' : 'Cancel rider' }),
    );
    const dialog = await screen.findByRole('dialog');
    return { user, dialog, view };
  };

  it('offers only the merchant’s reasons, sorted, with “Other reason” last', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent ?? '');
    expect(options).toEqual([
      'Address incomplete or wrong',
      'Branch closed',
      'Customer unable to pay',
      'Customer unreachable',
      'Delivery takes too long',
      'Duplicate order',
      'Ordered by mistake',
      'Other reason',
    ]);
    // The rider's and the platform's reasons are not the merchant's to give.
    expect(options).not.toContain('Bad weather');
    expect(options).not.toContain('No rider available');
  });

  it('sorts the reasons in the page’s language', async () => {
    const { user, dialog } = await openDialog(undefined, 'ur_alt');
    await user.click(within(dialog).getByRole('combobox'));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent ?? '');
    const named = options.slice(0, -1);
    expect(named).toEqual([...named].sort(new Intl.Collator('ur').compare));
    expect(options.at(-1)).toBe('کوئی اور وجہ');
  });

  it('asks for the merchant’s words with “Other reason” and sends them', async () => {
    const { user, dialog } = await openDialog();
    const { requests: calls } = mockApi(
      http.put(`${API}/order/cancel`, async ({ request }) => {
        await bodyOf(request, OrderCancelBodySchema);
        return answer({ message: 'action.attempt-cancel' });
      }),
    );
    await user.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    await user.click(await screen.findByRole('option', { name: 'Other reason' }));
    const note = within(dialog).getByRole('textbox', { name: /Why are you cancelling/ });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the rider' }));
    expect(await within(dialog).findByText('Say in a few words why you are cancelling.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    await user.type(note, '  Customer moved to another city ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the rider' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        vendor_id: 'v-1',
        order_id: 'v-1-A',
        reason: 'reason_unknown',
        note: 'Customer moved to another city',
      }),
    );
  });

  it('says that a card-paid order is refunded, and says nothing of a refund for cash', async () => {
    const paid = makeOrder({
      order_id: 'v-1-A',
      status: 'RECEIVED',
      order: { amount: 0, description: 'Biryani', payment_method: 'ONLINE_PAYMENT' },
      payment: { status: 'captured', paid_amount: 845, refunded_amount: 0, card: { scheme: 'visa', last4: '4242' } },
    });
    const { dialog, view } = await openDialog(paid);
    expect(dialog).toHaveTextContent(/paid by card: cancelling it refunds PKR\s?845 to the card/);
    view.unmount();
    const { dialog: cashDialog } = await openDialog();
    expect(cashDialog).not.toHaveTextContent('refund');
  });

  it('shows the merchant’s words as the reason of an order cancelled for “Other reason”', async () => {
    await renderTracking('/order-tracking/v-1?order_id=v-1-C', {
      active: [
        makeOrder({
          order_id: 'v-1-C',
          status: 'CANCELLED',
          cancel_reason: 'reason_unknown',
          cancel_note: 'Shop ran out',
        }),
      ],
    });
    expect(await screen.findByText('No rider: this order was cancelled (Shop ran out).')).toBeInTheDocument();
  });
});

describe('live updates', () => {
  it('subscribes to the vendor and applies order_update events to the lists without reloading', async () => {
    const { api, tickets } = await renderTracking('/order-tracking/v-1', {
      active: [makeOrder({ order_id: 'v-1-A' })],
    });
    await waitFor(() => expect(within(section('New')).getByRole('button', { name: /v-1-A/ })).toBeInTheDocument());
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.instances[0];
    if (!socket) throw new Error('no socket opened');
    // The socket opens with a one-time ticket asked for with the session's tokens; no token is in its URL.
    expect(tickets.tokenOf(socket)).toBe('Bearer access|id');
    expect(new URL(socket.url).searchParams.get('authorization')).toBeNull();
    act(() => socket.open());
    expect(socket.sent).toContainEqual({ event: 'subscribeToVendor', data: { vendor_id: 'v-1' } });
    const fetchesBefore = api.requests.length;

    const pickedUpAt = new Date().toISOString();
    act(() => {
      socket.receive({ event: 'subscribe_ok', data: { vendor_id: 'v-1' } });
      socket.receive({
        event: 'order_update',
        data: makeOrder({ order_id: 'v-1-A', status: 'PICKED_UP', updated_at: pickedUpAt }),
      });
      // A new order of today appears; one created yesterday does not (spec §4).
      socket.receive({ event: 'order_update', data: makeOrder({ order_id: 'v-1-NEW', status: 'RECEIVED' }) });
      socket.receive({
        event: 'order_update',
        data: makeOrder({ order_id: 'v-1-OLD', status: 'RECEIVED', created_at: ago(26 * 60), updated_at: pickedUpAt }),
      });
    });

    await waitFor(() =>
      expect(within(section('Collected')).getByRole('button', { name: /v-1-A/ })).toBeInTheDocument(),
    );
    expect(within(section('New')).getByRole('button', { name: /v-1-NEW/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /v-1-OLD/ })).not.toBeInTheDocument();
    expect(api.requests.length).toBe(fetchesBefore);
  });

  it('refetches to catch up after the connection comes back', async () => {
    const { api } = await renderTracking('/order-tracking/v-1', { active: [makeOrder({ order_id: 'v-1-A' })] });
    await screen.findByRole('button', { name: /v-1-A/ });
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const first = FakeWebSocket.instances[0];
    if (!first) throw new Error('no socket opened');
    act(() => first.open());
    const listCalls = () => api.requests.filter((call) => call.url.pathname.endsWith('/orders')).length;
    const before = listCalls();
    act(() => first.drop());
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2), { timeout: 3000 });
    const second = FakeWebSocket.instances[1];
    act(() => second?.open());
    expect(second?.sent[0]).toMatchObject({ event: 'subscribeToVendor', data: { vendor_id: 'v-1' } });
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
  });
});
