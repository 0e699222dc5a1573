import {
  type WebhookDelivery,
  type WebhookEndpoint,
  WebhookEndpointCreateBodySchema,
  WebhookEndpointUpdateBodySchema,
} from '@riderdesk/domain/contracts/webhooks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api.ts';
import { API, apiError, bodyOf } from '../../../../test/handlers.ts';
import { renderDevelopers } from './test-harness.tsx';

const ENDPOINT_ID = '3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d';
const URL_TYPED = 'https://pos.karachikitchens.pk/riderdesk/webhooks/incoming-events';
const ENDPOINTS = `${API}/webhooks/endpoints`;

function makeEndpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: ENDPOINT_ID,
    vendor_id: 'p-1',
    url: URL_TYPED,
    events: ['order.status_changed'],
    consecutive_failures: 0,
    disabled_at: null,
    created_at: '2026-12-02T08:00:00.000Z',
    ...overrides,
  };
}

function makeDelivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 'd-1',
    event_id: 'e-1',
    event_type: 'ping',
    order_id: null,
    state: 'delivered',
    attempts: 1,
    response_code: 200,
    latency_ms: 42,
    error: null,
    created_at: '2026-12-03T08:00:00.000Z',
    next_attempt_at: '2026-12-03T08:00:00.000Z',
    finished_at: '2026-12-03T08:00:00.100Z',
    ...overrides,
  };
}

const deliveriesTable = () => screen.findByRole('table', { name: 'Recent deliveries' });
/** The delivery rows' cells: event, time, state, response, latency, attempts, action. */
const firstDeliveryCells = async () =>
  within((await deliveriesTable()).querySelector('tbody tr') as HTMLElement).getAllByRole('cell');

