import type { ApiClient } from '@riderdesk/domain/contracts/merchant-api';
import type { ApiAuditCall } from '@riderdesk/domain/contracts/merchant-api-audit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api.ts';
import { API, apiError } from '../../../../test/handlers.ts';
import { renderDevelopers } from './test-harness.tsx';

const TILL = 'c-till';
const ERP = 'c-erp';

const client = (client_id: string, name: string): ApiClient => ({
  client_id,
  vendor_id: 'p-1',
  name,
  scope: 'all',
  outlet_ids: [],
  environment: 'san',
  has_secret: true,
  previous_secret_expires_at: null,
  keys: [],
  created_at: '2026-12-01T08:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
});

const call = (id: string, overrides: Partial<ApiAuditCall> = {}): ApiAuditCall => ({
  id,
  at: '2026-12-03T07:00:00.000Z',
  client_id: TILL,
  client_name: 'Till',
  method: 'POST',
  route: '/merchant/api/v1/orders',
  status: 201,
  latency_ms: 85,
  ...overrides,
});

describe('Developers → Activity', () => {
  it("lists the clients' calls newest first, narrows to one client and reads the next page by its cursor", async () => {
    const api = mockApi(
      http.get(`${API}/merchant-api/clients`, () =>
        HttpResponse.json({ clients: [client(TILL, 'Till'), client(ERP, 'ERP')] }),
      ),
      http.get(`${API}/merchant-api/audit`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        if (query.get('client_id') === ERP) {
          return HttpResponse.json({
            calls: [
              call('3', {
                client_id: ERP,
                client_name: 'ERP',
                method: 'GET',
                route: '/merchant/api/v1/orders/:order_id',
                status: 404,
              }),
            ],
            next_cursor: null,
          });
        }
        if (query.get('cursor') === '1700000000000.2') {
          return HttpResponse.json({
            calls: [call('1', { status: 429, route: '/merchant/api/v1/orders/fee' })],
            next_cursor: null,
          });
        }
        return HttpResponse.json({ calls: [call('2')], next_cursor: '1700000000000.2' });
      }),
    );
    await renderDevelopers('activity');
    const table = await screen.findByRole('table', { name: 'API calls' });
    expect(within(table).getByText('POST /merchant/api/v1/orders')).toBeVisible();
    expect(within(table).getByText('201')).toBeVisible();
    expect(within(table).getByText('85 ms')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(table).findByText('429')).toBeVisible();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    await userEvent.click(screen.getByRole('combobox', { name: 'Client' }));
    await userEvent.click(await screen.findByRole('option', { name: 'ERP' }));
    const narrowed = await screen.findByRole('table', { name: 'API calls' });
    expect(await within(narrowed).findByText('GET /merchant/api/v1/orders/:order_id')).toBeVisible();
    await waitFor(() => expect(within(narrowed).getAllByRole('row')).toHaveLength(2));
    const audits = api.requests.filter((request) => request.url.pathname === `${API}/merchant-api/audit`);
    expect(audits.map((request) => request.url.search)).toEqual(['', '?cursor=1700000000000.2', `?client_id=${ERP}`]);
  });

  it('says when there is nothing yet, and explains a failed list in Urdu', async () => {
    let fails = false;
    mockApi(
      http.get(`${API}/merchant-api/clients`, () => HttpResponse.json({ clients: [] })),
      http.get(`${API}/merchant-api/audit`, () =>
        fails ? apiError(403, 'Forbidden', 'Forbidden') : HttpResponse.json({ calls: [], next_cursor: null }),
      ),
    );
    await renderDevelopers('activity');
    expect(await screen.findByText('No API calls yet')).toBeVisible();
    fails = true;
    await renderDevelopers('activity', 'ur_alt');
    expect(await screen.findByText('API کالز لوڈ نہیں ہو سکیں۔')).toBeVisible();
  });
});
