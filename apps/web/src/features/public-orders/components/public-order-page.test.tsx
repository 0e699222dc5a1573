import type { PublicReceipt, PublicTracking } from '@riderdesk/domain/contracts/public-tracking';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api.ts';
import { API, answer } from '../../../../test/handlers.ts';
import { type RenderOptions, renderWithProviders } from '../../../../test/render.tsx';
import { prefetchPublicOrder } from '../api/prefetch-public-order.ts';
import { stageSteps } from '../public-stages.ts';
import { PublicOrderPage } from './public-order-page.tsx';

const TOKEN = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdl';
const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function tracking(overrides: Partial<PublicTracking> = {}): PublicTracking {
  return {
    status: 'NEAR_CUSTOMER',
    stage: 'NEAR_CUSTOMER',
    is_cancelled: false,
    is_delayed: false,
    latest_arrival_at: null,
    rider: { first_name: 'Imran', latitude: 24.82, longitude: 67.04, heading: 90, updated_at: at(0) },
    pickup_eta_minutes: null,
    delivery_eta_minutes: 12,
    created_at: at(40),
    updated_at: at(0),
    preordered_for: null,
    picked_up_at: at(15),
    delivered_at: null,
    age_validation_required: false,
    timeline: [
      { stage: 'PREPARING', at: at(40) },
      { stage: 'COURIER_ACCEPTED', at: at(30) },
      { stage: 'COLLECTED', at: at(15) },
      { stage: 'NEAR_CUSTOMER', at: at(1) },
    ],
    outlet: { name: 'Saddar Kitchen', address: 'Saddar, Karachi', latitude: 24.85, longitude: 67.01 },
    destination: { area: 'Clifton', latitude: 24.81, longitude: 67.03 },
    recipient_phone: '+92******4567',
    ...overrides,
  };
}

const renderPage = (kind: 'tracking' | 'receipt' | 'c2c', token = TOKEN, options: RenderOptions = {}) =>
  renderWithProviders(<PublicOrderPage kind={kind} token={token} />, options);