describe('Developers → Webhooks', () => {
  it('adds an endpoint, shows its secret once, sends a test event and redelivers it', async () => {
    let endpoints: WebhookEndpoint[] = [];
    let deliveries: WebhookDelivery[] = [];
    const api = mockApi(
      http.get(ENDPOINTS, () => HttpResponse.json({ endpoints })),
      http.post(ENDPOINTS, async ({ request }) => {
        const body = await bodyOf(request, WebhookEndpointCreateBodySchema);
        const endpoint = makeEndpoint({ url: body.url, events: body.events });
        endpoints = [endpoint];
        return HttpResponse.json({ endpoint, secret: 'whsec_shown_once_0123456789' }, { status: 201 });
      }),
      http.get(`${ENDPOINTS}/${ENDPOINT_ID}/deliveries`, () => HttpResponse.json({ deliveries })),
      http.post(`${ENDPOINTS}/${ENDPOINT_ID}/test`, () => {
        deliveries = [makeDelivery()];
        return HttpResponse.json(deliveries[0], { status: 202 });
      }),
      http.post(`${ENDPOINTS}/${ENDPOINT_ID}/deliveries/d-1/redeliver`, () => {
        deliveries = [makeDelivery({ attempts: 2 })];
        return HttpResponse.json(deliveries[0], { status: 202 });
      }),
    );
    await renderDevelopers('webhooks');
    expect(await screen.findByText('No webhook endpoints yet')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    // The form's own refusals, before anything is sent.
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Status changes/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText("Enter the endpoint's URL")).toBeVisible();
    expect(within(dialog).getByText('Choose at least one event')).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Endpoint URL/ }), 'pos.example.pk');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Enter a full http:// or https:// address')).toBeVisible();
    expect(api.sent(ENDPOINTS)).toHaveLength(0);

    const url = within(dialog).getByRole('textbox', { name: /Endpoint URL/ });
    await userEvent.clear(url);
    await userEvent.type(url, URL_TYPED);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Status changes/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Rider location/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    const created = await screen.findByRole('dialog', { name: 'Endpoint added' });
    expect(within(created).getByText('whsec_shown_once_0123456789')).toBeVisible();
    expect(within(created).getByRole('button', { name: 'Copy Signing secret' })).toBeVisible();
    expect(api.sent(ENDPOINTS).map((call) => call.body)).toEqual([
      { vendor_id: 'p-1', url: URL_TYPED, events: ['order.status_changed', 'order.location'], lang: 'en' },
    ]);
    await userEvent.click(within(created).getByRole('button', { name: 'Done' }));

    const card = await screen.findByRole('listitem');
    expect(within(card).getByRole('heading', { name: URL_TYPED })).toBeVisible();
    expect(within(card).getByText('Rider location (every 15 s)')).toBeVisible();
    expect(await within(card).findByText('No deliveries yet. Send a test event to try your endpoint.')).toBeVisible();
    expect(screen.queryByText('whsec_shown_once_0123456789')).toBeNull();

    await userEvent.click(within(card).getByRole('button', { name: 'Send test event' }));
    expect(await within(card).findByRole('status')).toHaveTextContent('Test event sent.');
    const row = await waitFor(async () => {
      const found = within(await deliveriesTable()).getAllByRole('row')[1];
      expect(found).toBeDefined();
      return found as HTMLElement;
    });
    expect(within(row).getByText('ping')).toBeVisible();
    expect(within(row).getByText('200')).toBeVisible();
    expect(within(row).getByText('42 ms')).toBeVisible();
    expect(within(row).getByText('Delivered')).toBeVisible();

    await userEvent.click(within(row).getByRole('button', { name: 'Redeliver' }));
    await waitFor(async () => expect((await firstDeliveryCells())[5]).toHaveTextContent('2'));
    expect(api.sent(`${ENDPOINTS}/${ENDPOINT_ID}/deliveries/d-1/redeliver`)).toHaveLength(1);
  });

  it("shows the server's refusal of the URL at the URL, in Urdu", async () => {
    mockApi(
      http.get(ENDPOINTS, () => HttpResponse.json({ endpoints: [] })),
      http.post(ENDPOINTS, () =>
        apiError(422, 'UnprocessableEntity', 'webhooks.error.url-not-public', [
          {
            field: 'url',
            message: 'webhooks.error.url-not-public',
            meta: { translation_key: 'webhooks.error.url-not-public' },
          },
        ]),
      ),
    );
    const { i18n } = await renderDevelopers('webhooks', 'ur_alt');
    await userEvent.click(await screen.findByRole('button', { name: 'اینڈ پوائنٹ شامل کریں' }));
    const dialog = await screen.findByRole('dialog', { name: 'اینڈ پوائنٹ شامل کریں' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /اینڈ پوائنٹ URL/ }), 'https://10.0.0.7/hooks');
    await userEvent.click(within(dialog).getByRole('button', { name: 'اینڈ پوائنٹ شامل کریں' }));
    const text = i18n.t('webhooks.error.url-not-public');
    expect(text).not.toBe('webhooks.error.url-not-public');
    expect(await within(dialog).findByText(text)).toBeVisible();
  });

  it('turns a disabled endpoint back on, edits only what changed, rotates its secret and deletes it after confirming', async () => {
    let endpoint = makeEndpoint({ disabled_at: '2026-12-03T06:00:00.000Z', consecutive_failures: 50 });
    let endpoints = [endpoint];
    const api = mockApi(
      http.get(ENDPOINTS, () => HttpResponse.json({ endpoints })),
      http.get(`${ENDPOINTS}/${ENDPOINT_ID}/deliveries`, () =>
        HttpResponse.json({
          deliveries: [
            makeDelivery({
              event_type: 'order.status_changed',
              order_id: 'o-1',
              state: 'failed',
              attempts: 9,
              response_code: null,
              latency_ms: null,
              error: 'ECONNREFUSED',
            }),
          ],
        }),
      ),
      http.post(`${ENDPOINTS}/${ENDPOINT_ID}/enable`, () => {
        endpoint = { ...endpoint, disabled_at: null, consecutive_failures: 0 };
        endpoints = [endpoint];
        return HttpResponse.json(endpoint);
      }),
      http.patch(`${ENDPOINTS}/${ENDPOINT_ID}`, async ({ request }) => {
        const body = await bodyOf(request, WebhookEndpointUpdateBodySchema);
        endpoint = { ...endpoint, events: body.events ?? endpoint.events };
        endpoints = [endpoint];
        return HttpResponse.json(endpoint);
      }),
      http.post(`${ENDPOINTS}/${ENDPOINT_ID}/secret`, () =>
        HttpResponse.json({ endpoint, secret: 'whsec_rotated_987' }),
      ),
      http.delete(`${ENDPOINTS}/${ENDPOINT_ID}`, () => {
        endpoints = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await renderDevelopers('webhooks');
    const card = await screen.findByRole('listitem');
    expect(within(card).getByText('Deliveries are paused')).toBeVisible();
    expect(within(card).getByText(/after 50 failed deliveries in a row/)).toBeVisible();
    expect(await within(await deliveriesTable()).findByText('ECONNREFUSED')).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: 'Turn back on' }));
    expect(await within(card).findByText('Active')).toBeVisible();
    expect(within(card).queryByText('Deliveries are paused')).toBeNull();

    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit' });
    expect(within(edit).getByRole('textbox', { name: /Endpoint URL/ })).toHaveValue(URL_TYPED);
    await userEvent.click(within(edit).getByRole('checkbox', { name: /Order cancelled/ }));
    await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit' })).toBeNull());
    expect(api.sent(`${ENDPOINTS}/${ENDPOINT_ID}`).map((call) => call.body)).toEqual([
      { events: ['order.status_changed', 'order.cancelled'] },
    ]);
    expect(await within(card).findByText('Order cancelled')).toBeVisible();

    await userEvent.click(within(card).getByRole('button', { name: 'Rotate secret' }));
    const rotate = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    await userEvent.click(within(rotate).getByRole('button', { name: 'Rotate secret' }));
    expect(await within(card).findByText('whsec_rotated_987')).toBeVisible();

    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    const remove = await screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    await userEvent.click(within(remove).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No webhook endpoints yet')).toBeVisible();
  });

  it("shows a send-test refusal in the page's language", async () => {
    mockApi(
      http.get(ENDPOINTS, () => HttpResponse.json({ endpoints: [makeEndpoint()] })),
      http.get(`${ENDPOINTS}/${ENDPOINT_ID}/deliveries`, () => HttpResponse.json({ deliveries: [] })),
      http.post(`${ENDPOINTS}/${ENDPOINT_ID}/test`, () =>
        apiError(500, 'InternalServerError', 'Internal Server Error'),
      ),
    );
    await renderDevelopers('webhooks', 'ur_alt');
    const card = await screen.findByRole('listitem');
    await userEvent.click(within(card).getByRole('button', { name: 'ٹیسٹ ایونٹ بھیجیں' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'ٹیسٹ ایونٹ نہیں بھیجا جا سکا۔ براہِ کرم دوبارہ کوشش کریں۔',
    );
  });
});
