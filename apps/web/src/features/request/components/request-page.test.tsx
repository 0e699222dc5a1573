import type { AddressBookAnswer, AutocompleteAnswer, PlaceDetailsAnswer } from '@riderdesk/domain/contracts/geo';
import { type Order, OrderCreateBodySchema, OrderUpdateBodySchema } from '@riderdesk/domain/contracts/orders';
import {
  DeliveryAreaBodySchema,
  type DeliveryAreaResult,
  type DeliveryFee,
  DeliveryFeeBodySchema,
  type Estimations,
  EstimationsBodySchema,
} from '@riderdesk/domain/contracts/pricing';
import { VoucherValidateBodySchema } from '@riderdesk/domain/contracts/vouchers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api.ts';
import { makeVendor } from '../../../../test/fixtures.ts';
import { API, answer, apiError, bodyOf, countryParametersHandler } from '../../../../test/handlers.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { STORAGE_KEYS } from '../../../shared/storage.ts';
import { RequestPage, type RequestPageProps } from './request-page.tsx';

const VENDOR = makeVendor({ vendor_id: 'pk-khi-0042', name: 'Karachi Grill House — Clifton' });
const ZAMZAMA = {
  id: 'khi-zamzama',
  formatted_address: 'Zamzama Boulevard, DHA Phase 5, Karachi',
  latitude: 24.8133,
  longitude: 67.0353,
};

const fee = (amount: number, signature: string) =>
  answer({
    fee: amount,
    signature,
    expires_at: '2030-01-01T00:00:00Z',
    distance_km: 5,
    currency: 'PKR',
  } satisfies DeliveryFee);

/**
 * The calls of the request flow, answered from the contracts' shapes; bodies are checked with the
 * schemas the server checks them with. `overrides` come first; every request is recorded.
 */
function mockRequestApi(...overrides: HttpHandler[]) {
  return mockApi(
    ...overrides,
    countryParametersHandler({
      serviceHours: '0000:0000',
      onlinePaymentActivated: 'true',
      orderItemValueExceedLimit: '50000',
      paymentMethods: 'CASH_ON_DELIVERY|ONLINE_PAYMENT',
    }),
    http.get(`${API}/geolocator/autocomplete`, () =>
      HttpResponse.json({
        data: { data: [{ address: { id: ZAMZAMA.id, formatted_address: ZAMZAMA.formatted_address } }] },
      } satisfies AutocompleteAnswer),
    ),
    http.get(`${API}/addressbook/search-customers/pk-khi-0042`, () =>
      HttpResponse.json({ data: { body: [] } } satisfies AddressBookAnswer),
    ),
    http.get(`${API}/geolocator/details`, () =>
      HttpResponse.json({
        data: [
          {
            address: {
              ...ZAMZAMA,
              city: 'Karachi',
              street: 'Zamzama Boulevard',
              street_number: null,
              postal_code: '75500',
              country_code: 'PK',
            },
          },
        ],
      } satisfies PlaceDetailsAnswer),
    ),
    http.post(`${API}/delivery/area/validate`, async ({ request }) => {
      await bodyOf(request, DeliveryAreaBodySchema);
      return answer('DELIVERABLE' satisfies DeliveryAreaResult);
    }),
    http.post(`${API}/delivery/fee`, async ({ request }) => {
      await bodyOf(request, DeliveryFeeBodySchema);
      return fee(115, 'sig-115');
    }),
    http.post(`${API}/estimations`, async ({ request }) => {
      await bodyOf(request, EstimationsBodySchema);
      return answer({ pickup_minutes: 12, delivery_minutes: 25 } satisfies Estimations);
    }),
    http.post(`${API}/order`, async ({ request }) => {
      await bodyOf(request, OrderCreateBodySchema);
      return answer({ order_id: 'PK-1001' });
    }),
  );
}

async function renderPage(
  path = '/request-a-rider/pk-khi-0042',
  language = 'en',
  extra: Partial<RequestPageProps> = {},
) {
  return renderRoutes(
    [
      {
        path: '/request-a-rider/:vendorID',
        element: (
          <RequestPage
            vendor={VENDOR}
            trackingPath="/order-tracking/pk-khi-0042"
            orderIdToEdit={new URLSearchParams(path.split('?')[1] ?? '').get('orderID')}
            isAddressBookOn
            isPreOrderOn
            isVoucherOn
            isVatOn
            userEmail="demo@riderdesk.pk"
            {...extra}
          />
        ),
      },
      { path: '/order-tracking/:vendorID', element: <p>Tracking page</p> },
    ],
    path,
    { language },
  );
}

async function chooseZamzama() {
  const input = await screen.findByRole('textbox', { name: 'Drop-off address' });
  await waitFor(() => expect(input).toBeEnabled());
  await userEvent.type(input, 'Zamzama');
  await userEvent.click(await screen.findByRole('option', { name: /Zamzama Boulevard/ }, { timeout: 3000 }));
}