describe('public tracking page', () => {
  it('opens on the order when its answer came with the page’s code, and does not ask for it again', async () => {
    let requests = 0;
    mockApi(
      http.get(`${API}/public/tracking/${TOKEN}`, () => {
        requests += 1;
        return answer(tracking());
      }),
    );
    const { queryClient } = await renderPage('tracking', TOKEN, {
      prepare: (client) => prefetchPublicOrder(client, 'tracking', TOKEN),
    });
    // The first render is the order itself: no loading state in between.
    expect(screen.getByRole('list', { name: 'Delivery stages' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading your order…' })).toBeNull();
    // A fetch the mounted page started would be in flight now: none is, and the one answer is the prefetched one.
    expect(queryClient.isFetching()).toBe(0);
    expect(requests).toBe(1);
  });

  it('does not ask for an answer a token that cannot exist would never get', async () => {
    let requests = 0;
    mockApi(
      http.get(`${API}/public/tracking/:token`, () => {
        requests += 1;
        return answer(tracking());
      }),
    );
    const { queryClient } = await renderPage('tracking', 'x', {
      prepare: (client) => prefetchPublicOrder(client, 'tracking', 'x'),
    });
    expect(queryClient.getQueryData(['public-tracking', 'x'])).toBeUndefined();
    expect(requests).toBe(0);
  });

  it('shows the stages as a stepper: reached ones done, the current one marked, later ones to come', async () => {
    mockApi(http.get(`${API}/public/tracking/${TOKEN}`, () => answer(tracking())));
    await renderPage('tracking');
    const stepper = await screen.findByRole('list', { name: 'Delivery stages' });
    const steps = within(stepper).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent?.replace(/\d\d:\d\d/, ''))).toEqual([
      'Preparing',
      'Rider accepted',
      'Rider near the shop',
      'Collected',
      'Rider nearby',
      'Delivered',
    ]);
    expect(steps.map((step) => step.getAttribute('data-state'))).toEqual([
      'done',
      'done',
      'done',
      'done',
      'current',
      'upcoming',
    ]);
    expect(steps[4]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('heading', { name: 'Your rider is almost there' })).toBeInTheDocument();
    expect(screen.getByText('Arriving in about 12 min')).toBeInTheDocument();
    expect(screen.getByText('Your rider: Imran')).toBeInTheDocument();
    expect(screen.getByText('Saddar Kitchen')).toBeInTheDocument();
  });

  it('says when a pre-order is scheduled instead of an arrival estimate until its time', async () => {
    const due = new Date(Date.now() + 20 * 3600_000);
    mockApi(
      http.get(`${API}/public/tracking/${TOKEN}`, () =>
        answer(
          tracking({
            status: 'NEW',
            stage: 'PREPARING',
            rider: null,
            pickup_eta_minutes: 12,
            delivery_eta_minutes: 24,
            preordered_for: due.toISOString(),
            picked_up_at: null,
            timeline: [{ stage: 'PREPARING', at: at(1) }],
          }),
        ),
      ),
    );
    await renderPage('tracking');
    expect(await screen.findByRole('heading', { name: 'Your order is scheduled' })).toBeInTheDocument();
    const time = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Asia/Karachi',
    }).format(due);
    expect(screen.getByText(new RegExp(`^Scheduled for delivery on .*${time}`))).toBeInTheDocument();
    expect(screen.queryByText(/Arriving in about/)).not.toBeInTheDocument();
  });

  it('says the rider is less than 5 minutes away when near', async () => {
    mockApi(http.get(`${API}/public/tracking/${TOKEN}`, () => answer(tracking({ delivery_eta_minutes: 3 }))));
    await renderPage('tracking');
    expect(await screen.findByText('less than 5 minutes away')).toBeInTheDocument();
  });

  it('tells the recipient to have an ID ready when the rider checks their age, until it is delivered', async () => {
    mockApi(http.get(`${API}/public/tracking/${TOKEN}`, () => answer(tracking({ age_validation_required: true }))));
    await renderPage('tracking');
    expect(
      await screen.findByText("Have your ID ready: the rider checks the recipient's age at delivery."),
    ).toBeInTheDocument();
  });

  it('says nothing of an age check the order does not ask for', async () => {
    mockApi(http.get(`${API}/public/tracking/${TOKEN}`, () => answer(tracking())));
    await renderPage('tracking');
    expect(await screen.findByRole('list', { name: 'Delivery stages' })).toBeInTheDocument();
    expect(screen.queryByText(/Have your ID ready/)).not.toBeInTheDocument();
  });

  it('shows the return journey when the order goes back to the shop', () => {
    const steps = stageSteps('RETURN_INITIATED', [{ stage: 'COLLECTED', at: at(5) }]);
    expect(steps.map((step) => step.stage)).toEqual([
      'PREPARING',
      'COURIER_ACCEPTED',
      'NEAR_VENDOR',
      'COLLECTED',
      'RETURN_INITIATED',
      'RETURNED',
    ]);
    expect(steps[4]?.state).toBe('current');
  });

  it('marks delivery as done and links the receipt', async () => {
    mockApi(
      http.get(`${API}/public/tracking/${TOKEN}`, () =>
        answer(tracking({ status: 'DELIVERED', stage: 'DELIVERED', delivered_at: at(0), rider: null })),
      ),
    );
    await renderPage('tracking');
    expect(await screen.findByRole('heading', { name: 'Delivered' })).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Delivery stages' })).getAllByRole('listitem');
    expect(steps.at(-1)).toHaveAttribute('data-state', 'done');
    expect(screen.getByRole('link', { name: 'View receipt' })).toHaveAttribute('href', `/delivery-receipt/${TOKEN}`);
  });

  it('shows a friendly not-found state for an unknown token', async () => {
    mockApi();
    await renderPage('tracking');
    expect(await screen.findByText("We couldn't find this order")).toBeInTheDocument();
  });

  it('does not ask the server about a token that cannot exist', async () => {
    const { requests } = mockApi();
    await renderPage('tracking', 'PK-1');
    expect(await screen.findByText("We couldn't find this order")).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});

describe('public delivery receipt', () => {
  it('lists the order, outlet, delivered time, amounts and payment method', async () => {
    const receipt: PublicReceipt = {
      order_id: 'v-1-ABC123',
      status: 'DELIVERED',
      outlet_name: 'Saddar Kitchen',
      currency: 'PKR',
      delivery_fee: 150,
      discount: 0,
      amount: 1200,
      total_amount: 1350,
      collect_amount: 1350,
      fee_paid_by: 'customer',
      payment_method: 'CASH_ON_DELIVERY',
      description: 'Biryani',
      destination_area: 'Clifton',
      rider_first_name: 'Imran',
      created_at: at(60),
      picked_up_at: at(30),
      delivered_at: at(5),
      is_cancelled: false,
      cancelled_at: null,
      has_delivery_proof: false,
    };
    mockApi(http.get(`${API}/public/delivery-receipt/${TOKEN}`, () => answer(receipt)));
    await renderPage('receipt');
    expect(await screen.findByText('v-1-ABC123')).toBeInTheDocument();
    expect(screen.getByText('Saddar Kitchen')).toBeInTheDocument();
    expect(screen.getByText('Cash on delivery')).toBeInTheDocument();
    expect(screen.getAllByText('PKR 1,350')).toHaveLength(2);
    // The fee line says who paid it, and the amount paid at the door is the one rule's (orderCharges).
    expect(screen.getByText('Delivery fee, paid by the customer')).toBeInTheDocument();
    expect(screen.getByText('Paid to the rider at the door')).toBeInTheDocument();
    // One 24-hour time in every language, as tracking writes it.
    expect(screen.queryByText(/AM|PM/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print receipt' })).toBeInTheDocument();
  });

  it('says a cancelled order was cancelled, and when, in English and Urdu, with nothing to collect', async () => {
    const receipt: PublicReceipt = {
      order_id: 'v-1-CNC123',
      status: 'CANCELLED',
      outlet_name: 'Saddar Kitchen',
      currency: 'PKR',
      delivery_fee: 150,
      discount: 0,
      amount: 1200,
      total_amount: 1350,
      collect_amount: 0,
      fee_paid_by: 'customer',
      payment_method: 'CASH_ON_DELIVERY',
      description: 'Biryani',
      destination_area: 'Clifton',
      rider_first_name: null,
      created_at: '2026-03-04T09:00:00.000Z',
      picked_up_at: null,
      delivered_at: null,
      is_cancelled: true,
      cancelled_at: '2026-03-04T09:20:00.000Z',
      has_delivery_proof: false,
    };
    mockApi(http.get(`${API}/public/delivery-receipt/${TOKEN}`, () => answer(receipt)));
    await renderPage('receipt');
    // Karachi is UTC+5: 09:20Z is 14:20 there.
    expect(await screen.findByText(/This order was cancelled on .*14:20/)).toBeInTheDocument();
    expect(screen.queryByText(/has not been delivered yet/)).not.toBeInTheDocument();
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByText('Paid to the rider at the door')).not.toBeInTheDocument();
  });

  it('says a cancelled order was cancelled in Urdu', async () => {
    const receipt = {
      order_id: 'v-1-CNC124',
      status: 'CANCELLED',
      outlet_name: 'Saddar Kitchen',
      currency: 'PKR',
      delivery_fee: 150,
      discount: 0,
      amount: 1200,
      total_amount: 1350,
      collect_amount: 0,
      fee_paid_by: 'customer',
      payment_method: 'CASH_ON_DELIVERY',
      description: 'Biryani',
      destination_area: 'Clifton',
      rider_first_name: null,
      created_at: '2026-03-04T09:00:00.000Z',
      picked_up_at: null,
      delivered_at: null,
      is_cancelled: true,
      cancelled_at: '2026-03-04T09:20:00.000Z',
      has_delivery_proof: false,
    } satisfies PublicReceipt;
    mockApi(http.get(`${API}/public/delivery-receipt/${TOKEN}`, () => answer(receipt)));
    await renderPage('receipt', TOKEN, { language: 'ur_alt' });
    expect(await screen.findByText(/یہ آرڈر .*منسوخ کر دیا گیا/)).toBeInTheDocument();
    expect(screen.queryByText(/ابھی نہیں پہنچا/)).not.toBeInTheDocument();
  });
});