async function fillDetails(name = 'Ayesha Khan') {
  const details = await screen.findByRole('form', { name: 'Customer and item' }, { timeout: 3000 });
  const field = (label: string) => within(details).getByRole('textbox', { name: new RegExp(`^${label}`) });
  if (name) await userEvent.type(field('Customer name'), name);
  await userEvent.type(field('Customer phone'), '+923001234567');
  await userEvent.type(field('Unit / flat number'), 'Flat 4');
  await userEvent.type(field('Building'), 'Sea Breeze');
  await userEvent.type(field('Notes for the rider'), 'Ring twice');
  await userEvent.type(field('Item description'), 'Biryani x2');
  await userEvent.type(field('Order amount'), '1500');
  await userEvent.click(within(details).getByRole('button', { name: 'Continue to payment' }));
}

describe('request a rider (spec §4 flow)', () => {
  it('goes from address to a placed order and sends exactly the spec §3 body', async () => {
    const api = mockRequestApi();
    const { router } = await renderPage();
    await chooseZamzama();

    // Fee and ETA of the validated destination.
    const quote = await screen.findByRole('status', { name: 'Delivery quote' });
    expect(quote).toHaveTextContent('115');
    // Each figure says what it measures: the rider at the branch, the delivery as a time of day, the trip.
    expect(quote).toHaveTextContent('Rider at your branch in 12 min');
    expect(quote).toHaveTextContent(/Delivered by about \d{2}:\d{2}/);
    expect(quote).toHaveTextContent(/Trip \d+(\.\d)? km/);
    expect(quote).not.toHaveTextContent('Delivery in');
    expect(api.sent('/api/v1/delivery/area/validate')[0]?.body).toEqual({
      location: { lat: ZAMZAMA.latitude, lng: ZAMZAMA.longitude },
      vendor_location: { latitude: 24.86, longitude: 67.05 },
      vendor_id: 'pk-khi-0042',
    });
    expect(api.sent('/api/v1/delivery/fee')[0]?.body).toEqual({
      source: { lat: 24.86, lon: 67.05 },
      destination: { lat: ZAMZAMA.latitude, lon: ZAMZAMA.longitude },
      vendor_id: 'pk-khi-0042',
      delivery_type: 'food',
    });

    await fillDetails();
    const payment = await screen.findByRole('form', { name: 'Payment and delivery time' });
    expect(within(payment).getByRole('radio', { name: /Cash on delivery/ })).toBeChecked();
    // Online payment is activated, but only methods that complete today are offered.
    const methods = within(payment).getByRole('radiogroup', { name: 'Payment method' });
    expect(within(methods).getAllByRole('radio')).toHaveLength(1);
    await userEvent.click(within(payment).getByRole('button', { name: 'Request rider' }));

    await screen.findByText('Tracking page');
    expect(router.state.location.pathname).toBe('/order-tracking/pk-khi-0042');
    expect(router.state.location.search).toBe('?order_id=PK-1001');
    // The spec's key, in words that say what happened.
    expect(await screen.findByText('Rider requested. We are finding one for your order.')).toBeInTheDocument();

    const [order] = api.sent('/api/v1/order');
    expect(order?.body).toEqual({
      vendor_id: 'pk-khi-0042',
      customer: {
        location: {
          latitude: ZAMZAMA.latitude,
          longitude: ZAMZAMA.longitude,
          address: `Flat 4, Sea Breeze, ${ZAMZAMA.formatted_address}`,
          notes: 'Ring twice',
        },
        phone_number: '+923001234567',
        name: 'Ayesha Khan',
      },
      order: { payment_method: 'CASH_ON_DELIVERY', amount: 1500, description: 'Biryani x2', cold_bag_needed: false },
      vat_number: null,
      preordered_for: null,
      age_validation_required: false,
      login_pickup_estimation: 15,
      delivery_fee: 115,
      signature: 'sig-115',
    });
    expect(order?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  }, 60_000);

  it('asks before leaving drops a half-typed request, and keeps it when the merchant stays', async () => {
    mockRequestApi();
    const { router } = await renderPage();
    await chooseZamzama();
    const details = await screen.findByRole('form', { name: 'Customer and item' }, { timeout: 3000 });
    const name = within(details).getByRole('textbox', { name: /^Customer name/ });
    await userEvent.type(name, 'Ayesha Khan');

    // Another branch (or tab) would restart the flow: the merchant is asked first.
    await act(() => router.navigate('/order-tracking/pk-khi-0042'));
    const ask = await screen.findByRole('dialog', { name: 'Leave this request?' });
    expect(router.state.location.pathname).toBe('/request-a-rider/pk-khi-0042');
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave this request?' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/request-a-rider/pk-khi-0042');
    expect(within(details).getByRole('textbox', { name: /^Customer name/ })).toHaveValue('Ayesha Khan');

    await act(() => router.navigate('/order-tracking/pk-khi-0042'));
    const again = await screen.findByRole('dialog', { name: 'Leave this request?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Discard and leave' }));
    expect(await screen.findByText('Tracking page')).toBeInTheDocument();
  }, 60_000);

  it('leaves without asking when nothing has been typed', async () => {
    mockRequestApi();
    const { router } = await renderPage();
    await screen.findByRole('textbox', { name: 'Drop-off address' });
    await act(() => router.navigate('/order-tracking/pk-khi-0042'));
    expect(await screen.findByText('Tracking page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Leave this request?' })).not.toBeInTheDocument();
  });

  it('shows the undeliverable key at the address and keeps the next steps locked', async () => {
    const api = mockRequestApi(
      http.post(`${API}/delivery/area/validate`, () => answer('UNDELIVERABLE' satisfies DeliveryAreaResult)),
    );
    // A branch that delivers within 3 km, and two other branches of the merchant: one near Zamzama.
    const nearby = makeVendor({
      vendor_id: 'pk-khi-0043',
      name: 'Karachi Grill House — DHA',
      delivery_area: { type: 'radius', radius_km: 8 },
    });
    nearby.vendor_information.location = {
      ...nearby.vendor_information.location,
      latitude: 24.796,
      longitude: 67.0645,
    };
    const far = makeVendor({
      vendor_id: 'pk-khi-0044',
      name: 'Far Branch',
      delivery_area: { type: 'radius', radius_km: 1 },
    });
    await renderPage('/request-a-rider/pk-khi-0042', 'en', {
      vendor: { ...VENDOR, delivery_area: { type: 'radius', radius_km: 3 } },
      otherBranches: [nearby, far],
    });
    await chooseZamzama();
    const input = screen.getByRole('textbox', { name: 'Drop-off address' });
    await waitFor(() => expect(input).toHaveAccessibleDescription("We don't deliver to this area yet."));
    // The reason in the merchant's terms, and the branch that can deliver there.
    const help = screen.getByTestId('out-of-area');
    // spec §8: the request map draws no delivery areas, so the warning says it in words.
    expect(within(help).getByRole('status')).toHaveTextContent('We cannot deliver that order there.');
    expect(help).toHaveTextContent(
      /This address is 5\.\d km from Karachi Grill House — Clifton, which delivers within 3 km\./,
    );
    expect(within(help).getByRole('link', { name: 'Request from Karachi Grill House — DHA' })).toHaveAttribute(
      'href',
      '/request-a-rider/pk-khi-0043',
    );
    expect(within(help).queryByRole('link', { name: /Far Branch/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Customer and item' })).not.toBeInTheDocument();
    expect(api.sent('/api/v1/delivery/fee')).toHaveLength(0);
  }, 15_000);

  it('takes only digits for the amount, grouped as typed, and says the high value in the one money form', async () => {
    mockRequestApi();
    await renderPage();
    await chooseZamzama();
    const details = await screen.findByRole('form', { name: 'Customer and item' }, { timeout: 3000 });
    const amount = within(details).getByRole('textbox', { name: /^Order amount/ });
    await userEvent.type(amount, '1e5x');
    expect(amount).toHaveValue('15');
    await userEvent.clear(amount);
    await userEvent.type(amount, '150000');
    expect(amount).toHaveValue('150,000');
    const field = (label: string) => within(details).getByRole('textbox', { name: new RegExp(`^${label}`) });
    await userEvent.type(field('Customer name'), 'Ayesha Khan');
    await userEvent.type(field('Customer phone'), '+923001234567');
    await userEvent.click(within(details).getByRole('button', { name: 'Continue to payment' }));
    const warning = await screen.findByRole('dialog', { name: 'Confirm a high item value' });
    expect(warning).toHaveTextContent('The amount PKR 150,000 is above PKR 50,000.');
  }, 60_000);

  it('schedules for later from the first open slot, with a time that can be typed', async () => {
    const api = mockRequestApi();
    await renderPage();
    await chooseZamzama();
    await fillDetails();
    const payment = await screen.findByRole('form', { name: 'Payment and delivery time' });
    await userEvent.click(within(payment).getByText('Schedule for later'));
    // Always open here: the first quarter hour at least 30 minutes ahead, never midnight.
    const slot = new Date(Math.ceil((Date.now() + 30 * 60_000) / 900_000) * 900_000);
    const clock = (date: Date) =>
      new Intl.DateTimeFormat('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: 'Asia/Karachi',
      })
        .format(date)
        .split(':');
    const [slotHours, slotMinutes] = clock(slot);
    const hours = within(payment).getByRole('spinbutton', { name: 'Hours' });
    const minutes = within(payment).getByRole('spinbutton', { name: 'Minutes' });
    expect(hours).toHaveValue(slotHours);
    expect(minutes).toHaveValue(slotMinutes);
    // Two digits fit in any page's font: the fields are wider than two '0's and set in the Latin interface font.
    for (const field of [hours, minutes]) {
      expect(field.style.width).toBe('calc(2ch + 1em)');
      expect(field.style.fontFamily).toMatch(/^system-ui/);
    }

    // Typing 1430 gives 14:30, tomorrow (inside the 2-day window whatever the time now).
    await userEvent.click(within(payment).getByRole('combobox', { name: 'Day' }));
    await userEvent.click(await screen.findByRole('option', { name: /^Tomorrow/ }));
    await userEvent.click(hours);
    await userEvent.keyboard('1430');
    expect(hours).toHaveValue('14');
    expect(minutes).toHaveValue('30');
    await userEvent.click(within(payment).getByRole('button', { name: 'Request rider' }));
    await waitFor(() => expect(api.sent('/api/v1/order')).toHaveLength(1));
    const due = (api.sent('/api/v1/order')[0]?.body as { preordered_for: number } | undefined)?.preordered_for ?? 0;
    expect(clock(new Date(due * 1000))).toEqual(['14', '30']);
    const dayOf = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi' }).format(date);
    expect(dayOf(new Date(due * 1000))).toBe(dayOf(new Date(Date.now() + 24 * 3600_000)));
  }, 60_000);

  it('keeps minutes typed 3 then 0 on another day', async () => {
    const api = mockRequestApi();
    await renderPage();
    await chooseZamzama();
    await fillDetails();
    const payment = await screen.findByRole('form', { name: 'Payment and delivery time' });
    await userEvent.click(within(payment).getByText('Schedule for later'));
    await userEvent.click(within(payment).getByRole('combobox', { name: 'Day' }));
    await userEvent.click(await screen.findByRole('option', { name: /^Tomorrow/ }));
    const hours = within(payment).getByRole('spinbutton', { name: 'Hours' });
    const minutes = within(payment).getByRole('spinbutton', { name: 'Minutes' });
    await userEvent.click(hours);
    await userEvent.keyboard('14');
    await userEvent.click(minutes);
    await userEvent.keyboard('3');
    await userEvent.keyboard('0');
    expect(minutes).toHaveValue('30');
    await userEvent.click(within(payment).getByRole('button', { name: 'Request rider' }));
    await waitFor(() => expect(api.sent('/api/v1/order')).toHaveLength(1));
    const due = (api.sent('/api/v1/order')[0]?.body as { preordered_for: number } | undefined)?.preordered_for ?? 0;
    const clock = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Asia/Karachi',
    });
    expect(clock.format(new Date(due * 1000))).toBe('14:30');
  }, 60_000);

  it('shows a spec §5 failure at its field', async () => {
    mockRequestApi();
    await renderPage();
    await chooseZamzama();
    await fillDetails('Ayesha 2');
    const name = screen.getByRole('textbox', { name: /^Customer name/ });
    expect(name).toHaveAccessibleDescription("The customer's name cannot contain numbers.");
    expect(screen.queryByRole('form', { name: 'Payment and delivery time' })).not.toBeInTheDocument();
  }, 60_000);

  it('recomputes an expired fee after a second and sends the order again with the new signature', async () => {
    let orderCalls = 0;
    let feeCalls = 0;
    const api = mockRequestApi(
      http.post(`${API}/order`, () => {
        orderCalls += 1;
        return orderCalls === 1 ? apiError(409, 'SignatureExpired') : answer({ order_id: 'PK-1002' });
      }),
      http.post(`${API}/delivery/fee`, () => {
        feeCalls += 1;
        return fee(115, `sig-${feeCalls}`);
      }),
    );
    await renderPage();
    await chooseZamzama();
    await fillDetails();
    await userEvent.click(await screen.findByRole('button', { name: 'Request rider' }));
    await screen.findByText('Tracking page', {}, { timeout: 5000 });

    const orders = api.sent('/api/v1/order');
    expect(orders.map((call) => (call.body as { signature: string }).signature)).toEqual(['sig-1', 'sig-2']);
    // A different body is a different submission, with its own key.
    expect(orders[0]?.headers.get('Idempotency-Key')).not.toBe(orders[1]?.headers.get('Idempotency-Key'));
  }, 60_000);

  it('asks the user to confirm when the recomputed fee has changed', async () => {
    let orderCalls = 0;
    let feeCalls = 0;
    const api = mockRequestApi(
      http.post(`${API}/order`, () => {
        orderCalls += 1;
        return orderCalls === 1 ? apiError(409, 'SignatureExpired') : answer({ order_id: 'PK-1003' });
      }),
      http.post(`${API}/delivery/fee`, () => {
        feeCalls += 1;
        const amount = feeCalls === 1 ? 115 : 135;
        return fee(amount, `sig-${amount}`);
      }),
    );
    await renderPage();
    await chooseZamzama();
    await fillDetails();
    await userEvent.click(await screen.findByRole('button', { name: 'Request rider' }));
    const dialog = await screen.findByRole('dialog', { name: 'The delivery fee has changed' }, { timeout: 5000 });
    expect(dialog).toHaveTextContent('135');
    expect(api.sent('/api/v1/order')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm and place the order' }));
    await screen.findByText('Tracking page', {}, { timeout: 5000 });
    const last = api.sent('/api/v1/order').at(-1)?.body as { delivery_fee: number; signature: string };
    expect(last).toMatchObject({ delivery_fee: 135, signature: 'sig-135' });
  }, 60_000);

  describe('a voucher when the fee quote expires (spec §4)', () => {
    /** 100 with the voucher WELCOME50 taking 50 off; the voucher check answers `onRecomputed` on the new quote. */
    function voucherApi(onRecomputed: 'applies' | 'refused') {
      let orderCalls = 0;
      let feeCalls = 0;
      return mockRequestApi(
        http.post(`${API}/delivery/fee`, () => {
          feeCalls += 1;
          return fee(100, `sig-${feeCalls}`);
        }),
        http.post(`${API}/voucher/validate`, async ({ request }) => {
          const body = await bodyOf(request, VoucherValidateBodySchema);
          if (body.order.signature !== 'sig-1' && onRecomputed === 'refused') {
            return apiError(400, 'VoucherInvalid', 'voucher', [
              { message: 'x', meta: { translation_key: 'voucher.error.validation.message' } },
            ]);
          }
          return answer({
            voucher: { code: 'WELCOME50', amount: 50, type: 'amount' },
            delivery_fee: 50,
            signature: `discounted-${body.order.signature}`,
          });
        }),
        http.post(`${API}/order`, () => {
          orderCalls += 1;
          return orderCalls === 1 ? apiError(409, 'SignatureExpired') : answer({ order_id: 'PK-1004' });
        }),
      );
    }

    async function sendWithVoucher() {
      await renderPage();
      await chooseZamzama();
      await fillDetails();
      const payment = await screen.findByRole('form', { name: 'Payment and delivery time' });
      await userEvent.type(within(payment).getByRole('textbox', { name: /^Voucher code/ }), 'WELCOME50');
      await userEvent.click(within(payment).getByRole('button', { name: 'Apply' }));
      await screen.findByText(/Voucher WELCOME50 applied/);
      await userEvent.click(within(payment).getByRole('button', { name: 'Request rider' }));
    }

    it('keeps the voucher, validated again on the new quote, and places the order at 50 without asking', async () => {
      const api = voucherApi('applies');
      await sendWithVoucher();
      await screen.findByText('Tracking page', {}, { timeout: 5000 });
      const last = api.sent('/api/v1/order').at(-1)?.body as Record<string, unknown>;
      expect(last).toMatchObject({
        delivery_fee: 100,
        signature: 'sig-2',
        voucher: { code: 'WELCOME50' },
        discounted_delivery_fee: 50,
        discounted_delivery_fee_signature: 'discounted-sig-2',
      });
    }, 60_000);

    it('asks before placing the order at 100 when the voucher no longer applies', async () => {
      const api = voucherApi('refused');
      await sendWithVoucher();
      const dialog = await screen.findByRole('dialog', { name: 'The delivery fee has changed' }, { timeout: 5000 });
      expect(dialog).toHaveTextContent(/The new delivery fee is PKR\s100 \(it was PKR\s50\)/);
      expect(api.sent('/api/v1/order')).toHaveLength(1);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm and place the order' }));
      await screen.findByText('Tracking page', {}, { timeout: 5000 });
      const last = api.sent('/api/v1/order').at(-1)?.body as Record<string, unknown>;
      expect(last).toMatchObject({ delivery_fee: 100, signature: 'sig-2' });
      expect(last.voucher).toBeUndefined();
    }, 60_000);
  });

  it('shows the server key when the order is refused', async () => {
    mockRequestApi(
      http.post(`${API}/order`, () =>
        apiError(422, 'VALIDATION', 'validation', [
          { message: 'x', meta: { translation_key: 'validation.phone-incorrect' } },
        ]),
      ),
    );
    await renderPage();
    await chooseZamzama();
    await fillDetails();
    await userEvent.click(await screen.findByRole('button', { name: 'Request rider' }));
    expect(
      await screen.findByText('Could not create that order: This phone number is not valid.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  }, 60_000);

  it('stops with the service hours when the service is closed', async () => {
    // A one-hour window starting two hours from now in Karachi is closed now.
    const now = new Date();
    const karachiMinutes = (now.getUTCHours() * 60 + now.getUTCMinutes() + 5 * 60) % 1440;
    const hhmm = (minutes: number) => {
      const m = (minutes + 1440) % 1440;
      return `${String(Math.floor(m / 60)).padStart(2, '0')}${String(m % 60).padStart(2, '0')}`;
    };
    const hours = `${hhmm(karachiMinutes + 120)}:${hhmm(karachiMinutes + 180)}`;
    mockRequestApi(countryParametersHandler({ serviceHours: hours }));
    // Without pre-orders nothing can be requested until the service opens, and the steps say so.
    await renderPage('/request-a-rider/pk-khi-0042', 'en', { isPreOrderOn: false });
    expect(await screen.findByText(/^Service hours: \d\d:\d\d to \d\d:\d\d\. It's \d\d:\d\d$/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Drop-off address' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Deliveries are closed right now, and none can be scheduled in the next 2 days.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Set the collection point first.')).not.toBeInTheDocument();
  });

  it('takes an order scheduled for the next open slot while the service is closed', async () => {
    // A one-hour window starting two hours from now in Karachi: closed now, open later today or tomorrow.
    const now = new Date();
    const karachiMinutes = (now.getUTCHours() * 60 + now.getUTCMinutes() + 5 * 60) % 1440;
    const hhmm = (minutes: number) => {
      const m = (minutes + 1440) % 1440;
      return `${String(Math.floor(m / 60)).padStart(2, '0')}${String(m % 60).padStart(2, '0')}`;
    };
    const opensAt = karachiMinutes + 120;
    const api = mockRequestApi(countryParametersHandler({ serviceHours: `${hhmm(opensAt)}:${hhmm(opensAt + 60)}` }));
    await renderPage();
    expect(
      await screen.findByText('You can still schedule a delivery for when the service opens, up to 2 days ahead.'),
    ).toBeInTheDocument();
    await chooseZamzama();
    await fillDetails();
    const payment = await screen.findByRole('form', { name: 'Payment and delivery time' });
    expect(within(payment).queryByRole('radio', { name: 'As soon as possible' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(payment).getByRole('radio', { name: 'Schedule for later' })).toBeChecked());
    await userEvent.click(within(payment).getByRole('button', { name: 'Request rider' }));
    await waitFor(() => expect(api.sent('/api/v1/order')).toHaveLength(1));
    const [sent] = api.sent('/api/v1/order');
    const due = (sent?.body as { preordered_for: number | null } | undefined)?.preordered_for ?? null;
    // The first quarter hour inside the window.
    const dueMinutes = due === null ? -1 : Math.floor((((due / 60 + 5 * 60) % 1440) + 1440) % 1440);
    expect((dueMinutes - (opensAt % 1440) + 1440) % 1440).toBeLessThan(60);
  }, 60_000);
});

describe('a request not sent yet', () => {
  const drafts = () =>
    Object.keys(window.localStorage).filter((key) => key.startsWith(STORAGE_KEYS.requestDraftPrefix));

  it('comes back with its drop-off and details when the page opens again, and goes once the order is sent', async () => {
    const api = mockRequestApi();
    const first = await renderPage();
    await chooseZamzama();
    const typed = await screen.findByRole('form', { name: 'Customer and item' }, { timeout: 3000 });
    await userEvent.type(within(typed).getByRole('textbox', { name: /^Customer name/ }), 'Ayesha Khan');
    // The session ends, the tab is reloaded or the merchant logs out elsewhere: the page goes.
    first.unmount();
    expect(drafts()).toHaveLength(1);

    await renderPage();
    expect(await screen.findByText(/Your request that was not sent is back/)).toBeInTheDocument();
    const details = await screen.findByRole('form', { name: 'Customer and item' }, { timeout: 3000 });
    expect(within(details).getByRole('textbox', { name: /^Customer name/ })).toHaveValue('Ayesha Khan');
    expect(screen.getByRole('textbox', { name: 'Drop-off address' })).toHaveValue(ZAMZAMA.formatted_address);
    // Its fee is quoted afresh, not taken from the draft.
    expect(api.sent('/api/v1/delivery/fee')).toHaveLength(2);

    await fillDetails('');
    await userEvent.click(await screen.findByRole('button', { name: 'Request rider' }));
    await screen.findByText('Tracking page', {}, { timeout: 5000 });
    const [order] = api.sent('/api/v1/order');
    expect(order?.body).toMatchObject({ customer: { name: 'Ayesha Khan' } });
    expect(drafts()).toEqual([]);
  }, 60_000);

  it('keeps one draft per user and branch', async () => {
    mockRequestApi();
    const first = await renderPage();
    await chooseZamzama();
    first.unmount();
    const other = await renderPage('/request-a-rider/pk-khi-0042', 'en', { userEmail: 'other@riderdesk.pk' });
    const dropOff = await screen.findByRole('textbox', { name: 'Drop-off address' });
    await waitFor(() => expect(dropOff).toBeEnabled());
    expect(dropOff).toHaveValue('');
    expect(screen.queryByText(/Your request that was not sent is back/)).not.toBeInTheDocument();
    other.unmount();
    expect(drafts()).toHaveLength(1);
  }, 30_000);
});

describe('a saved customer (spec §5 address book)', () => {
  it('fills the phone in the one display form', async () => {
    mockRequestApi(
      http.get(`${API}/addressbook/search-customers/pk-khi-0042`, () =>
        HttpResponse.json({
          data: {
            body: [
              {
                id: 'c-1',
                name: 'Ayesha Khan',
                phone_number: '+923001234567',
                latitude: ZAMZAMA.latitude,
                longitude: ZAMZAMA.longitude,
                address: ZAMZAMA.formatted_address,
                notes: null,
              },
            ],
          },
        } satisfies AddressBookAnswer),
      ),
    );
    await renderPage();
    const input = await screen.findByRole('textbox', { name: 'Drop-off address' });
    await waitFor(() => expect(input).toBeEnabled());
    await userEvent.type(input, 'Ayesha');
    await userEvent.click(await screen.findByRole('option', { name: /Ayesha Khan/ }, { timeout: 3000 }));
    const details = await screen.findByRole('form', { name: 'Customer and item' }, { timeout: 3000 });
    const phone = within(details).getByRole('textbox', { name: /^Customer phone/ });
    await waitFor(() => expect(phone).toHaveValue('0300 1234567'));
  }, 30_000);
});

describe('a guest checkout (spec §1, §4)', () => {
  it("starts the drop-off empty after the pickup was searched, so the drop-off search is the customer's own", async () => {
    const guestVendor = makeVendor({ vendor_id: 'pk-khi-0042', name: 'guest' });
    guestVendor.vendor_information.location = {
      ...guestVendor.vendor_information.location,
      latitude: null,
      longitude: null,
      address_text: '',
    };
    mockRequestApi();
    await renderPage('/request-a-rider/pk-khi-0042', 'en', { vendor: guestVendor, guest: { onOrderPlaced: () => {} } });
    const pickup = await screen.findByRole('textbox', { name: 'Pickup address' });
    await userEvent.type(pickup, 'Tariq Road');
    await userEvent.click(await screen.findByRole('option', { name: /Zamzama Boulevard/ }, { timeout: 3000 }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your name' }), 'Sana Malik');
    await userEvent.type(screen.getByRole('textbox', { name: /^Your phone number/ }), '+923001234567');
    await userEvent.type(screen.getByRole('textbox', { name: 'Your e-mail' }), 'sana@example.pk');
    await userEvent.click(screen.getByRole('button', { name: 'Use this pickup' }));
    const dropOff = await screen.findByRole('textbox', { name: 'Drop-off address' });
    await waitFor(() => expect(dropOff).toBeEnabled());
    expect(dropOff).toHaveValue('');
  }, 30_000);
});

describe('editing an order (spec §4)', () => {
  const order: Order = {
    order_id: 'PK-0900',
    vendor_id: 'pk-khi-0042',
    created_at: '2026-11-21T08:00:00Z',
    updated_at: '2026-11-21T08:00:00Z',
    status: 'RECEIVED',
    status_history: [{ status: 'RECEIVED', created_at: '2026-11-21T08:00:00Z' }],
    preordered_for: null,
    delivery_fee: 115,
    customer: {
      name: 'Bilal Ahmed',
      phone_number: '+923001234599',
      location: {
        address: ZAMZAMA.formatted_address,
        latitude: ZAMZAMA.latitude,
        longitude: ZAMZAMA.longitude,
        notes: null,
      },
    },
    order: { amount: 900, description: 'Chai x4', payment_method: 'CASH_ON_DELIVERY' },
    rider: null,
    outlet_name: VENDOR.name,
    pickup: {
      name: VENDOR.name,
      phone_number: null,
      location: { address: null, latitude: 24.86, longitude: 67.0, notes: null },
    },
    age_validation_required: false,
    discount: 0,
    total_amount: 1015,
    collect_amount: 1015,
    collect_at_pickup_amount: 0,
    fee_paid_by: 'customer',
    notes: null,
    cancel_reason: null,
    cancel_note: null,
    pickup_eta_minutes: null,
    delivery_eta_minutes: null,
    latest_arrival_at: null,
    collection_type: 'instant',
    voucher_code: null,
    vat_number: null,
    tracking_token: null,
  };

  it('pre-fills the order, sends PUT /order/{orderId} and reports Order Updated!', async () => {
    const api = mockRequestApi(
      http.get(`${API}/order`, () => answer(order)),
      http.put(`${API}/order/PK-0900`, async ({ request }) => {
        await bodyOf(request, OrderUpdateBodySchema);
        return answer({ ...order, order: { ...order.order, amount: 950 } });
      }),
    );
    const { router } = await renderPage('/request-a-rider/pk-khi-0042?orderID=PK-0900');
    expect(await screen.findByRole('heading', { name: 'Edit order PK-0900' })).toBeInTheDocument();
    const details = await screen.findByRole('form', { name: 'Customer and item' }, { timeout: 5000 });
    expect(within(details).getByRole('textbox', { name: /^Customer name/ })).toHaveValue('Bilal Ahmed');
    const amount = within(details).getByRole('textbox', { name: /^Order amount/ });
    await userEvent.clear(amount);
    await userEvent.type(amount, '950');
    await userEvent.click(within(details).getByRole('button', { name: 'Continue to payment' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Update order' }));

    await screen.findByText('Tracking page');
    expect(router.state.location.search).toBe('?order_id=PK-0900');
    expect(await screen.findByText('Order Updated!')).toBeInTheDocument();
    expect(api.sent('/api/v1/order')).toHaveLength(0);
    const [put] = api.requests.filter((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      vendor_id: 'pk-khi-0042',
      customer: { name: 'Bilal Ahmed', phone_number: '+923001234599' },
      payment_method: 'CASH_ON_DELIVERY',
      amount: 950,
      item_details: 'Chai x4',
      location: {
        address: ZAMZAMA.formatted_address,
        notes: '',
        latitude: ZAMZAMA.latitude,
        longitude: ZAMZAMA.longitude,
      },
      delivery_fee: 115,
      signature: 'sig-115',
    });
  }, 60_000);

  it('saves a new name and phone, and keeps the saved address whole without gluing the building again', async () => {
    const saved = {
      ...order,
      customer: {
        ...order.customer,
        location: { ...order.customer.location, address: `Flat 4, Sea Breeze, ${ZAMZAMA.formatted_address}` },
      },
    };
    const api = mockRequestApi(
      http.get(`${API}/order`, () => answer(saved)),
      http.put(`${API}/order/PK-0900`, async ({ request }) => {
        await bodyOf(request, OrderUpdateBodySchema);
        return answer(saved);
      }),
    );
    await renderPage('/request-a-rider/pk-khi-0042?orderID=PK-0900');
    const details = await screen.findByRole('form', { name: 'Customer and item' }, { timeout: 5000 });
    const field = (label: string) => within(details).getByRole('textbox', { name: new RegExp(`^${label}`) });
    await waitFor(() => expect(field('Customer name')).toHaveValue('Bilal Ahmed'));
    await userEvent.clear(field('Customer name'));
    await userEvent.type(field('Customer name'), 'Sana Mirza');
    await userEvent.clear(field('Customer phone'));
    await userEvent.type(field('Customer phone'), '03217654321');
    // The saved address already holds the unit and building: they are read-only, and say why.
    expect(field('Building')).toHaveAttribute('readonly');
    expect(field('Building')).toHaveAccessibleDescription(
      'Part of the saved address. Choose the drop-off address again to change it.',
    );
    await userEvent.click(within(details).getByRole('button', { name: 'Continue to payment' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Update order' }));
    await screen.findByText('Tracking page');
    const [put] = api.requests.filter((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({
      customer: { name: 'Sana Mirza', phone_number: '+923217654321' },
      location: { address: `Flat 4, Sea Breeze, ${ZAMZAMA.formatted_address}` },
    });
  }, 60_000);

  it('opens a scheduled order on its time, says when it is due, and sends the time it is moved to', async () => {
    // Tomorrow at 14:30 in Karachi, whatever the hour now.
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi' }).format(Date.now() + 24 * 3600_000);
    const due = Math.floor(new Date(`${tomorrow}T14:30:00+05:00`).getTime() / 1000);
    const scheduled: Order = { ...order, status: 'NEW', preordered_for: due, collection_type: 'scheduled' };
    const api = mockRequestApi(
      http.get(`${API}/order`, () => answer(scheduled)),
      http.put(`${API}/order/PK-0900`, async ({ request }) => {
        await bodyOf(request, OrderUpdateBodySchema);
        return answer(scheduled);
      }),
    );
    await renderPage('/request-a-rider/pk-khi-0042?orderID=PK-0900');
    const quote = await screen.findByRole('status', { name: 'Delivery quote' }, { timeout: 5000 });
    await waitFor(() => expect(quote).toHaveTextContent(/Scheduled for .*14:30/));
    expect(quote).not.toHaveTextContent('Delivered by about');
    const details = await screen.findByRole('form', { name: 'Customer and item' });
    await userEvent.click(within(details).getByRole('button', { name: 'Continue to payment' }));
    const payment = await screen.findByRole('form', { name: 'Payment and delivery time' });
    expect(within(payment).getByRole('radio', { name: 'Schedule for later' })).toBeChecked();
    const hours = within(payment).getByRole('spinbutton', { name: 'Hours' });
    expect(hours).toHaveValue('14');
    expect(within(payment).getByRole('spinbutton', { name: 'Minutes' })).toHaveValue('30');
    await userEvent.click(hours);
    await userEvent.keyboard('16');
    await userEvent.click(within(payment).getByRole('button', { name: 'Update order' }));
    await screen.findByText('Tracking page');
    const [put] = api.requests.filter((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({ preordered_for: due + 2 * 3600 });
  }, 60_000);

  it('offers a card order whose payment failed again: filled in, the reason said, the card step open', async () => {
    const failed: Order = {
      ...order,
      order_id: 'PK-0901',
      status: 'PAYMENT_FAILED',
      order: { ...order.order, payment_method: 'ONLINE_PAYMENT' },
    };
    const api = mockRequestApi(http.get(`${API}/order`, () => answer(failed)));
    await renderPage('/request-a-rider/pk-khi-0042', 'en', {
      vendor: { ...VENDOR, flags: { payment_methods: { CASH_ON_DELIVERY: true, ONLINE_PAYMENT: true } } },
      failedPayment: { orderId: 'PK-0901', errorKey: 'error.payment.authentication-failed' },
    });
    const alert = await screen.findByRole('alert', { name: 'The card payment did not go through' });
    expect(alert).toHaveTextContent('The card could not be verified (3-D Secure). The order was not placed.');
    expect(screen.queryByRole('heading', { name: /Edit order/ })).not.toBeInTheDocument();
    const payment = await screen.findByRole('form', { name: 'Payment and delivery time' }, { timeout: 5000 });
    expect(within(payment).getByRole('radio', { name: /Pay by card/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Drop-off address' })).toHaveValue(ZAMZAMA.formatted_address);
    // Nothing was updated: the order is placed anew when the merchant pays.
    expect(api.requests.filter((call) => call.method === 'PUT')).toHaveLength(0);
  }, 60_000);
});
